/**
 * The public parsing entry points: statement text → AST (DESIGN §2). One lexer, one parser
 * and one AST builder are reused for every call.
 */
import type { CstNode, IToken } from 'chevrotain';
import type { Expr, Statement } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { parser } from '../../grammar/parser.js';
import { lexer, Semicolon, UnterminatedComment } from '../../grammar/tokens.js';
import { astBuilder } from './cst-to-ast.js';
import { tokenLoc } from './lexemes.js';
import { lexError, parseError } from './syntax-error.js';
import { attachHints } from './optimizer-hints.js';

/** One statement of a script with where it starts (1-based line and column) and its source text. */
export interface ScriptStatement {
  statement: Statement;
  text: string;
  line: number;
  column: number;
}

function lex(text: string): IToken[] {
  const r = lexer.tokenize(text);
  if (r.errors.length) throw lexError(r.errors[0]!, text);
  const open = r.tokens.find((t) => t.tokenType === UnterminatedComment);
  if (open) throw lexError({ offset: open.startOffset, line: open.startLine, column: open.startColumn, length: 2, message: '' }, text);
  return r.tokens;
}

function run(tokens: IToken[], text: string, rule: 'statementEof' | 'expressionEof'): CstNode {
  parser.input = tokens;
  const cst = rule === 'statementEof' ? parser.statementEof() : parser.expressionEof();
  if (parser.errors.length) throw parseError(parser.errors[0]!, tokens, text, rule);
  return cst;
}

function noStatement(text: string): QueryError {
  return new QueryError({ code: ErrorCode.NO_STATEMENT, phase: 'parse', message: 'no statement', statement: text });
}

/** Parses the statement made of `tokens` (a slice of `text`'s tokens). */
function statementOf(tokens: IToken[], text: string): Statement {
  const cst = run(tokens, text, 'statementEof');
  astBuilder.reset(text, tokens);
  const s = astBuilder.visit(cst) as Statement;
  attachHints(s, tokens, text);
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
  return astBuilder.visit(cst) as Expr;
}
