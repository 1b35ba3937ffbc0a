/**
 * Syntax errors as QueryError 3000 (phase 'parse') with line, column, length of the offending
 * token, the list of what the parser expected there, and the statement text for `format()`.
 */
import { MAX_NESTING_DEPTH, MAX_STATEMENT_LENGTH, MAX_STRING_LITERAL_LENGTH, type PrecheckProblem } from './precheck.js';
import { EOF, type ILexingError, type IRecognitionException, type IToken, type TokenType } from 'chevrotain';
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';
import { parser } from '../../grammar/parser.js';
import * as T from '../../grammar/tokens.js';
import { LRUCache } from 'lru-cache';

const categoryMembers = new Map<TokenType, string[]>([
  [T.ComparisonOp, ['=', '==', '!=', '<>', '<', '<=', '>', '>=']],
  [T.AdditiveOp, ['+', '-']],
  [T.MultiplicativeOp, ['*', '/', '%']],
]);
const displayNames = new Map<TokenType, string>([
  [T.Identifier, 'identifier'],
  [T.QuotedIdentifier, 'identifier'],
  [T.Name, 'name'],
  [T.StringLiteral, 'string'],
  [T.NumberLiteral, 'number'],
  [T.NamedParam, '$name'],
  [T.PositionalParam, '$n'],
]);
/** Tokens that only start an expression: collapsed into one "expression" entry when all are expected. */
const expressionStarters = new Set<TokenType>([
  T.NumberLiteral, T.StringLiteral, T.NamedParam, T.PositionalParam, T.Question, T.True, T.False, T.Null, T.Missing,
  T.Self, T.LBracket, T.LBrace, T.Case, T.Any, T.Some, T.Every, T.Exists, T.ArrayKw, T.First, T.ObjectKw, T.Minus,
  T.Identifier, T.LParen, T.Not,
  T.Next, T.Prev, T.Nextval, T.Prevval,
]);

/** Tokens that continue an expression: collapsed into one "operator" entry when all are expected. */
const operators = new Set<TokenType>([
  T.Dot, T.LBracket, T.MultiplicativeOp, T.AdditiveOp, T.Concat, T.ComparisonOp, T.Is, T.Not, T.Like, T.In, T.Between, T.And, T.Or,
]);

/** How a token type is shown in "expected one of …". */
function display(t: TokenType): string[] {
  const members = categoryMembers.get(t);
  if (members) return members;
  const name = displayNames.get(t);
  if (name) return [name];
  return [t.LABEL ?? (typeof t.PATTERN === 'string' ? t.PATTERN : t.name)];
}

/** The token types content assist found after a prefix, by rule and the prefix's token types. */
const assistCache = new LRUCache<string, TokenType[]>({ max: 2048 });

/** Above this many preceding tokens the expected list is skipped: content assist re-parses the prefix. */
const MAX_ASSIST_TOKENS = 300;

/**
 * What the parser could accept after `preceding`, for rule `rule`, as display names (expression
 * starters collapsed into "expression"); [] for very long statements.
 */
export function expectedAfter(rule: 'statementEof' | 'expressionEof', preceding: IToken[]): string[] {
  if (preceding.length > MAX_ASSIST_TOKENS) return [];
  // Content assist depends only on the token types of the prefix (it follows the grammar's paths,
  // not its gates), and is costly near a statement's start, where every statement kind is open:
  // the answers are kept per (rule, type sequence).
  const key = rule + ':' + preceding.map((t) => t.tokenType.name).join(' ');
  let types = assistCache.get(key);
  if (!types) {
    try {
      types = parser.computeContentAssist(rule, preceding).map((p) => p.nextTokenType);
    } catch {
      return [];
    }
    assistCache.set(key, types);
  }
  const unique = [...new Set(types)];
  const isExpr = [T.NumberLiteral, T.StringLiteral, T.Identifier].every((t) => unique.includes(t));
  const isOperator = [T.ComparisonOp, T.Concat, T.Like].every((t) => unique.includes(t));
  const out: string[] = [];
  const add = (d: string) => out.includes(d) || out.push(d);
  for (const t of unique) {
    if (isExpr && expressionStarters.has(t)) add('expression');
    else if (isOperator && operators.has(t)) add('operator');
    else display(t).forEach(add);
  }
  return out;
}

/** The position just after the end of `text`. */
function endOf(text: string): SourcePosition {
  const lines = text.split(/\r?\n/);
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1, offset: text.length, length: 1 };
}

