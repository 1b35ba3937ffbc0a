import type { ObjectValue } from '../../values/index.js';

/**
 * Advise: the one row of `ADVISE statement` — the index advisor's recommendations, computed
 * when the statement is planned, and the statement's text (couchbase/query `plan/advise.go`:
 * `{"#operator": "Advise", "advice": {"#operator": "IndexAdvice", "adviseinfo": …}, "query": …}`).
 */
export interface Advise {
  '#operator': 'Advise';
  /** `{"#operator": "IndexAdvice", "adviseinfo": {…}}` (src/planner/advisor/advise-statement.ts). */
  advice: ObjectValue;
  /** The advised statement's text, as written after ADVISE. */
  query: string;
}
