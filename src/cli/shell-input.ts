import { inPlace, isBlank, splitStatements, type ScriptStatement } from './split-statements.js';

/** What a {@link ShellInput} hands on. */
export interface ShellInputHandlers {
  statement(text: string): Promise<void>;
  command(line: string): Promise<'quit' | void>;
}

/**
 * Turns input lines into statements and backslash commands, as cbq's shell reads them: a line
 * starting with `\` (outside a statement) is a command; a line starting with `#` is a comment;
 * anything else is gathered until a `;` ends a statement. With `inPlace`, statements keep their
 * position in the input so that errors point at its lines and columns (piped scripts).
 */
export class ShellInput {
  /** The unfinished statement. */
  buffer = '';
  /** Lines of the statement being gathered, as typed (for history by statement). */
  pending: string[] = [];
  private inputLine = 0;
  private at = { line: 1, column: 1 };

  constructor(
    private readonly handlers: ShellInputHandlers,
    private readonly placed: boolean,
  ) {}

  /** Feeds one line; `'quit'` when a command asked to leave. Calls `done(lines)` with each finished statement's typed lines. */
  async line(line: string, done?: (lines: string[]) => void): Promise<'quit' | void> {
    this.inputLine++;
    const trimmed = line.trimStart();
    if (this.buffer === '' && trimmed.startsWith('\\')) {
      done?.([line]);
      return this.handlers.command(line);
    }
    if (trimmed.startsWith('#')) {
      if (this.buffer === '') done?.([line]);
      else this.pending.push(line);
      line = ''; // a comment line keeps its place so that positions stay right
      if (this.buffer === '') return;
    } else this.pending.push(line);
    if (this.buffer === '') this.at = { line: this.inputLine, column: 1 };
    this.buffer = this.buffer === '' ? line : `${this.buffer}\n${line}`;
    const { statements, rest } = splitStatements(this.buffer);
    if (statements.length > 0) {
      done?.(this.pending);
      this.pending = isBlank(rest) ? [] : [rest.replace(/^\s+/, '')];
      for (const s of statements) await this.handlers.statement(this.text(s));
      const finished = this.buffer.slice(0, this.buffer.length - rest.length).split('\n');
      const tail = finished[finished.length - 1]!.length;
      this.at = finished.length === 1 ? { line: this.at.line, column: this.at.column + tail } : { line: this.at.line + finished.length - 1, column: tail + 1 };
      this.buffer = rest;
      if (isBlank(rest)) this.buffer = '';
      else if (rest.trimStart().startsWith('\\')) {
        // `SELECT 1; \ECHO done` on one line (cbq -s): the command after the statement.
        this.buffer = '';
        this.pending = [];
        return this.handlers.command(rest.trim());
      }
    } else if (isBlank(this.buffer)) {
      done?.(this.pending);
      this.buffer = '';
      this.pending = [];
    }
  }

  /** Runs an unterminated last statement (end of input). */
  async end(): Promise<void> {
    const last = splitStatements(this.buffer).last;
    this.buffer = '';
    this.pending = [];
    if (last) await this.handlers.statement(this.text(last));
  }

  /** Drops the unfinished statement (Ctrl-C while typing). */
  clear(): void {
    this.buffer = '';
    this.pending = [];
  }

  private text(s: ScriptStatement): string {
    if (!this.placed) return s.text;
    const { line, column } = this.at;
    return inPlace({ ...s, line: line + s.line - 1, column: s.line === 1 ? column + s.column - 1 : s.column });
  }
}

/**
 * The lines of a statement as one history line: joined by spaces, with `-- comments` turned into
 * `/* comments *\/` so that they do not swallow the lines after them; `#` comment lines dropped.
 */
export function historyLine(lines: readonly string[]): string {
  return lines
    .filter((l) => !l.trimStart().startsWith('#'))
    .map((l) => {
      const at = lineCommentAt(l);
      return at < 0 ? l.trimEnd() : `${l.slice(0, at)}/* ${l.slice(at + 2).replace(/\*\//g, '* /').trim()} */`;
    })
    .map((l, i) => (i === 0 ? l : l.trim()))
    .filter((l) => l !== '')
    .join(' ');
}

/** Index of a `--` outside quotes in one line, or -1. */
function lineCommentAt(line: string): number {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '-' && line[i + 1] === '-') return i;
  }
  return -1;
}