/** Reserved words print as `WORD (reserved word)` in the reference's syntax errors. */
const reserved = new Set<TokenType>(T.keywordTokens.filter((t) => !(t.CATEGORIES ?? []).includes(T.Identifier)));

/**
 * The reference's `near '…'` text: what precedes the token on its line, its last 20 characters,
 * with `...` (and no leading blanks) when cut or on a later line.
 */
function nearText(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let before = text.slice(lineStart, offset);
  let cut = lineStart > 0;
  if (before.length > 20) {
    before = before.slice(-20);
    cut = true;
  }
  return cut ? '...' + before.trimStart() : before;
}

/**
 * A 3000 error from a parser exception, in the reference's words: `syntax error - line L,
 * column C, near '<text before>', at: <token>[ (reserved word)]`, or `syntax error - at end of
 * input`; then, tokenql's addition, `; expected one of …` (also in `expected`).
 */
export function parseError(e: IRecognitionException, tokens: IToken[], text: string, rule: 'statementEof' | 'expressionEof'): QueryError {
  const tok = e.token;
  const atEnd = tok.tokenType === EOF || Number.isNaN(tok.startOffset);
  const position: SourcePosition = atEnd
    ? tokens.length ? endAfter(tokens[tokens.length - 1]!, text) : endOf(text)
    : { line: tok.startLine ?? 1, column: tok.startColumn ?? 1, offset: tok.startOffset, length: tok.image.length };
  const preceding = atEnd ? tokens : tokens.filter((t) => t.startOffset < tok.startOffset);
  const expected = expectedAfter(rule, preceding);
  const what = atEnd
    ? 'syntax error - at end of input'
    : `syntax error - line ${position.line}, column ${position.column}, near '${nearText(text, tok.startOffset)}', at: ${tok.image}${reserved.has(tok.tokenType) ? ' (reserved word)' : ''}`;
  const shown = expected.map((x) => (x === ',' ? "','" : x)).join(', ');
  const tail = expected.length ? `; expected ${expected.length === 1 ? '' : 'one of '}${shown}` : '';
  return new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `${what}${tail}`, position, statement: text, expected, cause: e });
}

/** The position right after `last` (where the missing input should be). */
function endAfter(last: IToken, text: string): SourcePosition {
  const end = (last.endOffset ?? last.startOffset) + 1;
  const before = text.slice(0, end);
  const lines = before.split(/\r?\n/);
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1, offset: end, length: 1 };
}

/** A 3000 error from a lexer error: an unterminated string, identifier or comment, or a bad character. */
export function lexError(e: ILexingError, text: string): QueryError {
  const c = text[e.offset] ?? '';
  const what =
    c === "'" || c === '"' ? 'unterminated string literal'
    : c === '`' ? 'unterminated quoted identifier'
    : text.startsWith('/*', e.offset) ? 'unterminated comment'
    : `unexpected character '${c}'`;
  const position: SourcePosition = { line: e.line ?? 1, column: e.column ?? 1, offset: e.offset, length: c === "'" || c === '"' || c === '`' ? 1 : e.length };
  return new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `syntax error: ${what}`, position, statement: text });
}

/**
 * The error of a {@link precheck} problem: the lexer's messages for what it would have reported
 * (unterminated string literal, quoted identifier or comment, unexpected character), and the
 * limits' own (3000, phase `parse`).
 */
export function precheckError(p: PrecheckProblem, text: string): QueryError {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < p.offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const position: SourcePosition = { line, column: p.offset - lineStart + 1, offset: p.offset, length: p.length };
  const what = {
    'unterminated-string': 'unterminated string literal',
    'unterminated-identifier': 'unterminated quoted identifier',
    'unterminated-comment': 'unterminated comment',
    'invalid-character': `unexpected character '${text[p.offset] ?? ''}'`,
    'too-long': `statement longer than ${MAX_STATEMENT_LENGTH} characters`,
    'string-too-long': `string literal longer than ${MAX_STRING_LITERAL_LENGTH} characters`,
    'too-deep': `brackets nested deeper than ${MAX_NESTING_DEPTH} levels`,
  }[p.kind];
  return new QueryError({ code: ErrorCode.SYNTAX, phase: 'parse', message: `syntax error: ${what}`, position, statement: p.kind === 'too-long' ? undefined : text });
}
