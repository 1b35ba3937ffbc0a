/** Values, collation and three-valued comparison (DESIGN §3 `values/`). */
export * from './value.js';
export * from './collate.js';
export * from './compare.js';
export * from './json.js';
export * from './int64.js';
export * from './canonical-key.js';
export * from './sort-strings.js';
export { prefixSuccessor, writePrefixKeys } from './string-prefix.js';
export { MAX_DOCUMENT_DEPTH, deeperThan } from './depth.js';
