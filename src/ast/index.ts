/** The abstract syntax tree (DESIGN §3 `ast/`). */
export type * from './expr.js';
export type * from './statement.js';
export * from './walk.js';
export type * from './window.js';
export { windowExprs } from './window.js';
