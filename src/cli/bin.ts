#!/usr/bin/env node
/** The `tokenql` executable. */
import module from 'node:module';

// Node ≥ 22.1 keeps compiled code between runs (a faster start); older Node has no such switch.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { main } = await import('./main.js');

// A reader that stops early (`tokenql query … | head`) closes the pipe: stop quietly, as psql or
// jq do, instead of dying on an unhandled EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
}

main(process.argv).catch((err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
