#!/usr/bin/env node
/** The `tokenql` executable. */
import { main } from './main.js';

main(process.argv).catch((err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
