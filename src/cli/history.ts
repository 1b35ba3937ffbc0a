import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Lines kept in the history file. */
export const HISTORY_SIZE = 1000;

/** The history file: `$TOKENQL_HISTORY`, else `~/.tokenql_history`. */
export function historyPath(): string {
  return process.env.TOKENQL_HISTORY || join(homedir(), '.tokenql_history');
}

/** Reads the history file (oldest line first in the file) as readline wants it: newest first. Missing file: empty. */
export function loadHistory(path: string): string[] {
  try {
    return readFileSync(path, 'utf8').split('\n').filter(Boolean).reverse().slice(0, HISTORY_SIZE);
  } catch {
    return [];
  }
}

/** Writes readline's history (newest first) to the file, oldest first; errors are ignored. */
export function saveHistory(path: string, history: readonly string[]): void {
  try {
    writeFileSync(path, history.slice(0, HISTORY_SIZE).slice().reverse().join('\n') + '\n', { mode: 0o600 });
  } catch {
    // History is a convenience; an unwritable file must not break the shell.
  }
}
