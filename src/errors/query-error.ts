import { ErrorCode } from './codes.js';

/** The pipeline phase an error comes from (DESIGN §2). */
export type Phase = 'parse' | 'semantic' | 'plan' | 'execution' | 'storage' | 'service';

/** Where in the statement text an error points (1-based line and column). */
export interface SourcePosition {
  line: number;
  column: number;
  /** 0-based character offset into the statement text. */
  offset: number;
  /** Length of the offending token, in characters (for the caret line). */
  length?: number;
}

/** Construction arguments of {@link QueryError}. */
export interface QueryErrorInit {
  code: number;
  phase: Phase;
  message: string;
  position?: SourcePosition;
  /** Statement text, so the error can show the offending line and a caret. */
  statement?: string;
  /** Parse errors: what the parser expected at the position. */
  expected?: string[];
  cause?: unknown;
}

/**
 * Every error tokenql reports for a statement: a stable numeric `code`, the `phase` it comes
 * from, a one-line `message`, and, where it applies, the 1-based `line` and `column`.
 * `format()` adds the offending line of the statement and a caret under the column.
 */
export class QueryError extends Error {
  readonly code: number;
  readonly phase: Phase;
  readonly line?: number;
  readonly column?: number;
  readonly offset?: number;
  readonly length?: number;
  readonly statement?: string;
  readonly expected?: string[];

  constructor(init: QueryErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'QueryError';
    this.code = init.code;
    this.phase = init.phase;
    this.line = init.position?.line;
    this.column = init.position?.column;
    this.offset = init.position?.offset;
    this.length = init.position?.length;
    this.statement = init.statement;
    this.expected = init.expected;
  }

  /**
   * The message with its position, as the reference prints it: `msg (near line L, column C)`;
   * a message that already carries its position (the reference's `… (near line L, column C).`
   * and `syntax error - line L, column C, …`) is kept as it is.
   */
  get msg(): string {
    if (this.line === undefined || this.message.includes('(near line ') || this.message.startsWith('syntax error - ')) return this.message;
    return `${this.message} (near line ${this.line}, column ${this.column})`;
  }

  /**
   * Multi-line rendering for terminals: `error CODE: message`, then `--> line:column`, the
   * offending statement line and a caret under the column.
   */
  format(): string {
    const head = `error ${this.code}: ${this.message}`;
    if (this.line === undefined || this.statement === undefined) return head;
    const src = this.statement.split(/\r?\n/)[this.line - 1] ?? '';
    const col = this.column ?? 1;
    const caret = ' '.repeat(Math.max(0, col - 1)) + '^'.repeat(Math.max(1, Math.min(this.length ?? 1, src.length - col + 1)));
    const gutter = String(this.line).length;
    return [
      head,
      `${' '.repeat(gutter)}--> line ${this.line}, column ${col}`,
      `${this.line} | ${src}`,
      `${' '.repeat(gutter)} | ${caret}`,
    ].join('\n');
  }

  /** The reference's JSON error shape: `{code, msg}`. */
  toJSON(): { code: number; msg: string } {
    return { code: this.code, msg: this.msg };
  }
}

/** An evaluation error (5010) carrying the cause's message, e.g. an invalid pattern. */
export function evaluationError(message: string, cause?: unknown): QueryError {
  return new QueryError({ code: ErrorCode.EVALUATION, phase: 'execution', message, cause });
}

/** A "not supported" error (1020) for a feature tokenql does not implement. */
export function notSupported(what: string, position?: SourcePosition): QueryError {
  return new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'semantic', message: `${what} is not supported`, position });
}
