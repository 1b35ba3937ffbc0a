/** The entry of the CLI bundle `dist/cli/tokenql.cjs` (scripts/build-cli.mjs), loaded by `dist/cli/bin.js`. */
import { start } from './start.js';

start(process.argv);
