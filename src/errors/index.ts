/** Coded errors, one per phase (DESIGN §3 `errors/`). */
export * from './codes.js';
export * from './query-error.js';
