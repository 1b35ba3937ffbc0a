/** The tokenizer and the token machinery — the hot path (DESIGN §3 `tokens/`, spec §3–§8). */
export type { CaseMode } from './case-fold.js';
export { foldCase, foldRune } from './case-fold.js';
export { DEFAULT_TOKEN_OPTIONS, parseTokenOptions, tokenOptionProblems, type TokenOptions } from './options.js';
export { tokens } from './tokenize.js';
export { TokenInterner } from './token-interner.js';
export { containsToken, containsTokenMatching } from './contains-token.js';
export { compileLike, compileRegexp, likePrefix } from './patterns.js';
export { isGoSpace, trimSpace } from './white-space.js';
export { isWordCodePoint } from './word-chars.js';
