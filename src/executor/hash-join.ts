import type { Env, Evaluator } from '../eval/index.js';
import { buildTable, joinKey, probe } from './join-kernel.js';
import { combine, emit, onHolds } from './join-rows.js';
import type { Row, RowStream, RunContext } from './runtime.js';
import type { CompiledSource } from './scan.js';

/** A compiled hash join or nest. `innerKeys[i]` (on inner rows) pairs with `outerKeys[i]` (on outer rows). */
export interface HashJoinSpec {
  alias: string;
  inner: CompiledSource;
  innerKeys: Evaluator[];
  outerKeys: Evaluator[];
  on?: Evaluator;
  outer: boolean;
  nest: boolean;
  /** Which side is hashed: `smaller` compares the inputs' counts at run time (inner joins only). */
  build: 'inner' | 'outer' | 'smaller';
}

const keysOf = (evs: Evaluator[], env: Env, rc: RunContext) => evs.map((e) => e(env, rc));

/**
 * HashJoin / HashNest: hashes one side by its join key values and probes it with the other's.
 * MISSING and NULL keys never match; each candidate pair must also satisfy the whole ON clause.
 * The inner side is built unless the join is an inner join whose outer input is the smaller
 * (by count) or `USE HASH(PROBE)` names the inner side as the probe. Output order is not
 * defined (as the reference's). Source: couchbase/query `execution/hash_join.go`, `hash_nest.go`.
 * @param blockEnv the environment the block runs in (the enclosing query's, for a subquery): the
 *   inner side is read once, in it
 */
export function* hashJoin(input: RowStream, spec: HashJoinSpec, blockEnv: Env | undefined, rc: RunContext): RowStream {
  const innerRows: Row[] = [];
  for (const b of spec.inner(blockEnv, rc)) for (const r of b) innerRows.push(r);
  let buildOuter = spec.build === 'outer';
  let pending: Row[][] = [];
  let rest: Iterator<Row[]> | undefined;
  if (spec.build === 'smaller' && !spec.outer && !spec.nest) {
    // Read the outer input until it is known to be larger than the inner one.
    rest = input[Symbol.iterator]();
    let n = 0;
    for (;;) {
      const next = rest.next();
      if (next.done) {
        buildOuter = n < innerRows.length;
        rest = undefined;
        break;
      }
      pending.push(next.value);
      n += next.value.length;
      if (n >= innerRows.length) break;
    }
  }
  const outerBatches = function* (): Iterable<Row[]> {
    yield* pending;
    pending = [];
    if (rest) for (let it = rest.next(); !it.done; it = rest.next()) yield it.value;
    else if (spec.build !== 'smaller' || spec.outer || spec.nest) yield* input;
  };
  if (!buildOuter) {
    const table = buildTable(innerRows, (r) => keysOf(spec.innerKeys, r.env, rc));
    for (const batch of outerBatches()) {
      const out: Row[] = [];
      for (const row of batch) {
        const matches: Env[] = [];
        for (const m of probe(table, keysOf(spec.outerKeys, row.env, rc), () => true)) {
          const env = combine(row.env, m.env);
          if (onHolds(spec.on, env, rc)) matches.push(env);
        }
        emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
      }
      if (out.length) yield out;
    }
    return;
  }
  // Build on the outer rows (inner joins only), probe with the inner rows.
  const outerRows: Row[] = [];
  for (const b of outerBatches()) for (const r of b) if (joinKey(keysOf(spec.outerKeys, r.env, rc)) !== undefined) outerRows.push(r);
  const table = buildTable(outerRows, (r) => keysOf(spec.outerKeys, r.env, rc));
  const out: Row[] = [];
  for (const inner of innerRows) {
    for (const o of probe(table, keysOf(spec.innerKeys, inner.env, rc), () => true)) {
      const env = combine(o.env, inner.env);
      if (onHolds(spec.on, env, rc)) out.push({ env });
    }
    if (out.length >= 256) yield out.splice(0);
  }
  if (out.length) yield out;
}
