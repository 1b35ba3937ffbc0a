import type { Returning } from '../ast/index.js';
import type { DeletePlan, InsertPlan, UpdatePlan } from './logical-plan.js';
import { parallel, sequence, type Operator } from './plan/index.js';
import { sourceOps } from './source-ops.js';
import { filterOp, letOp, projectionTerms, selectTree } from './build-tree.js';

/**
 * The operator trees of INSERT/UPSERT, UPDATE and DELETE (couchbase/query `planner/build_insert.go`,
 * `build_update.go`, `build_delete.go` shapes).
 */

/** RETURNING's projection, as an InitialProject. */
function returningOps(r: Returning | undefined): Operator[] {
  return r ? [{ '#operator': 'InitialProject', ...(r.raw ? { raw: true } : {}), result_terms: projectionTerms(r.terms) }] : [];
}

/** INSERT/UPSERT: ValueScan or the SELECT's plan, then SendInsert/SendUpsert (and RETURNING's projection). */
export function insertTree(p: InsertPlan): Operator {
  const name = p.upsert ? 'SendUpsert' : 'SendInsert';
  const alias = p.keyspace.alias ?? p.keyspace.path[p.keyspace.path.length - 1];
  const send = { '#operator': name, alias, keyspace: p.keyspace.name, namespace: 'default' } as const;
  if (p.values) {
    const values = p.values.map((v) => ({ key: v.key, ...(v.value ? { value: v.value } : {}), ...(v.options ? { options: v.options } : {}) }));
    return sequence([{ '#operator': 'ValueScan', values }, parallel(sequence([send, ...returningOps(p.returning)]), 1)]);
  }
  const s = p.select!;
  return sequence([
    selectTree(s.query),
    parallel(sequence([{ ...send, key: s.key, ...(s.value ? { value: s.value } : {}), ...(s.options ? { options: s.options } : {}) }, ...returningOps(p.returning)])),
  ]);
}

/** UPDATE and DELETE: the scan, Fetch and Filter, Limit, then Clone/Set/Unset/SendUpdate or SendDelete, then RETURNING's projection. */
export function mutationTree(p: UpdatePlan | DeletePlan): Operator {
  const scan = sourceOps(p.source, selectTree);
  const read: Operator[] = [];
  // The scan's Fetch goes into the Parallel, as the reference prints it.
  if (scan.length > 1 && scan[scan.length - 1]['#operator'] === 'Fetch') read.push(scan.pop()!);
  if (p.let?.length) read.push(letOp(p.let));
  if (p.where) read.push(p.let?.length ? { '#operator': 'Filter', condition: p.where } : filterOp(p.where, p.source, scan));
  const ops: Operator[] = [...scan, parallel(sequence(read))];
  // An OFFSET pushed into the index scan is not applied again.
  const offsetPushed = p.source.op === 'IndexScan' && p.source.scan.kind === 'IndexScan3' && p.source.scan.offset !== undefined;
  if (p.offset && !offsetPushed) ops.push({ '#operator': 'Offset', expr: p.offset });
  if (p.limit) ops.push({ '#operator': 'Limit', expr: p.limit });
  const write: Operator[] = [];
  const target = { alias: p.alias, keyspace: p.keyspace, ...(p.limit ? { limit: p.limit } : {}), namespace: 'default' };
  if (p.kind === 'Update') {
    write.push({ '#operator': 'Clone' });
    if (p.set.length) write.push({ '#operator': 'Set', set_terms: p.set.map((s) => ({ path: s.path, value: s.value, ...(s.for ? { for: s.for } : {}) })) });
    if (p.unset.length) write.push({ '#operator': 'Unset', unset_terms: p.unset.map((u) => ({ path: u })) });
    write.push({ '#operator': 'SendUpdate', ...target });
  } else {
    write.push({ '#operator': 'SendDelete', ...target });
  }
  write.push(...returningOps(p.returning));
  ops.push(parallel(sequence(write)));
  return sequence(ops);
}
