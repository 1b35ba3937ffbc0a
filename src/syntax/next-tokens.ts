/**
 * What the grammar accepts after the beginning of a statement, for the shell's tab completion:
 * the keywords, and whether a name or an expression may come next (chevrotain's content assist
 * over the grammar; it follows the grammar's paths, not its gates, so a keyword it offers is one
 * the grammar has at that point).
 */
import type { TokenType } from 'chevrotain';
import { parser } from '../../grammar/parser.js';
import * as T from '../../grammar/tokens.js';

/** What may come next after a statement's beginning. */
export interface NextTokens {
  /** Keywords the grammar accepts next, upper case, sorted (multi-word tokens left out). */
  keywords: string[];
  /** A name (identifier) may come next. */
  name: boolean;
  /** Any expression may come next (a name, a literal, a function call…). */
  expression: boolean;
  /** The last keyword before the position (`FROM`, `JOIN`, `INTO`, `UPDATE`…), if the last token is one. */
  after?: string;
}

const keywords = new Set<TokenType>(T.keywordTokens);
/** Past this many tokens, content assist (which re-parses the prefix) is skipped. */
const MAX_TOKENS = 300;
const cache = new Map<string, TokenType[]>();

/**
 * What may follow `textBefore` (the statement so far; text up to its last `;` is ignored).
 * Undefined when the text does not lex or is too long.
 */
export function nextTokens(textBefore: string): NextTokens | undefined {
  const lexed = T.lexer.tokenize(textBefore);
  if (lexed.errors.length) return undefined;
  let tokens = lexed.tokens;
  const semi = tokens.map((t) => t.tokenType).lastIndexOf(T.Semicolon);
  if (semi >= 0) tokens = tokens.slice(semi + 1);
  if (tokens.length > MAX_TOKENS) return undefined;
  const key = tokens.map((t) => t.tokenType.name).join(' ');
  let types = cache.get(key);
  if (!types) {
    try {
      types = [...new Set(parser.computeContentAssist('statementEof', tokens).map((p) => p.nextTokenType))];
    } catch {
      return undefined;
    }
    if (cache.size > 500) cache.clear();
    cache.set(key, types);
  }
  const last = tokens[tokens.length - 1];
  return {
    keywords: types.filter((t) => keywords.has(t)).map((t) => t.name).sort(),
    name: types.includes(T.Identifier),
    expression: [T.NumberLiteral, T.StringLiteral, T.Identifier].every((t) => types!.includes(t)),
    ...(last && keywords.has(last.tokenType) ? { after: last.tokenType.name } : {}),
  };
}
