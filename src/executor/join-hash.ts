import { siblingEnv, type Env, type Evaluator } from '../eval/index.js';
import { truth, type Value } from '../values/index.js';
import { bindRow, combineRow, InnerSide, isScalar, keysOf, scalar, type BuildRow } from './join-hash-build.js';
import { JoinTable } from './join-kernel.js';
import { emit, onHolds } from './join-rows.js';
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
  /**
   * Nothing after the join reads its alias (the plan's `_unread`): with `exact`, a match on a
   * scalar key binds nothing into the row passed on (the same rows, without the alias).
   */
  unread?: boolean;
}

/** Rows hashed between two checks of the request's time slice. */
const HASH_CHUNK = 4096;

/**
 * HashJoin / HashNest: hashes one side by its join key values and probes it with the other's.
 * MISSING and NULL keys never match; each candidate pair must also satisfy the whole ON clause.
 * The inner side is built unless the join is an inner join whose outer input is the smaller
 * (by count) or `USE HASH(PROBE)` makes the inner side the probe. Output order is not defined
 * (as the reference's). Pauses are passed on. Source: couchbase/query `execution/hash_join.go`,
 * `hash_nest.go`.
 */
export function* hashJoin(input: RowStream, spec: HashJoinSpec, blockEnv: Env | undefined, rc: RunContext): RowStream {
  // Matches on scalar keys bind nothing when nothing reads the alias and the key equality is
  // the whole condition (so the ON clause is not evaluated on them): see InnerSide.
  const bare = !!spec.unread && !!spec.exact && !spec.outer && !spec.nest;
  const side = new InnerSide(spec.innerKeys, blockEnv, bare);
  for (const b of spec.inner(blockEnv, rc)) {
    if (b.length === 0) yield b;
    else side.read(b, rc);
  }
  const it = input[Symbol.iterator]();
  const pending: Row[][] = [];
  let buildOuter = spec.build === 'outer';
  if (spec.build === 'smaller' && !spec.outer && !spec.nest) {
    // Read the outer input until it is known to be at least as large as the inner one.
    let n = 0;
    let ended = false;
    while (n < side.count) {
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
    buildOuter = ended && n < side.count;
  }
  function* outerBatches(): Iterable<Row[]> {
    yield* pending.splice(0);
    for (let next = it.next(); !next.done; next = it.next()) yield next.value;
  }
  if (!buildOuter) {
    const table = new JoinTable<BuildRow>();
    for (let i = 0; i < side.size; i += HASH_CHUNK) {
      side.addTo(table, i, i + HASH_CHUNK);
      if (due(rc)) yield PAUSE;
    }
    side.items.length = 0;
    side.bareKeys.length = 0;
    const probe = spec.outerKeys.length === 1 && !spec.nest && !spec.outer ? new OneKeyProbe(table, spec, bare) : undefined;
    for (const batch of outerBatches()) {
      if (batch.length === 0) {
        yield batch;
        continue;
      }
      const out = probe ? probe.batch(batch, rc) : probeRows(batch, table, spec, rc);
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
  const table = outerTable(outerRows, spec.outerKeys, rc);
  let out: Row[] = [];
  for (let i = 0; i < side.size; i++) {
    matchInner(side, i, table, spec, rc, out);
    if (out.length >= BATCH_SIZE) {
      yield out;
      out = [];
      if (due(rc)) yield PAUSE;
    }
  }
  if (out.length) yield out;
}

/**
 * The probe of an inner join on one key (the common case): a key's first match, and the others
 * only when the build side has duplicate keys, with no list per outer row. A batch's key values
 * are computed first, then their first matches in one loop of probes (independent reads, which
 * the processor overlaps: in a large build side each is a cache miss).
 */
class OneKeyProbe {
  private readonly keys: Value[] = [];
  private readonly firsts: (BuildRow | undefined)[] = [];
  private readonly key: Evaluator;

  constructor(
    private readonly table: JoinTable<BuildRow>,
    private readonly spec: HashJoinSpec,
    private readonly bare: boolean,
  ) {
    this.key = spec.outerKeys[0]!;
  }

  /** The joined rows of one batch of outer rows. */
  batch(batch: readonly Row[], rc: RunContext): Row[] {
    const { keys, firsts, table, spec } = this;
    const out: Row[] = [];
    const n = batch.length;
    for (let i = 0; i < n; i++) keys[i] = this.key(batch[i]!.env, rc);
    for (let i = 0; i < n; i++) firsts[i] = table.first(keys[i]);
    for (let i = 0; i < n; i++) {
      const first = firsts[i];
      if (first === undefined) continue;
      const row = batch[i]!;
      const v = keys[i];
      const on = spec.exact && isScalar(v) ? undefined : spec.on;
      const rest = table.rest(v);
      let m = first;
      if (rest) {
        for (let j = -1; j < rest.length - 1; j++) {
          const env = combineRow(row.env, j < 0 ? first : rest[j]!);
          if (on === undefined || truth(on(env, rc))) out.push({ env });
        }
        m = rest[rest.length - 1]!;
      }
      // The outer row is this join's own (an upstream operator made it for this one row): the
      // last match binds into it, so a unique key costs no new environment or row. A bare
      // match binds nothing (not even a read of the build row).
      if (!this.bare || on !== undefined) bindRow(row.env, m);
      if (on === undefined || truth(on(row.env, rc))) out.push(row);
    }
    return out;
  }
}

/** The joined rows of one batch of outer rows: any join or nest, one key or several. */
function probeRows(batch: readonly Row[], table: JoinTable<BuildRow>, spec: HashJoinSpec, rc: RunContext): Row[] {
  const out: Row[] = [];
  const one = spec.outerKeys.length === 1 ? spec.outerKeys[0]! : undefined;
  const plain = !spec.nest && !spec.outer;
  for (let i = 0; i < batch.length; i++) {
    const row = batch[i]!;
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
        for (let j = 0; j < last; j++) {
          const env = combineRow(row.env, candidates[j]!);
          if (on === undefined || truth(on(env, rc))) out.push({ env });
        }
        // The last match binds into the outer row (as in OneKeyProbe).
        bindRow(row.env, candidates[last]!);
        if (on === undefined || truth(on(row.env, rc))) out.push(row);
      }
      continue;
    }
    const matches: Env[] = [];
    if (candidates) {
      for (const m of candidates) {
        const env = combineRow(row.env, m);
        if (onHolds(on, env, rc)) matches.push(env);
      }
    }
    emit(out, row.env, matches, spec.alias, spec.nest, spec.outer);
  }
  return out;
}

/** The hash table of outer `rows` by the key values `evs` compute on them (build on the outer side). */
function outerTable(rows: readonly Row[], evs: Evaluator[], rc: RunContext): JoinTable<Row> {
  const table = new JoinTable<Row>();
  const one = evs.length === 1 ? evs[0]! : undefined;
  for (const r of rows) {
    if (one) table.add(one(r.env, rc), r);
    else table.addAll(keysOf(evs, r.env, rc), r);
  }
  return table;
}

/** Appends to `out` the joined rows of inner row `i` of `side` (its items, then its bare keys) and the outer rows of `table`. */
function matchInner(side: InnerSide, i: number, table: JoinTable<Row>, spec: HashJoinSpec, rc: RunContext, out: Row[]): void {
  const n = side.items.length;
  if (i >= n) {
    // A bare row: a row per match, its alias unbound.
    const candidates = table.get(side.bareKeys[i - n]);
    if (candidates) for (const o of candidates) out.push({ env: siblingEnv(o.env) });
    return;
  }
  const item = side.items[i]!;
  const composite = spec.innerKeys.length !== 1;
  const candidates = composite ? table.getAll(item.key as Value[]) : table.get(item.key as Value);
  if (!candidates) return;
  const exact = !!spec.exact && (composite ? scalar(item.key as Value[]) : isScalar(item.key));
  const on = exact ? undefined : spec.on;
  for (const o of candidates) {
    const env = combineRow(o.env, item);
    if (onHolds(on, env, rc)) out.push({ env });
  }
}
