import { execFileSync, spawnSync } from 'node:child_process';
import { ROOT } from './run-cli.js';

/** True when tmux is installed (the terminal tests drive the shell in a tmux pane; CI installs tmux). */
export const HAVE_TMUX = spawnSync('tmux', ['-V']).status === 0;

/**
 * The real `tokenql shell` in a pseudo-terminal: a detached tmux session of 120×40 running
 * `node --import tsx src/cli/bin.ts ARGS` in the project root, with keys sent and the screen read.
 */
export class TmuxShell {
  readonly name = `tokenql-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  /** @param feed a shell command whose output is piped into the CLI's standard input */
  constructor(args: string[], env: Record<string, string> = {}, feed?: string) {
    const vars = Object.entries({ NO_COLOR: '1', ...env }).map(([k, v]) => `${k}=${shellQuote(v)}`);
    const cli = `env ${vars.join(' ')} ${shellQuote(process.execPath)} --import tsx src/cli/bin.ts ${args.map(shellQuote).join(' ')}`;
    const command = `cd ${shellQuote(ROOT)} && ${feed ? `${feed} | ` : ''}${cli}; echo "exit code $?"; sleep 30`;
    this.tmux('new-session', '-d', '-s', this.name, '-x', '120', '-y', '40', command);
  }
  /** Types text (literally) and, unless `enter` is false, Enter. */
  type(text: string, enter = true): void {
    // tmux takes an argument ending in `;` for its command separator: such text gets a space after it.
    if (text) this.tmux('send-keys', '-t', this.name, '-l', text.endsWith(';') ? `${text} ` : text);
    if (enter) this.tmux('send-keys', '-t', this.name, 'Enter');
  }
  /** Sends tmux key names: `Up`, `C-c`, `C-d`. */
  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.name, ...keys);
  }
  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', this.name, '-S', '-200');
  }
  /** Waits until the screen matches (default 30 s), returning it. */
  async waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const s = this.screen();
      if (pattern.test(s)) return s;
      if (Date.now() > until) throw new Error(`timed out waiting for ${pattern}; screen:\n${s}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  /** Whether the terminal's cursor is visible (tmux's cursor_flag). */
  cursorVisible(): boolean {
    return this.tmux('display-message', '-p', '-t', this.name, '#{cursor_flag}').trim() === '1';
  }
  kill(): void {
    spawnSync('tmux', ['-L', this.name, 'kill-server']);
  }
  /** Each shell has a tmux server of its own (`-L`), so that tests running at once do not meet. */
  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.name, ...args], { encoding: 'utf8' });
  }
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
