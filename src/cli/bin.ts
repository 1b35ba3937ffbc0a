#!/usr/bin/env node
/** The `tokenql` executable, unbundled (`node --import tsx src/cli/bin.ts`, `dist/src/cli/bin.js`). */
import module from 'node:module';

// Node ≥ 22.1 keeps compiled code between runs (a faster start); older Node has no such switch.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { start } = await import('./start.js');
start(process.argv);
