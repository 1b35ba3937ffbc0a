/**
 * The index advisor: `ADVISE statement` (couchbase/query `algebra/advise.go`,
 * `planner/build_advise_ee.go`). The recommendations are computed when the statement is
 * planned; the plan is one `Advise` operator that emits them.
 */
import type { Statement } from '../../ast/index.js';
import type { ObjectValue, Value } from '../../values/index.js';
import { sequence, type StatementPlan } from '../plan/index.js';
import { adviseBlocks } from './block.js';
import { adviseKeyspace, type IndexAdvice } from './advise-keyspace.js';

/** The reference's answer when it has nothing to recommend. */
export const NO_RECOMMENDATION = 'No secondary index recommendation at this time, primary index may apply.';

/**
 * `{"#operator": "IndexAdvice", "adviseinfo": {"recommended_indexes": …}}` for a statement.
 * `recommended_indexes` holds `covering_indexes` and `indexes` (each `{index_statement,
 * keyspace_alias, recommending_rule | index_property}`), or the text {@link NO_RECOMMENDATION}.
 * With `cbo` (the request's `use_cbo`) entries carry `update_statistics` and the cost-based rule text.
 */
export function adviseStatement(s: Statement, cbo = false): ObjectValue {
  const blocks = adviseBlocks(s);
  if (!blocks) return { '#operator': 'IndexAdvice', adviseinfo: { recommended_indexes: NO_RECOMMENDATION } };
  const indexes: IndexAdvice[] = [];
  const covering: IndexAdvice[] = [];
  for (const b of blocks) {
    const a = adviseKeyspace(b, cbo);
    indexes.push(...a.indexes);
    covering.push(...a.covering);
  }
  const rec: Record<string, Value> = {};
  if (covering.length) rec.covering_indexes = covering as unknown as Value;
  if (indexes.length) rec.indexes = indexes as unknown as Value;
  return { '#operator': 'IndexAdvice', adviseinfo: { recommended_indexes: Object.keys(rec).length ? (rec as ObjectValue) : NO_RECOMMENDATION } };
}

/** The plan of `ADVISE statement`: one Advise operator carrying the advice and the statement's text. */
export function buildAdvisePlan(s: Statement, query: string, cbo = false): StatementPlan {
  return { plan: sequence([{ '#operator': 'Advise', advice: adviseStatement(s, cbo), query }]), '~subqueries': [] };
}
