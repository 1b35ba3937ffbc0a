import type { Database } from '../index.js';
import { CliError } from './cli-error.js';
import { formatError, type RowFormat } from './format-result.js';
import { loadFile } from './preload.js';

/** The mutable settings of a shell session. */
export interface ShellState {
  db: Database;
  format: RowFormat;
  timing: boolean;
  /** Set when a statement or command failed (the exit code of a piped session). */
  failed: boolean;
  /** Errors in red. */
  color: boolean;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export const SHELL_HELP = `Statements end with ; and may span several lines. Commands:
  \\help                              this help
  \\timing                            toggle printing (N rows, X ms) after each statement
  \\format table|json                 show rows as a table (when they are flat) or as JSON
  \\load KEYSPACE FILE [KEY_TEMPLATE]  load a JSON Lines / JSON array / .zip file into a keyspace
  \\keyspaces                         list the keyspaces
  \\quit                              leave (also Ctrl-D)
Tab completes keywords, function names and keyspaces. Example:
  SELECT name FROM demo WHERE CONTAINS_TOKEN(description, 'breakfast') LIMIT 5;`;

/**
 * Runs one backslash command line (e.g. `\\format json`).
 * @returns `'quit'` for `\\quit`, otherwise nothing; problems are printed and set `state.failed`.
 */
export async function runShellCommand(line: string, state: ShellState): Promise<'quit' | void> {
  const [cmd, ...args] = line.trim().replace(/;$/, '').split(/\s+/);
  const say = (text: string): void => void state.out.write(text + '\n');
  const fail = (text: string): void => {
    state.failed = true;
    state.err.write(formatError(new Error(text), state.color) + '\n');
  };
  switch (cmd) {
    case '\\q':
    case '\\quit':
    case '\\exit':
      return 'quit';
    case '\\h':
    case '\\?':
    case '\\help':
      say(SHELL_HELP);
      return;
    case '\\timing':
      state.timing = args[0] === undefined ? !state.timing : args[0] === 'on';
      say(`timing is ${state.timing ? 'on' : 'off'}`);
      return;
    case '\\format':
      if (args[0] !== 'table' && args[0] !== 'json') return fail(`\\format expects table or json, got ${args[0] ?? 'nothing'}`);
      state.format = args[0];
      say(`format is ${state.format}`);
      return;
    case '\\keyspaces':
      say(state.db.keyspaces().map((k) => `${k} (${state.db.count(k) ?? 0} documents)`).join('\n') || '(no keyspaces)');
      return;
    case '\\load': {
      if (args.length < 2 || args.length > 3) return fail('usage: \\load KEYSPACE FILE [KEY_TEMPLATE]');
      try {
        await loadFile(state.db, args[0], args[1], { key: args[2], summaryStream: state.out });
      } catch (err) {
        fail(err instanceof CliError ? err.message : String(err));
      }
      return;
    }
    default:
      return fail(`unknown command ${cmd}; type \\help for the list`);
  }
}
