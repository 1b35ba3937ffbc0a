/** Row comparison for tests: the harness's own (`tokenql/testing`), so there is one definition. */
export { canonical, sameRows } from '../../src/testing/compare.js';
