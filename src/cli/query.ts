import { readFile } from 'node:fs/promises';
import type { QueryResult, Value } from '../index.js';
import { utf8Text } from '../load/utf8-text.js';
import type { RunOptions } from './backend.js';
import { CliError } from './cli-error.js';
import { connect } from './connect.js';
import { isCancelled } from './embedded-backend.js';
import { errorJSON, formatError, formatRows, formatWarnings, statementSummary, type RowFormat } from './format-result.js';
import { parseDuration, type CommonOptions, type ServerOptions } from './options.js';
import { createIndexProgress } from './progress.js';
import { deadlineSignal } from './deadline-signal.js';
import { inPlace, splitStatements } from './split-statements.js';

/** Options of `tokenql query`. */
export interface QueryCommandOptions extends CommonOptions, ServerOptions {
  execute?: string;
  file?: string;
  format: RowFormat;
  /** `NAME=JSON` pairs. */
  param: string[];
  /** A JSON array. */
  args?: string;
  metrics?: boolean;
}

/** `--param NAME=JSON` and `--args JSON` as query parameters. @throws CliError for malformed ones */
export function parseParams(param: readonly string[], args: string | undefined): Pick<RunOptions, 'named' | 'positional'> {
  const named: Record<string, Value> = {};
  for (const p of param) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new CliError(`--param expects NAME=JSON, got ${JSON.stringify(p)}`);
    const name = p.slice(0, eq).replace(/^\$/, '');
    try {
      named[name] = JSON.parse(p.slice(eq + 1)) as Value;
    } catch {
      throw new CliError(`--param ${name}: not JSON: ${p.slice(eq + 1)} (a string is written with its quotes: --param ${name}='"text"')`);
    }
  }
  let positional: Value[] | undefined;
  if (args !== undefined) {
    let v: unknown;
    try {
      v = JSON.parse(args);
    } catch {
      throw new CliError(`--args: not JSON: ${args}`);
    }
    if (!Array.isArray(v)) throw new CliError('--args expects a JSON array, e.g. --args \'[1, "a"]\'');
    positional = v as Value[];
  }
  return { named, ...(positional ? { positional } : {}) };
}

/** Comment lines starting with `#` (cbq's) become blank, so that line numbers stay right. */
export function blankHashComments(script: string): string {
  return script.replace(/^[ \t]*#.*$/gm, '');
}

/** Reads the script, connects, runs each statement and prints it in the chosen format. */
export async function runQuery(opts: QueryCommandOptions): Promise<void> {
  if ((opts.execute === undefined) === (opts.file === undefined)) {
    throw new CliError('give exactly one of -e STATEMENTS or -f FILE');
  }
  const params = parseParams(opts.param ?? [], opts.args);
  const timeoutMs = opts.timeout !== undefined ? parseDuration(opts.timeout) : undefined;
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
  const { statements, last } = splitStatements(blankHashComments(script));
  if (last) statements.push(last);
  if (statements.length === 0) throw new CliError('no statement to run');

  const { backend } = await connect(opts);
  const color = Boolean(process.stderr.isTTY) && !process.env.NO_COLOR;
  const several = statements.length > 1;
  const collected: Value[] = [];
  let failed = false;
  // Ctrl-C cancels the running statement and stops the script (exit 130).
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.on('SIGINT', onSigint);
  try {
    for (const s of statements) {
      if (controller.signal.aborted) break;
      try {
        const progress = createIndexProgress();
        const deadline = deadlineSignal(controller.signal, timeoutMs);
        const signal = deadline.signal;
        // In place: an error's line and column are the script's, not the statement's.
        const result: QueryResult = await backend
          .run(several ? inPlace(s) : s.text, { ...params, signal, onProgress: progress.onProgress, ...(timeoutMs !== undefined ? { timeoutMs } : {}) })
          .finally(() => (deadline.clear(), progress.stop()));
        if (opts.format === 'jsonl') {
          const line = opts.metrics ? { results: result.results, warnings: result.warnings, metrics: result.metrics } : { results: result.results };
          process.stdout.write(JSON.stringify(line) + '\n');
        } else if (opts.format === 'json') {
          if (several) collected.push({ statement: s.text, results: result.results, ...(result.warnings.length ? { warnings: result.warnings } : {}) });
          else process.stdout.write(formatRows(result.results, 'json') + '\n');
        } else {
          const summary = opts.format === 'csv' ? undefined : statementSummary(s.text, result);
          process.stdout.write((summary ?? formatRows(result.results, opts.format)) + '\n');
        }
        if (opts.format !== 'jsonl' || !opts.metrics) for (const w of formatWarnings(result)) process.stderr.write(w + '\n');
      } catch (err) {
        if (controller.signal.aborted && isCancelled(err)) {
          process.stderr.write('statement cancelled\n');
          process.exitCode = 130;
          break;
        }
        if (opts.format === 'jsonl') {
          process.stdout.write(JSON.stringify({ errors: [errorJSON(err)] }) + '\n');
        } else {
          failed = true;
          if (opts.format === 'json' && several) collected.push({ statement: s.text, errors: [errorJSON(err)] });
          const where = several ? `statement at line ${s.line}: ` : '';
          process.stderr.write(where + formatError(err, color) + '\n');
        }
      }
    }
    if (opts.format === 'json' && several) process.stdout.write(JSON.stringify(collected, null, 2) + '\n');
  } finally {
    process.off('SIGINT', onSigint);
    await backend.close();
  }
  if (failed && !process.exitCode) process.exitCode = 1;
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
