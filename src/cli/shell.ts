import { readFileSync } from 'node:fs';
import { createInterface, type Interface } from 'node:readline';
import { DEMO_KEYSPACE } from '../index.js';
import { CliError } from './cli-error.js';
import { createCompleter } from './completion.js';
import { connect } from './connect.js';
import type { RowFormat } from './format-result.js';
import { historyPath, HISTORY_SIZE, loadHistory, saveHistory } from './history.js';
import type { CommonOptions, ServerOptions } from './options.js';
import { loadFile } from './preload.js';
import { runStatement } from './run-statement.js';
import { runShellCommand } from './shell-commands.js';
import { historyLine, ShellInput } from './shell-input.js';
import { newShellState, type ShellState } from './shell-state.js';

export { runStatement } from './run-statement.js';

const PROMPT = 'tokenql> ';
const CONTINUATION = '     -> ';

/** Options of `tokenql shell`. */
export interface ShellOptions extends CommonOptions, ServerOptions {
  /** cbq's `-s`: run these statements and commands, then leave. */
  script?: string;
  /** cbq's `-f`: run this file, then leave. */
  file?: string;
  quiet?: boolean;
  format?: RowFormat;
  /** false with `--no-pager`. */
  pager?: boolean;
}

/**
 * Runs the shell on stdin/stdout. On a terminal: prompts, history by statement, completion,
 * Ctrl-C cancels the running statement (or clears the one being typed), Ctrl-D or `\quit`
 * leaves. Piped (or with `--script`/`--file`): runs every statement in order and sets exit code 1
 * when one failed. An unterminated last statement runs at end of input.
 */
export async function runShell(opts: ShellOptions, version: string): Promise<void> {
  const scripted = opts.script !== undefined || opts.file !== undefined;
  const tty = Boolean(process.stdin.isTTY) && !scripted;
  let scriptText: string | undefined;
  if (opts.file !== undefined) {
    try {
      scriptText = readFileSync(opts.file, 'utf8');
    } catch (err) {
      throw new CliError(`cannot read ${opts.file}: ${(err as Error).message}`);
    }
  } else if (opts.script !== undefined) scriptText = opts.script;

  const { backend, embedded, demoCount } = await connect(opts);
  const state: ShellState = newShellState(backend, {
    format: opts.format ?? 'table',
    pager: opts.pager !== false,
    quiet: Boolean(opts.quiet),
    color: Boolean(process.stderr.isTTY) && !process.env.NO_COLOR,
    version,
    ...(embedded
      ? {
          loadFile: async (keyspace: string, file: string, key?: string) => {
            await loadFile(embedded.db, keyspace, file, { key, summaryStream: state.out });
          },
        }
      : {}),
  });
  if (!state.quiet) {
    const loaded = demoCount === undefined ? '' : ` — ${DEMO_KEYSPACE} keyspace loaded (${demoCount} documents)`;
    const on = backend.where === 'embedded' ? '' : ` — connected to ${backend.where}`;
    const banner = `tokenql ${version}${loaded}${on}. Type \\help for help, statements end with ;\n`;
    (tty ? process.stdout : process.stderr).write(banner);
  }

  let quit = false;
  const input = new ShellInput(
    {
      statement: (text) => runStatement(text, state),
      command: async (line) => {
        const r = await runShellCommand(line, state);
        if (r === 'quit') quit = true;
        return r;
      },
    },
    !tty,
  );
  // `\SOURCE`, aliases and `\watch` feed text through their own reader (positions of their own).
  state.feed = async (text: string) => {
    const nested = new ShellInput({ statement: (t) => runStatement(t, state), command: (l) => runShellCommand(l, state) }, false);
    for (const line of text.split('\n')) if ((await nested.line(line)) === 'quit') return 'quit';
    await nested.end();
  };

  try {
    if (scriptText !== undefined) {
      await state.feed(scriptText);
    } else if (tty) {
      await interactive(state, input, () => quit);
    } else {
      const rl = createInterface({ input: process.stdin, terminal: false });
      try {
        for await (const line of rl) if ((await input.line(line)) === 'quit') break;
        if (!quit) await input.end();
      } finally {
        rl.close();
      }
    }
  } finally {
    if (state.redirect) await new Promise<void>((done) => state.redirect!.stream.end(done));
    await backend.close();
  }
  if (!tty && state.failed) process.exitCode = 1;
}

/** Field names per keyspace, from a sample of its documents (for completion); fetched once per shell. */
const fieldSamples = new Map<string, Promise<string[]>>();

/**
 * The top-level field names of up to 20 documents of `keyspace`, sorted (completion after
 * `alias.` and in expressions). Fetched once per keyspace; a failure gives none.
 */
function sampleFields(state: ShellState, keyspace: string): Promise<string[]> {
  let p = fieldSamples.get(keyspace);
  if (!p) {
    const name = keyspace.split('.').map((p) => '`' + p.replace(/`/g, '``') + '`').join('.');
    p = state.backend.run(`SELECT RAW OBJECT_NAMES(d) FROM ${name} AS d LIMIT 20`).then(
      (r) => [...new Set(r.results.flatMap((x) => (Array.isArray(x) ? x.filter((n): n is string => typeof n === 'string') : [])))].sort(),
      () => [],
    );
    fieldSamples.set(keyspace, p);
  }
  return p;
}

/** The interactive loop: readline with history by statement, completion and Ctrl-C. */
async function interactive(state: ShellState, input: ShellInput, quit: () => boolean): Promise<void> {
  const history = historyPath();
  let keyspaceNames: string[] = [];
  const refreshKeyspaces = () =>
    void state.backend.keyspaces().then(
      (ks) => (keyspaceNames = ks.map((k) => k.name)),
      () => {},
    );
  refreshKeyspaces();
  const rl: Interface = createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
    prompt: PROMPT,
    completer: createCompleter({
      keyspaces: () => keyspaceNames,
      fields: (ks) => sampleFields(state, ks),
      pending: () => (input.buffer === '' ? '' : input.buffer + '\n'),
      wholeLine: () => (rl as unknown as { line: string }).line,
    }),
    history: loadHistory(history),
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
  });
  const rlHistory = (): string[] => (rl as unknown as { history: string[] }).history;
  rl.on('SIGINT', () => {
    if (state.running) {
      state.running.abort();
      return;
    }
    input.clear();
    process.stdout.write('^C\n');
    rl.setPrompt(PROMPT);
    rl.prompt();
  });
  state.withTerminal = async (fn) => {
    rl.pause();
    process.stdin.setRawMode(false);
    try {
      await fn();
    } finally {
      process.stdin.setRawMode(true);
      rl.resume();
    }
  };
  /** History by statement: the lines of a finished multi-line statement become one entry. */
  const onDone = (lines: string[]) => {
    const h = rlHistory();
    const typed = lines.filter((l) => l.trim() !== '');
    if (typed.length > 1) {
      for (const l of [...typed].reverse()) if (h[0] === l) h.shift();
      const whole = historyLine(lines);
      const dup = h.indexOf(whole);
      if (dup >= 0) h.splice(dup, 1);
      h.unshift(whole);
    }
    saveHistory(history, h);
  };
  rl.prompt();
  try {
    for await (const line of rl) {
      if ((await input.line(line, onDone)) === 'quit' || quit()) break;
      if (/^\s*(CREATE|DROP)\b/i.test(line) || line.startsWith('\\')) refreshKeyspaces();
      rl.setPrompt(input.buffer === '' ? PROMPT : CONTINUATION);
      rl.prompt();
    }
    if (!quit()) await input.end();
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}
