/** The evaluator: expressions compiled to closures with N1QL MISSING/NULL semantics (DESIGN §3 `eval/`). */
export * from './env.js';
export * from './scope.js';
export * from './logic.js';
export * from './arith.js';
export * from './compile-expr.js';
export { constantValue, NOT_CONSTANT } from './compile-call.js';
export { getField, elementOf } from './compile-path.js';
export { isAggregateName, AGGREGATE_NAMES } from './aggregate-names.js';
export { isWindowCall, windowSlot, WINDOW_FUNCTIONS, type WindowFunctionDef } from './window-names.js';
export { makeAccumulator, type Accumulator } from './aggregates/index.js';
export { sequenceFullName, type SequenceAccess } from './compile-sequence.js';
export { isMetaXattrs, metaCallAlias } from './compile-xattrs.js';
