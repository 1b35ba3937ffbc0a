import { main } from './main.js';

/**
 * Runs the `tokenql` command on `argv` (as `process.argv`), as the executables do: a reader that
 * stops early (`tokenql query … | head`) closes the pipe, and the command stops quietly, as psql
 * or jq do, instead of dying on an unhandled EPIPE with a stack trace.
 */
export function start(argv: string[]): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  main(argv).catch((err: unknown) => {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
