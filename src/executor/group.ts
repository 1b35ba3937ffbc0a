import type { FunctionCall } from '../ast/index.js';
import { aggregateSlot, childEnv, rootEnv, type Env, type Evaluator } from '../eval/index.js';
import { truth, type Value } from '../values/index.js';
import { createAccumulator, type Accumulator } from './aggregates.js';
import { canonicalKey } from '../values/index.js';
import { batched, type Row, type RowStream, type RunContext } from './runtime.js';

/** A compiled aggregate: its call (for the accumulator), its compiled argument and FILTER condition. */
export interface CompiledAggregate {
  call: FunctionCall;
  arg?: Evaluator;
  filter?: Evaluator;
}

interface Group {
  env: Env;
  keys: Value[];
  accs: Accumulator[];
}

/**
 * Groups rows by the values of `keys` (equivalence) and computes the aggregates per group.
 * Each output row's environment is the group's first row's, plus the aggregate slots and the
 * GROUP BY aliases. Without GROUP BY keys, all rows form one group, which exists even when
 * there are no rows (so `SELECT COUNT(*)` over nothing gives 0).
 * Source: couchbase/query `execution/{initial,intermediate,final}_group.go`.
 */
export function* group(
  input: RowStream,
  keys: { expr: Evaluator; alias?: string }[],
  aggregates: CompiledAggregate[],
  outer: Env | undefined,
  rc: RunContext,
): RowStream {
  const groups = new Map<string, Group>();
  const newGroup = (env: Env, kv: Value[]): Group => ({ env, keys: kv, accs: aggregates.map((a) => createAccumulator(a.call)) });
  for (const batch of input) {
    for (const row of batch) {
      const kv = keys.map((k) => k.expr(row.env, rc));
      const id = keys.length ? canonicalKey(kv) : '';
      let g = groups.get(id);
      if (!g) {
        g = newGroup(row.env, kv);
        groups.set(id, g);
      }
      for (let i = 0; i < aggregates.length; i++) {
        const a = aggregates[i];
        if (a.filter && !truth(a.filter(row.env, rc))) continue;
        g.accs[i].add(a.arg ? a.arg(row.env, rc) : null);
      }
    }
  }
  if (groups.size === 0 && keys.length === 0) groups.set('', newGroup(outer ? childEnv(outer) : rootEnv(), []));
  const rows: Row[] = [];
  for (const g of groups.values()) {
    const env = childEnv(g.env);
    g.accs.forEach((acc, i) => (env[aggregateSlot(i)] = acc.result()));
    keys.forEach((k, i) => {
      if (k.alias) env[k.alias] = g.keys[i];
    });
    rows.push({ env });
  }
  yield* batched(rows);
}
