/** The semantic phase: checks between parsing and planning (DESIGN §2), and the formalizer the planner compares expressions with. */
export { analyze, hasAggregate } from './analyze.js';
export * from './formalize.js';
export * from './expr-equivalent.js';
export * from './static-expr.js';
