import type { Env, Evaluator } from '../eval/index.js';
import { JoinTable } from './join-kernel.js';
import { truth, type Value } from '../values/index.js';
import { bindInto, combine, emit, onHolds, ownNames } from './join-rows.js';
import { BATCH_SIZE, due, PAUSE, type Row, type RowStream, type RunContext } from './runtime.js';

/** A compiled hash join or nest. `innerKeys[i]` (on inner rows) pairs with `outerKeys[i]` (on outer rows). */
export interface HashJoinSpec {
  alias: string;
  /** Runs the inner side's operators in the block's environment (once). */
  inner: (outer: Env | undefined, rc: RunContext) => RowStream;
  innerKeys: Evaluator[];
  outerKeys: Evaluator[];
  on?: Evaluator;
  outer: boolean;
  nest: boolean;
  /** Which side is hashed: `smaller` compares the inputs' counts at run time (inner joins only). */
  build: 'inner' | 'outer' | 'smaller';
  /**
   * The condition is exactly the equi-join pairs: when the key values are strings, numbers or
   * booleans, equal hash keys mean the condition is TRUE and it is not evaluated again.
   */
  exact?: boolean;
}

const keysOf = (evs: Evaluator[], env: Env, rc: RunContext) => evs.map((e) => e(env, rc));
const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const scalar = (vs: readonly unknown[]) => vs.every(isScalar);

/**
 * A build row: its environment and its own names (copied into each row it joins), with the
 * values of its first two names held in the row itself: binding a match (an alias and its
 * META(), as a keyspace's rows have) then reads this object alone, not also the environment (in
 * a large build side, another cache miss per joined row).
 */
class BuildRow {
  readonly v0: Value;
  readonly v1: Value;
  constructor(
    readonly env: Env,
    readonly names: string[],
  ) {
    this.v0 = names.length > 0 ? env[names[0]!] : undefined;
    this.v1 = names.length > 1 ? env[names[1]!] : undefined;
  }
}

/** Binds the build row `m`'s names into `env` (see {@link BuildRow}). */
function bindRow(env: Env, m: BuildRow): void {
  const n = m.names;
  if (n.length > 2) return bindInto(env, m.env, n);
  if (n.length > 0) env[n[0]!] = m.v0;
  if (n.length > 1) env[n[1]!] = m.v1;
}

/** `prev` when `next` holds the same names in the same order (so build rows share one array), else `next`. */
function sameNames(next: string[], prev: string[]): string[] {
  if (next.length !== prev.length) return next;
  for (let i = 0; i < next.length; i++) if (next[i] !== prev[i]) return next;
  return prev;
}

/**
 * The hash table of `rows` by the key values `evs` compute on them. One key is evaluated
 * straight into the table (no array per row).
 */
function hashRows(rows: Iterable<Row>, evs: Evaluator[], rc: RunContext, base?: Env): JoinTable<BuildRow> {
  const table = new JoinTable<BuildRow>();
  const one = evs.length === 1 ? evs[0]! : undefined;
  // Rows of one side bind the same names (an alias and its META()): one array serves them all.
  let names: string[] = [];
  for (const r of rows) {
    names = sameNames(ownNames(r.env, base), names);
    const item = new BuildRow(r.env, names);
    if (one) table.add(one(r.env, rc), item);
    else table.addAll(keysOf(evs, r.env, rc), item);
  }
  return table;
}

/**
 * HashJoin / HashNest: hashes one side by its join key values and probes it with the other's.
 * MISSING and NULL keys never match; each candidate pair must also satisfy the whole ON clause.
 * The inner side is built unless the join is an inner join whose outer input is the smaller
 * (by count) or `USE HASH(PROBE)` makes the inner side the probe. Output order is not defined
 * (as the reference's). Pauses are passed on. Source: couchbase/query `execution/hash_join.go`,
 * `hash_nest.go`.
 */
