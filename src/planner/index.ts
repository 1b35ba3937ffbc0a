/** The planner: statements to operator trees, and trees to EXPLAIN JSON (DESIGN §3 `planner/`). */
export * from './plan/index.js';
export * from './catalog.js';
export * from './build-plan.js';
export * from './explain.js';
export * from './plan-codec.js';
