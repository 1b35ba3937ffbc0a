import { createIndexProgress } from './progress.js';
import { createInterface, type Interface } from 'node:readline';
import { Command } from 'commander';
import { DEMO_KEYSPACE } from '../demo/index.js';
import { createCompleter } from './completion.js';
import { formatError, formatRows, formatSummary, formatWarnings } from './format-result.js';
import { historyPath, HISTORY_SIZE, loadHistory, saveHistory } from './history.js';
import { addCommonOptions, openDatabase, type CommonOptions } from './preload.js';
import { runShellCommand, type ShellState } from './shell-commands.js';
import { inPlace, isBlank, splitStatements, type ScriptStatement } from './split-statements.js';

const PROMPT = 'tokenql> ';
const CONTINUATION = '     -> ';

/** The `tokenql shell` command. */
export function shellCommand(version: string): Command {
  const cmd = new Command('shell')
    .description('interactive N1QL shell (REPL); with piped input, runs the statements in order')
    .action(async (opts: CommonOptions) => {
      await runShell(opts, version);
    });
  addCommonOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Statements end with ; (they may span lines). Type \\help in the shell for its commands.
History is kept in ~/.tokenql_history (set TOKENQL_HISTORY to change it).

Examples:
  $ tokenql shell --demo
  $ tokenql shell --load product=../shared/datasets/product.jsonl --key product=%productId%_arrayIndex
  $ echo "SELECT COUNT(*) AS n FROM demo;" | tokenql shell --demo`,
  );
  return cmd;
}

/**
 * Runs the shell on stdin/stdout. On a terminal: prompts, history, completion, Ctrl-C clears the
 * statement, Ctrl-D or `\quit` leaves. Piped: runs every statement in order and sets exit code 1
 * when one failed. An unterminated last statement runs at end of input.
 */
export async function runShell(opts: CommonOptions, version: string): Promise<void> {
  const tty = Boolean(process.stdin.isTTY);
  const { db, demoCount } = await openDatabase(opts);
  const state: ShellState = {
    db,
    format: 'table',
    timing: false,
    failed: false,
    color: Boolean(process.stderr.isTTY),
    out: process.stdout,
    err: process.stderr,
  };
  const loaded = demoCount === undefined ? '' : ` — ${DEMO_KEYSPACE} keyspace loaded (${demoCount} documents)`;
  const banner = `tokenql ${version}${loaded}. Type \\help for help, statements end with ;\n`;
  (tty ? process.stdout : process.stderr).write(banner);

  const history = tty ? historyPath() : undefined;
  const rl: Interface = createInterface({
    input: process.stdin,
    output: tty ? process.stdout : undefined,
    terminal: tty,
    prompt: PROMPT,
    ...(tty ? { completer: createCompleter(() => db.keyspaces()), history: loadHistory(history!), historySize: HISTORY_SIZE } : {}),
  });
  if (history) rl.on('history', (h: string[]) => saveHistory(history, h));
  let buffer = '';
  rl.on('SIGINT', () => {
    buffer = '';
    process.stdout.write('^C\n');
    rl.setPrompt(PROMPT);
    rl.prompt();
  });
  if (tty) rl.prompt();
  // Piped input is a script: where the buffer starts in it (line, column), so that errors point
  // at the input's lines (statements run in place, see `inPlace`). Typed statements keep their own.
  let inputLine = 0;
  let at = { line: 1, column: 1 };
  const text = (s: ScriptStatement): string => (tty ? s.text : inPlace({ ...s, line: at.line + s.line - 1, column: s.line === 1 ? at.column + s.column - 1 : s.column }));
  try {
    for await (const line of rl) {
      inputLine++;
      if (buffer === '' && line.trimStart().startsWith('\\')) {
        if ((await runShellCommand(line, state)) === 'quit') break;
      } else {
        if (buffer === '') at = { line: inputLine, column: 1 };
        buffer = buffer === '' ? line : `${buffer}\n${line}`;
        const { statements, rest } = splitStatements(buffer);
        if (statements.length > 0) {
          for (const s of statements) await runStatement(text(s), state);
          // The rest starts right after the last `;`.
          const done = buffer.slice(0, buffer.length - rest.length).split('\n');
          const tail = done[done.length - 1]!.length;
          at = done.length === 1 ? { line: at.line, column: at.column + tail } : { line: at.line + done.length - 1, column: tail + 1 };
          buffer = rest;
        } else if (isBlank(buffer)) {
          buffer = '';
        }
      }
      if (tty) {
        rl.setPrompt(buffer === '' ? PROMPT : CONTINUATION);
        rl.prompt();
      }
    }
    const last = splitStatements(buffer).last;
    if (last) await runStatement(text(last), state);
  } finally {
    rl.close();
    if (tty) process.stdout.write('\n');
    await db.close();
  }
  if (!tty && state.failed) process.exitCode = 1;
}

/** Runs one statement and prints its rows (or its error), warnings and, with `\timing`, the summary. */
export async function runStatement(text: string, state: ShellState): Promise<void> {
  try {
    const progress = createIndexProgress();
    const result = await state.db.query(text, { onProgress: progress.onProgress }).finally(() => progress.stop());
    const tty = Boolean((state.out as NodeJS.WriteStream).isTTY);
    state.out.write(formatRows(result.results, state.format, tty ? { maxColumnWidth: 60 } : {}) + '\n');
    for (const w of formatWarnings(result)) state.err.write(w + '\n');
    if (state.timing) state.out.write(formatSummary(result) + '\n');
  } catch (err) {
    state.failed = true;
    state.err.write(formatError(err, state.color) + '\n');
  }
}
