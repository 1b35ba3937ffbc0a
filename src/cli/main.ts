import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { CliError } from './cli-error.js';

/** The package version, read from package.json (found from src/cli, dist/src/cli and the bundle in dist/cli). */
export function packageVersion(): string {
  for (const rel of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'tokenql' && pkg.version) return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
}

/**
 * The commands, each loaded when it is named: `tokenql query` does not load the server
 * (fastify, jose) nor the fuzzer (fast-check), which is a good part of the start-up time.
 */
const COMMANDS: Record<string, (version: string) => Promise<Command>> = {
  shell: async (v) => (await import('./shell-command.js')).shellCommand(v),
  query: async () => (await import('./query-command.js')).queryCommand(),
  load: async () => (await import('./load.js')).loadCommand(),
  fuzz: async () => (await import('./fuzz.js')).fuzzCommand(),
  serve: async () => (await import('./serve.js')).serveCommand(),
};

/**
 * Builds the `tokenql` program with its commands; with `argv`, only the command it names
 * (all of them for `--help`, `help` or an unknown command).
 */
export async function buildProgram(argv?: string[]): Promise<Command> {
  const version = packageVersion();
  const program = new Command('tokenql')
    .description('tokenql — a N1QL-compatible query engine for JSON documents, built around the token functions')
    .version(version, '-V, --version', 'print the version')
    .showHelpAfterError('(run with --help for usage)');
  const named = argv?.slice(2).find((a) => !a.startsWith('-'));
  const wanted = named !== undefined && named in COMMANDS ? [named] : Object.keys(COMMANDS);
  for (const name of wanted) program.addCommand(await COMMANDS[name]!(version));
  program.addHelpText(
    'after',
    `
Every command takes --data DIR; serve, shell, query and load also take --store postgres://… (the
PostgreSQL store) and shell, query and load --load KEYSPACE=FILE,
--key KEYSPACE=TEMPLATE and --demo, or --engine URL -u USER -p PASSWORD for a running server.

Exit codes: 0 success; 1 a statement failed (not in --format jsonl), a file could not be read
or an option is wrong; 130 interrupted (Ctrl-C) in tokenql load.

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
  try {
    const program = await buildProgram(argv);
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
      const { formatError } = await import('./format-result.js');
      process.stderr.write(formatError(err, Boolean(process.stderr.isTTY)) + '\n');
      if (process.env.TOKENQL_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
      process.exitCode = 1;
    }
  }
}
