/** A statement cut out of a script, with the 1-based line and column of the script it starts on. */
export interface ScriptStatement {
  text: string;
  line: number;
  column: number;
}

/**
 * The statement's text placed where it stands in the script (blank lines and spaces before it),
 * so that the parser's line and column of an error are the script's.
 */
export function inPlace(s: ScriptStatement): string {
  return '\n'.repeat(s.line - 1) + ' '.repeat(s.column - 1) + s.text;
}

/** The result of {@link splitStatements}. */
export interface SplitResult {
  /** Complete statements (each ended by `;`, which is not included), blank ones dropped. */
  statements: ScriptStatement[];
  /** Text after the last `;` (an unfinished statement), `''` when only blanks or comments remain. */
  rest: string;
  /** `rest` as a statement (its text trimmed, with the line and column it starts on), if not blank. */
  last?: ScriptStatement;
}

/**
 * Splits a script on `;`, ignoring semicolons inside `'…'` and `"…"` strings (with `\` escapes and
 * doubled quotes), `` `…` `` identifiers, `-- …` line comments and `/* … *\/` block comments.
 * A statement that holds only blanks and comments is dropped.
 */
export function splitStatements(script: string): SplitResult {
  const statements: ScriptStatement[] = [];
  let start = 0;
  let line = 1;
  let startLine = 1;
  let i = 0;
  const n = script.length;
  while (i < n) {
    const c = script[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < n) {
        const d = script[i];
        if (d === '\n') line++;
        if (d === '\\' && c !== '`') i += 2;
        else if (d === c && script[i + 1] === c) i += 2;
        else if (d === c) break;
        else i++;
      }
      i++;
    } else if (c === '-' && script[i + 1] === '-') {
      while (i < n && script[i] !== '\n') i++;
    } else if (c === '/' && script[i + 1] === '*') {
      i += 2;
      while (i < n && !(script[i] === '*' && script[i + 1] === '/')) {
        if (script[i] === '\n') line++;
        i++;
      }
      i += 2;
    } else if (c === ';') {
      push(statements, script, start, i, startLine);
      start = i + 1;
      startLine = line;
      i++;
    } else i++;
  }
  const tail: ScriptStatement[] = [];
  push(tail, script, start, n, startLine);
  return tail.length ? { statements, rest: script.slice(start), last: tail[0] } : { statements, rest: '' };
}

function push(out: ScriptStatement[], script: string, start: number, end: number, line: number): void {
  const text = script.slice(start, end);
  if (isBlank(text)) return;
  // Report the line and column of the first non-blank character, and keep the text as written.
  const lead = /^\s*/.exec(text)![0];
  const newlines = lead.split('\n').length - 1;
  const at = start + lead.length;
  out.push({ text: text.slice(lead.length).trimEnd(), line: line + newlines, column: at - (script.lastIndexOf('\n', at - 1) + 1) + 1 });
}

/** True when the text holds only whitespace and comments. */
export function isBlank(text: string): boolean {
  return text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?(\*\/|$)/g, '').trim() === '';
}
