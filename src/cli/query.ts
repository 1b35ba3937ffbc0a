import { createIndexProgress } from './progress.js';
import { readFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import { CliError } from './cli-error.js';
import { errorJSON, formatError, formatRows, formatWarnings } from './format-result.js';
import { addCommonOptions, openDatabase, type CommonOptions } from './preload.js';
import { inPlace, splitStatements } from './split-statements.js';
import { utf8Text } from '../load/utf8-text.js';

/** Options of `tokenql query`. */
interface QueryOptions extends CommonOptions {
  execute?: string;
  file?: string;
  format: 'json' | 'jsonl' | 'table';
}

/** The `tokenql query` command. */
export function queryCommand(): Command {
  const cmd = new Command('query')
    .description('run statements (separated by ;) from -e or a file and print their results')
    .option('-e, --execute <STATEMENTS>', 'statements to run')
    .option('-f, --file <FILE>', 'file of statements to run (- for stdin)')
    .addOption(new Option('--format <FORMAT>', 'output format').choices(['json', 'jsonl', 'table']).default('json'))
    .action(async (opts: QueryOptions) => {
      await runQuery(opts);
    });
  addCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Formats:
  json   (default) each statement's rows as a pretty JSON array
  table  each statement's rows as a table (JSON when the rows are not flat objects)
  jsonl  one line per statement: {"results":[...]} or {"errors":[{"code":N,"msg":"..."}]};
         the exit code is 0 even when a statement fails
In json and table formats a failed statement is reported on stderr and the exit code is 1.

Examples:
  $ tokenql query -e "SELECT 1+1 AS two" --format jsonl
  $ tokenql query --demo -e "SELECT name FROM demo WHERE type = 'hotel' LIMIT 3" --format table
  $ tokenql query -f queries.n1ql --load travel=../shared/datasets/travel-sample.jsonl --key travel=%type%_%id%`,
  );
  return cmd;
}

/** Reads the script, opens the database, runs each statement and prints it in the chosen format. */
export async function runQuery(opts: QueryOptions): Promise<void> {
  if ((opts.execute === undefined) === (opts.file === undefined)) {
    throw new CliError('give exactly one of -e STATEMENTS or -f FILE');
  }
  let script: string;
  if (opts.execute !== undefined) script = opts.execute;
  else {
    const file = opts.file!;
    try {
      // Bytes that are not UTF-8 are an error naming their line, not statements with U+FFFD in them.
      script = utf8Text(file === '-' ? await readStdin() : await readFile(file));
    } catch (err) {
      throw new CliError(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const { statements, last } = splitStatements(script);
  if (last) statements.push(last);
  if (statements.length === 0) throw new CliError('no statement to run');

  const { db } = await openDatabase(opts);
  const color = Boolean(process.stderr.isTTY);
  let failed = false;
  try {
    for (const s of statements) {
      try {
        const progress = createIndexProgress();
        // In place: an error's line and column are the script's, not the statement's.
        const result = await db.query(statements.length > 1 ? inPlace(s) : s.text, { onProgress: progress.onProgress }).finally(() => progress.stop());
        if (opts.format === 'jsonl') {
          process.stdout.write(JSON.stringify({ results: result.results }) + '\n');
        } else {
          process.stdout.write(formatRows(result.results, opts.format === 'table' ? 'table' : 'json') + '\n');
        }
        for (const w of formatWarnings(result)) process.stderr.write(w + '\n');
      } catch (err) {
        if (opts.format === 'jsonl') {
          process.stdout.write(JSON.stringify({ errors: [errorJSON(err)] }) + '\n');
        } else {
          failed = true;
          const where = statements.length > 1 ? `statement at line ${s.line}: ` : '';
          process.stderr.write(where + formatError(err, color) + '\n');
        }
      }
    }
  } finally {
    await db.close();
  }
  if (failed) process.exitCode = 1;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
