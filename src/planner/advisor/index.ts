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
import type { Catalog } from '../catalog.js';
import { NO_INDEX_RECOMMENDATION, scannedIndexes, withCurrentIndexes } from './current-indexes.js';

/** The reference's answer when it has nothing to recommend. */
export const NO_RECOMMENDATION = 'No secondary index recommendation at this time, primary index may apply.';

/**
 * `{"#operator": "IndexAdvice", "adviseinfo": {"recommended_indexes": …}}` for a statement.
 * `recommended_indexes` holds `covering_indexes` and `indexes` (each `{index_statement,
 * keyspace_alias, recommending_rule | index_property}`), or the text {@link NO_RECOMMENDATION}.
 * With `cbo` (the request's `use_cbo`) entries carry `update_statistics` and the cost-based rule text.
 * With `existing` (the statement's own plan and the catalogue), `current_indexes` lists the
 * indexes that plan scans; one equal to a recommendation has `index_status` "THIS IS AN OPTIMAL
 * [COVERING] INDEX." and is not recommended again ("No index recommendation at this time." when
 * nothing is left); `token_options_mismatches` lists existing token indexes that differ from a
 * recommendation only in the TOKENS options (tokenql's addition, docs/advisor.md).
 */
export function adviseStatement(s: Statement, cbo = false, existing?: { plan?: StatementPlan; catalog: Catalog }): ObjectValue {
  const blocks = adviseBlocks(s);
  const used = existing?.plan ? scannedIndexes(existing.plan, existing.catalog) : [];
  let indexes: IndexAdvice[] = [];
  let covering: IndexAdvice[] = [];
  for (const b of blocks ?? []) {
    const a = adviseKeyspace(b, cbo);
    indexes.push(...a.indexes);
    covering.push(...a.covering);
  }
  const info: Record<string, Value> = {};
  let none = NO_RECOMMENDATION;
  let mismatches: Value[] = [];
  if (existing) {
    const w = withCurrentIndexes(used, existing.catalog, indexes, covering);
    if (w.current.length) info.current_indexes = w.current as unknown as Value[];
    if (w.indexes.length + w.covering.length < indexes.length + covering.length) none = NO_INDEX_RECOMMENDATION;
    ({ indexes, covering } = w);
    mismatches = w.mismatches as unknown as Value[];
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
  info.recommended_indexes = Object.keys(rec).length ? (rec as ObjectValue) : none;
  if (mismatches.length) info.token_options_mismatches = mismatches;
  return { '#operator': 'IndexAdvice', adviseinfo: info };
}

/**
 * The plan of `ADVISE statement`: one Advise operator carrying the advice and the statement's
 * text. `existing` as for {@link adviseStatement}.
 */
export function buildAdvisePlan(s: Statement, query: string, cbo = false, existing?: { plan?: StatementPlan; catalog: Catalog }): StatementPlan {
  return { plan: sequence([{ '#operator': 'Advise', advice: adviseStatement(s, cbo, existing), query }]), '~subqueries': [] };
}
