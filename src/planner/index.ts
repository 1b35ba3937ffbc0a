/** The planner: statements to plans, and plans to EXPLAIN JSON (DESIGN §3 `planner/`). */
export * from './plan.js';
export * from './catalog.js';
export * from './build-plan.js';
export * from './build-select.js';
export * from './explain.js';
