/** Catalogue metadata shared by the planner, the index manager and the database (index definitions). */
export type { IndexInfo } from './index-info.js';
export { arrayLevels, expandIndexKeys, flattenChain, isFlattenKeys, withInnermost, type FlattenChain } from './flatten-keys.js';
