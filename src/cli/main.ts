import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { CliError } from './cli-error.js';
import { formatError } from './format-result.js';
import { fuzzCommand } from './fuzz.js';
import { loadCommand } from './load.js';
import { queryCommand } from './query.js';
import { shellCommand } from './shell.js';
import { serveCommand } from './serve.js';

/** The package version, read from package.json (found from both src/cli and dist/src/cli). */
export function packageVersion(): string {
  for (const rel of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'tokenql' && pkg.version) return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
}

/** Builds the `tokenql` program with its commands. */
export function buildProgram(): Command {
  const version = packageVersion();
  const program = new Command('tokenql')
    .description('tokenql — a N1QL-compatible query engine for JSON documents, built around the token functions')
    .version(version, '-V, --version', 'print the version')
    .showHelpAfterError('(run with --help for usage)')
    .addCommand(shellCommand(version))
    .addCommand(queryCommand())
    .addCommand(loadCommand())
    .addCommand(fuzzCommand())
    .addCommand(serveCommand());
  program.addHelpText(
    'after',
    `
Every command takes --data DIR; shell, query and load also take --load KEYSPACE=FILE,
--key KEYSPACE=TEMPLATE and --demo.

Examples:
  $ tokenql shell --demo
  $ tokenql query -e "SELECT TOKENS('Hello, naïve world') AS t" --format jsonl
  $ tokenql query --load product=../shared/datasets/product.jsonl --key product=%productId%_arrayIndex \\
      -e "SELECT META().id FROM product WHERE CONTAINS_TOKEN(name, 'Briefcase') LIMIT 3"
  $ tokenql load beer ../shared/datasets/beer-sample.zip`,
  );
  for (const cmd of [program, ...program.commands]) cmd.exitOverride();
  return program;
}

/**
 * Runs the CLI with `argv` (as `process.argv`: node, script, args…). Sets `process.exitCode`:
 * 0 on success, 1 when a statement failed (not in jsonl), when a file cannot be read or on bad
 * flags; prints `error: …` on stderr for errors outside statements.
 */
export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version "errors" exit 0; commander already printed the message.
      process.exitCode = err.exitCode;
    } else if (err instanceof CliError) {
      process.stderr.write(`error: ${err.message}\n`);
      process.exitCode = err.exitCode;
    } else {
      // E.g. a QueryError from Database.open({ path }) while the file store is not available.
      process.stderr.write(formatError(err, Boolean(process.stderr.isTTY)) + '\n');
      if (process.env.TOKENQL_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
      process.exitCode = 1;
    }
  }
}
