import type { WriteStream } from 'node:fs';
import type { Value } from '../index.js';
import type { Backend } from './backend.js';
import type { RowFormat } from './format-result.js';

/** The mutable settings of a shell session (cbq's shell and query variables, psql's toggles). */
export interface ShellState {
  backend: Backend;
  format: RowFormat;
  /** `\timing`: print `(N rows, X ms elapsed, …)` after each statement. */
  timing: boolean;
  /** psql's `\x`: expanded rows. */
  expanded: boolean;
  /** Page long output through `$PAGER` on a terminal (`\pager on|off`). */
  pager: boolean;
  /** No banner, no summaries of DML/DDL. */
  quiet: boolean;
  /** Set when a statement or command failed (the exit code of a piped session). */
  failed: boolean;
  /** The open transaction (cbq's habit: BEGIN WORK's txid goes with every statement until COMMIT or ROLLBACK). */
  txid?: string;
  /** Errors in red. */
  color: boolean;
  /** Where rows go: stdout, or the file of `\REDIRECT`/`\o`. */
  out: NodeJS.WritableStream;
  /** The `\REDIRECT` file, when one is open. */
  redirect?: { path: string; stream: WriteStream };
  err: NodeJS.WritableStream;
  /**
   * cbq's variables, each a stack (`\PUSH`/`\POP`): `-$name` named parameters, `-args`
   * positional ones, `-timeout`, other `-name` query parameters, `$name` user variables, and
   * the shell settings by their names (`format`, `timing`, …) which live in the fields above.
   */
  vars: Map<string, Value[]>;
  /** `\ALIAS name text`. */
  aliases: Map<string, string>;
  /** The last statement run (for `\watch`). */
  last?: string;
  /** The running statement's cancel switch (Ctrl-C). */
  running?: AbortController;
  /** The shell's version, for `\VERSION`. */
  version?: string;
  /** `\load` into an embedded database (absent against a server). */
  loadFile?: (keyspace: string, file: string, key?: string) => Promise<void>;
  /** Runs `fn` with the terminal handed over (readline paused, raw mode off): the pager. */
  withTerminal?: (fn: () => Promise<void>) => Promise<void>;
  /** Runs statement text (and commands) as if typed: `\SOURCE`, aliases, `\watch`. */
  feed?: (text: string) => Promise<'quit' | void>;
}

/** The value on top of a variable's stack. */
export function varValue(state: ShellState, name: string): Value | undefined {
  const stack = state.vars.get(name);
  return stack?.[stack.length - 1];
}

/** The named (`-$name`) and positional (`-args`) parameters and the timeout of the session. */
export function queryParams(state: ShellState): { named: Record<string, Value>; positional?: Value[]; timeout?: string; profile?: 'off' | 'phases' | 'timings' } {
  const named: Record<string, Value> = {};
  for (const [k, stack] of state.vars) if (k.startsWith('-$') && stack.length) named[k.slice(2)] = stack[stack.length - 1]!;
  const args = varValue(state, '-args');
  const timeout = varValue(state, '-timeout');
  const profile = varValue(state, '-profile');
  return {
    named,
    ...(Array.isArray(args) ? { positional: args } : {}),
    ...(typeof timeout === 'string' ? { timeout } : {}),
    ...(profile === 'phases' || profile === 'timings' ? { profile } : {}),
  };
}

/** A session's state with the defaults of a piped shell (table format, no timing, stdout/stderr). */
export function newShellState(backend: Backend, init: Partial<ShellState> = {}): ShellState {
  return {
    backend,
    format: 'table',
    timing: false,
    expanded: false,
    pager: true,
    quiet: false,
    failed: false,
    color: false,
    out: process.stdout,
    err: process.stderr,
    vars: new Map(),
    aliases: new Map(),
    ...init,
  };
}