export function* hashJoin(input: RowStream, spec: HashJoinSpec, blockEnv: Env | undefined, rc: RunContext): RowStream {
  const innerRows: Row[] = [];
  for (const b of spec.inner(blockEnv, rc)) {
    if (b.length === 0) {
      yield b;
      continue;
    }
    for (const r of b) innerRows.push(r);
  }
  const it = input[Symbol.iterator]();
  const pending: Row[][] = [];
  let buildOuter = spec.build === 'outer';
  if (spec.build === 'smaller' && !spec.outer && !spec.nest) {
    // Read the outer input until it is known to be at least as large as the inner one.
    let n = 0;
    let ended = false;
    while (n < innerRows.length) {
      const next = it.next();
      if (next.done) {
        ended = true;
        break;
      }
      if (next.value.length === 0) {
        yield next.value;
        continue;
      }
      pending.push(next.value);
      n += next.value.length;
    }
    buildOuter = ended && n < innerRows.length;
  }
  function* outerBatches(): Iterable<Row[]> {
    yield* pending.splice(0);
    for (let next = it.next(); !next.done; next = it.next()) yield next.value;
  }
  if (!buildOuter) {
    const table = hashRows(innerRows, spec.innerKeys, rc, blockEnv);
    const one = spec.outerKeys.length === 1 ? spec.outerKeys[0]! : undefined;
    // An inner join emits each match as it is found (no list of matches per outer row).
    const plain = !spec.nest && !spec.outer;
    const probeKeys: Value[] = [];
    const probeFirsts: (BuildRow | undefined)[] = [];
    for (const batch of outerBatches()) {
      if (batch.length === 0) {
        yield batch;
        continue;
      }
      const out: Row[] = [];
      const n = batch.length;
      if (plain && one) {
        // The batch's key values, then their first matches in one loop of probes (independent
        // reads, which the processor overlaps: in a large build side each is a cache miss).
        for (let i = 0; i < n; i++) probeKeys[i] = one(batch[i]!.env, rc);
        for (let i = 0; i < n; i++) probeFirsts[i] = table.first(probeKeys[i]);
      }
      for (let i = 0; i < n; i++) {
        const row = batch[i]!;
        if (plain && one) {
          // The common case, an inner join on one key: a key's first match (and the others
          // only when the build side has duplicate keys), no list per outer row.
          const v: Value = probeKeys[i];
          const first = probeFirsts[i];
          if (first === undefined) continue;
          const on = spec.exact && isScalar(v) ? undefined : spec.on;
          const rest = table.rest(v);
          let m = first;
          if (rest) {
            for (let i = -1; i < rest.length - 1; i++) {
              const c = i < 0 ? first : rest[i]!;
              const env = combine(row.env, c.env, c.names);
              if (on === undefined || truth(on(env, rc))) out.push({ env });
            }
            m = rest[rest.length - 1]!;
          }
          // The outer row is this join's own (an upstream operator made it for this one row):
          // the last match binds into it, so a unique key costs no new environment or row.
          bindRow(row.env, m);
          if (on === undefined || truth(on(row.env, rc))) out.push(row);
          continue;
        }
        let candidates: BuildRow[] | undefined;
        let exact: boolean;
        if (one) {
          const v: Value = one(row.env, rc);
          candidates = table.get(v);
          exact = !!spec.exact && isScalar(v);
        } else {
          const key = keysOf(spec.outerKeys, row.env, rc);
          candidates = table.getAll(key);
          exact = !!spec.exact && scalar(key);
        }
        const on = exact ? undefined : spec.on;
        if (plain) {
          if (candidates) {
            const last = candidates.length - 1;
            for (let i = 0; i < last; i++) {
              const m = candidates[i]!;
              const env = combine(row.env, m.env, m.names);
              if (on === undefined || truth(on(env, rc))) out.push({ env });
            }
            // The last match binds into the outer row (as above).
            const m = candidates[last]!;
            bindRow(row.env, m);
            if (on === undefined || truth(on(row.env, rc))) out.push(row);
          }
          continue;
        }
        const matches: Env[] = [];
        if (candidates) {
          for (const m of candidates) {
            const env = combine(row.env, m.env, m.names);
            if (onHolds(on, env, rc)) matches.push(env);
          }
        }
        emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
      }
      if (out.length) yield out;
      if (due(rc)) yield PAUSE;
    }
    return;
  }
  // Build on the outer rows (inner joins only), probe with the inner rows.
  const outerRows: Row[] = [];
  for (const b of outerBatches()) {
    if (b.length === 0) {
      yield b;
      continue;
    }
    for (const r of b) outerRows.push(r);
  }
  const table = hashRows(outerRows, spec.outerKeys, rc);
  let out: Row[] = [];
  for (const inner of innerRows) {
    const candidates = table.getAll(keysOf(spec.innerKeys, inner.env, rc));
    if (!candidates) continue;
    const names = ownNames(inner.env, blockEnv);
    for (const o of candidates) {
      const env = combine(o.env, inner.env, names);
      if (onHolds(spec.on, env, rc)) out.push({ env });
    }
    if (out.length >= BATCH_SIZE) {
      yield out;
      out = [];
      if (due(rc)) yield PAUSE;
    }
  }
  if (out.length) yield out;
}
