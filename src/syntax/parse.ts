/**
 * The public parsing entry points: statement text → AST (DESIGN §2). One lexer, one parser
 * and one AST builder are reused for every call.
 */
import { EOF, type CstNode, type IRecognitionException, type IToken } from 'chevrotain';
import type { Expr, Statement } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { deeperThan, type Value } from '../values/index.js';
import { parser } from '../../grammar/parser.js';
import { lexer, Semicolon, UnterminatedComment } from '../../grammar/tokens.js';
import { astBuilder } from './cst-to-ast.js';
import { tokenLoc } from './lexemes.js';
import { lexError, parseError, precheckError } from './syntax-error.js';
import { attachHints } from './optimizer-hints.js';
import { precheck } from './precheck.js';
import { numberSequenceBlocks } from './visit-sequence.js';

/** One statement of a script with where it starts (1-based line and column) and its source text. */
export interface ScriptStatement {
  statement: Statement;
  text: string;
  line: number;
  column: number;
}

/**
 * The parser's error in the statement before a lexical problem at `offset`, if it stops at a
 * token there: the reference reads tokens as it parses, so `this isn't a query` is a syntax
 * error at `isn`, not an unterminated string.
 */
function earlierParseError(text: string, offset: number): QueryError | undefined {
  const r = lexer.tokenize(text.slice(0, offset));
  if (r.errors.length) return undefined;
  let start = 0;
  r.tokens.forEach((t, i) => {
    if (t.tokenType === Semicolon) start = i + 1;
  });
  const tokens = r.tokens.slice(start);
  if (tokens.length === 0) return undefined;
  parser.input = tokens;
  parser.statementEof();
  const e = parser.errors[0];
  if (!e) return undefined;
  const err = asExpressionError(e, tokens, text) ?? parseError(e, tokens, text, 'statementEof');
  return /at end of input/.test(err.message) ? undefined : err;
}

function lex(text: string): IToken[] {
  const problem = precheck(text);
  if (problem) throw (problem.kind.startsWith('unterminated') || problem.kind === 'invalid-character' ? earlierParseError(text, problem.offset) : undefined) ?? precheckError(problem, text);
  const r = lexer.tokenize(text);
  if (r.errors.length) throw earlierParseError(text, r.errors[0]!.offset) ?? lexError(r.errors[0]!, text);
  const open = r.tokens.find((t) => t.tokenType === UnterminatedComment);
  if (open) throw earlierParseError(text, open.startOffset) ?? lexError({ offset: open.startOffset, line: open.startLine, column: open.startColumn, length: 2, message: '' }, text);
  return r.tokens;
}

/** A stack overflow while parsing or building the AST (a very long operator chain): a clear 3000. */
function guarded<T>(text: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError) {
      throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: 'syntax error: statement too complex (nested or chained too deeply)', statement: text });
    }
    throw e;
  }
}

/**
 * Deepest AST accepted (objects within objects: about one level per operator of a chain such
 * as `1+1+…`). Deeper trees overflowed the stack of the planner and evaluator (RangeError at
 * ~3,750 operators); they are refused with a clear 3000.
 */
export const MAX_AST_DEPTH = 1024;

function checkDepth<T>(node: T, text: string): T {
  if (deeperThan(node as unknown as Value, MAX_AST_DEPTH)) {
    throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `syntax error: expression nested or chained deeper than ${MAX_AST_DEPTH} levels`, statement: text });
  }
  return node;
}

function run(tokens: IToken[], text: string, rule: 'statementEof' | 'expressionEof'): CstNode {
  parser.input = tokens;
  const cst = guarded(text, () => (rule === 'statementEof' ? parser.statementEof() : parser.expressionEof()));
  if (parser.errors.length) {
    // Kept before asExpressionError re-parses (which resets parser.errors).
    const first = parser.errors[0]!;
    throw (rule === 'statementEof' && asExpressionError(first, tokens, text)) || parseError(first, tokens, text, rule);
  }
  return cst;
}

/**
 * A statement that fails at its first token is read as an expression, as the reference's parser
 * (which also takes an expression as input) does: `this isn't a query` fails at `isn`. The
 * expression's error when it is at a later token, else undefined.
 */
function asExpressionError(statementError: IRecognitionException, tokens: IToken[], text: string): QueryError | undefined {
  if (statementError.token !== tokens[0]) return undefined;
  parser.input = tokens;
  guarded(text, () => parser.expressionEof());
  const e = parser.errors[0];
  if (!e || e.token === tokens[0]) return undefined;
  return parseError(e, tokens, text, 'expressionEof');
}

function noStatement(text: string): QueryError {
  return new QueryError({ code: ErrorCode.NO_STATEMENT, phase: 'parse', message: 'no statement', statement: text });
}

/** Parses the statement made of `tokens` (a slice of `text`'s tokens). */
function statementOf(tokens: IToken[], text: string): Statement {
  const cst = run(tokens, text, 'statementEof');
  astBuilder.reset(text, tokens);
  const s = checkDepth(guarded(text, () => astBuilder.visit(cst) as Statement), text);
  attachHints(s, tokens, text);
  numberSequenceBlocks(s);
  return s;
}

/**
 * Parses one statement (a trailing `;` is allowed).
 * @throws QueryError 3000 (phase 'parse') with `line`, `column`, `length` of the offending token,
 *   `expected` (what the parser expected there, e.g. ["FROM", "WHERE", ";"]) and `statement`;
 *   1050 when the text holds no statement.
 */
export function parseStatement(text: string): Statement {
  const tokens = lex(text);
  if (tokens.length === 0) throw noStatement(text);
  return statementOf(tokens, text);
}

/**
 * Parses a script of statements separated by `;` (a trailing `;` optional, empty statements
 * skipped). Positions in statements and errors are relative to the whole script.
 * @throws QueryError as {@link parseStatement}.
 */
export function parseScript(text: string): ScriptStatement[] {
  const tokens = lex(text);
  const out: ScriptStatement[] = [];
  let start = 0;
  for (let i = 0; i <= tokens.length; i++) {
    if (i < tokens.length && tokens[i]!.tokenType !== Semicolon) continue;
    if (i > start) {
      const run = tokens.slice(start, i);
      const first = run[0]!;
      const last = run[run.length - 1]!;
      const statement = statementOf(run, text);
      out.push({ statement, text: text.slice(first.startOffset, (last.endOffset ?? last.startOffset) + 1), line: first.startLine ?? 1, column: first.startColumn ?? 1 });
    }
    start = i + 1;
  }
  return out;
}

/**
 * Parses an expression alone (`?` numbered from 1).
 * @throws QueryError 3000 as {@link parseStatement}.
 */
export function parseExpression(text: string): Expr {
  const tokens = lex(text);
  if (tokens.length === 0) throw noStatement(text);
  const cst = run(tokens, text, 'expressionEof');
  astBuilder.reset(text, tokens);
  return checkDepth(guarded(text, () => astBuilder.visit(cst) as Expr), text);
}
