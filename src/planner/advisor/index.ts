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
  // The same index for several aliases of one keyspace: one entry naming them all.
  const merge = (list: IndexAdvice[]): Value => {
    const out: Record<string, Value>[] = [];
    for (const a of list) {
      const same = out.find((o) => o.index_statement === a.index_statement);
      if (!same) out.push({ ...a } as unknown as Record<string, Value>);
      else if (same.keyspace_alias !== a.keyspace_alias) {
        const names = (same.keyspace_aliases as string[] | undefined) ?? [same.keyspace_alias as string];
        if (!names.includes(a.keyspace_alias)) names.push(a.keyspace_alias);
        delete same.keyspace_alias;
        same.keyspace_aliases = names;
      }
    }
    return out;
  };
  if (covering.length) rec.covering_indexes = merge(covering);
  if (indexes.length) rec.indexes = merge(indexes);
  return { '#operator': 'IndexAdvice', adviseinfo: { recommended_indexes: Object.keys(rec).length ? (rec as ObjectValue) : NO_RECOMMENDATION } };
}

/** The plan of `ADVISE statement`: one Advise operator carrying the advice and the statement's text. */
export function buildAdvisePlan(s: Statement, query: string, cbo = false): StatementPlan {
  return { plan: sequence([{ '#operator': 'Advise', advice: adviseStatement(s, cbo), query }]), '~subqueries': [] };
}
