import { compileExpr, type Evaluator } from '../../eval/index.js';
import type { InitialGroup } from '../../planner/index.js';
import { canonicalKey, truth, type ObjectValue, type Value } from '../../values/index.js';
import { checkAggregateCall, createAccumulator, type Accumulator } from '../aggregates.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { batched, due, PAUSE, type Row, type RowStream } from '../runtime.js';

/**
 * InitialGroup: groups its input by the GROUP BY values (equivalence) and accumulates every
 * aggregate of the block per group (a row counts for an aggregate only when its FILTER is TRUE); emits one row per group, carrying the group's keys and
 * accumulators, in the environment of the group's first row. Source: couchbase/query
 * `execution/initial_group.go`.
 */
export function compileInitialGroup(op: InitialGroup, cx: CompileContext): CompiledOperator {
  const keys: Evaluator[] = op.group_keys.map((k) => compileExpr(k, cx.scope));
  const args = op.aggregates.map((call) => {
    checkAggregateCall(call);
    return call.star ? undefined : compileExpr(call.args[0], cx.scope);
  });
  // An aggregate's FILTER (WHERE …): a row whose condition is not TRUE is not accumulated.
  const filters = op.aggregates.map((call) => (call.filter ? compileExpr(call.filter, cx.scope) : undefined));
  // GROUP AS: each input row as an object of the FROM aliases (a MISSING one left out).
  const groupAs = op.group_as !== undefined ? (op.group_as_fields ?? []) : undefined;
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      type Group = Row & { group: { keys: Value[]; accs: Accumulator[] } };
      // Groups by canonicalKey; a single key that is a string, number, boolean, NULL or MISSING
      // is its own Map key instead (SameValueZero is equivalence for these: 0 and -0 meet, NaNs
      // meet, '1' and 1 do not), so no key string is made per row. `order`: first appearance.
      const groups = new Map<string, Group>();
      const byValue = new Map<Value, Group>();
      const order: Group[] = [];
      const newGroup = (row: Row, kv: Value[], bytes: number): Group => {
        const g: Group = { env: row.env, group: { keys: kv, accs: op.aggregates.map((c) => createAccumulator(c)), ...(groupAs ? { groupAs: [] } : {}) } };
        // Each group is held until the input ends: counted against the request's memory quota.
        rc.memory?.add(96 + bytes);
        order.push(g);
        return g;
      };
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        for (let bi = 0, bn = batch.length; bi < bn; bi++) {
          const row = batch[bi]!;
          // No array per row for the common shapes: no key (one group) and one key.
          let g: Group | undefined;
          if (keys.length === 1) {
            const v = keys[0](row.env, rc);
            if (v === undefined || v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
              g = byValue.get(v);
              if (!g) byValue.set(v, (g = newGroup(row, [v], typeof v === 'string' ? 2 * v.length + 4 : 8)));
            } else {
              const id = canonicalKey(v);
              g = groups.get(id);
              if (!g) groups.set(id, (g = newGroup(row, [v], id.length * 2)));
            }
          } else {
            const kv = keys.length > 1 ? keys.map((k) => k(row.env, rc)) : undefined;
            const id = kv ? canonicalKey(kv) : '';
            g = groups.get(id);
            if (!g) groups.set(id, (g = newGroup(row, kv ?? [], id.length * 2)));
          }
          if (groupAs) {
            const item: ObjectValue = {};
            for (const f of groupAs) if (row.env[f] !== undefined) item[f] = row.env[f];
            g.group.groupAs!.push(item);
            rc.memory?.add(64);
          }
          const accs = g.group.accs;
          for (let i = 0; i < args.length; i++) {
            const a = args[i];
            const f = filters[i];
            if (f && !truth(f(row.env, rc))) continue;
            accs[i].add(a ? a(row.env, rc) : null);
          }
        }
        if (due(rc)) yield PAUSE;
      }
      yield* batched(order);
    },
  };
}
