import { rootEnv, siblingEnv, type Env, type Evaluator } from '../eval/index.js';
import { JoinTable } from './join-kernel.js';
import { truth, type Value } from '../values/index.js';
import { emit, onHolds, ownNames } from './join-rows.js';
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

const keysOf = (evs: Evaluator[], env: Env, rc: RunContext) => evs.map((e) => e(env, rc));
const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const scalar = (vs: readonly unknown[]) => vs.every(isScalar);
const isNull = (v: Value) => v === undefined || v === null;
const NO_NAMES: string[] = [];
/** The parent of every root environment (eval/env.ts): a row whose prototype it is binds only its own names. */
const ROOT_PARENT = Object.getPrototypeOf(rootEnv()) as object;

/**
 * A row of the inner side as the join keeps it: its own names and their values (the first
 * three in the row itself: an alias, its META() and its keyspace, as a keyspace's rows bind),
 * and its join key value (`key`; an array of them for a composite key). Its environment and
 * scan row are not kept: held until the probe ends, they would be copied out of the young
 * generation by every collection meanwhile, and binding a match reads this object alone (in a
 * large build side each read of another object is a cache miss per joined row).
 */
class BuildRow {
  readonly v0: Value;
  readonly v1: Value;
  readonly v2: Value;
  /** The values of names[3…], when there are more than three. */
  readonly more: Value[] | undefined;
  constructor(
    env: Env,
    readonly names: string[],
    readonly key: Value | Value[],
  ) {
    const n = names.length;
    this.v0 = n > 0 ? env[names[0]!] : undefined;
    this.v1 = n > 1 ? env[names[1]!] : undefined;
    this.v2 = n > 2 ? env[names[2]!] : undefined;
    this.more = n > 3 ? names.slice(3).map((k) => env[k]) : undefined;
  }
}

/** The build row of every bare inner row (see hashJoin's `bare`): it binds nothing. */
const BARE = new BuildRow(rootEnv(), NO_NAMES, undefined);

/** Binds the build row `m`'s names into `env` (see {@link BuildRow}). */
function bindRow(env: Env, m: BuildRow): void {
  const n = m.names;
  if (n.length > 0) env[n[0]!] = m.v0;
  if (n.length > 1) env[n[1]!] = m.v1;
  if (n.length > 2) env[n[2]!] = m.v2;
  for (let i = 3; i < n.length; i++) env[n[i]!] = m.more![i - 3];
}

/** A new row environment: `outerEnv`'s names (copied, {@link siblingEnv}) and the build row `m`'s. */
function combineRow(outerEnv: Env, m: BuildRow): Env {
  const env = siblingEnv(outerEnv);
  bindRow(env, m);
  return env;
}

/**
 * The names `env` binds itself (see join-rows.ts {@link ownNames}), `prev` when they are the
 * same (so the rows of one side share one array). A root environment's names are compared
 * by for-in (V8's cached list of them) with no array made per row.
 */
function namesOf(env: Env, base: Env | undefined, prev: string[]): string[] {
  if (base === undefined && prev.length > 0 && Object.getPrototypeOf(env) === ROOT_PARENT) {
    let i = 0;
    let same = true;
    for (const k in env) {
      if (k !== prev[i++]) {
        same = false;
        break;
      }
    }
    if (same && i === prev.length) return prev;
  }
  const next = ownNames(env, base);
  if (next.length !== prev.length) return next;
  for (let i = 0; i < next.length; i++) if (next[i] !== prev[i]) return next;
  return prev;
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

/**
 * HashJoin / HashNest: hashes one side by its join key values and probes it with the other's.
 * MISSING and NULL keys never match; each candidate pair must also satisfy the whole ON clause.
 * The inner side is built unless the join is an inner join whose outer input is the smaller
 * (by count) or `USE HASH(PROBE)` makes the inner side the probe. Output order is not defined
 * (as the reference's). Pauses are passed on. Source: couchbase/query `execution/hash_join.go`,
 * `hash_nest.go`.
 */
export function* hashJoin(input: RowStream, spec: HashJoinSpec, blockEnv: Env | undefined, rc: RunContext): RowStream {
  // The inner side, read once: a BuildRow per row whose key is neither MISSING nor NULL (the
  // others never match, whichever side is built).
  const composite = spec.innerKeys.length !== 1;
  const innerKey = spec.innerKeys[0]!;
  const items: BuildRow[] = [];
  // Matches on scalar keys are not bound when nothing reads the alias and the key equality is
  // the whole condition (so the ON clause is not evaluated on them).
  const bare = !!spec.unread && !!spec.exact && !spec.outer && !spec.nest;
  /** The keys of bare rows (single scalar keys): each stands for a row {@link BARE} represents in the table. */
  const bareKeys: Value[] = [];
  let innerCount = 0;
  let names: string[] = [];
  for (const b of spec.inner(blockEnv, rc)) {
    if (b.length === 0) {
      yield b;
      continue;
    }
    innerCount += b.length;
    for (let i = 0; i < b.length; i++) {
      const env = b[i]!.env;
      const key = composite ? keysOf(spec.innerKeys, env, rc) : innerKey(env, rc);
      if (composite ? (key as Value[]).some(isNull) : isNull(key as Value)) continue;
      // A row that is never bound (see `bare`) is its key alone: no object per row.
      if (bare && !composite && isScalar(key)) {
        bareKeys.push(key as Value);
        continue;
      }
      names = namesOf(env, blockEnv, names);
      items.push(new BuildRow(env, names, key));
    }
  }
  const it = input[Symbol.iterator]();
  const pending: Row[][] = [];
  let buildOuter = spec.build === 'outer';
  if (spec.build === 'smaller' && !spec.outer && !spec.nest) {
    // Read the outer input until it is known to be at least as large as the inner one.
    let n = 0;
    let ended = false;
    while (n < innerCount) {
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
    buildOuter = ended && n < innerCount;
  }
  function* outerBatches(): Iterable<Row[]> {
    yield* pending.splice(0);
    for (let next = it.next(); !next.done; next = it.next()) yield next.value;
  }
  if (!buildOuter) {
    const table = new JoinTable<BuildRow>();
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (composite) table.addAll(item.key as Value[], item);
      else table.add(item.key as Value, item);
      if ((i & 4095) === 4095 && due(rc)) yield PAUSE;
    }
    for (let i = 0; i < bareKeys.length; i++) {
      table.add(bareKeys[i], BARE);
      if ((i & 4095) === 4095 && due(rc)) yield PAUSE;
    }
    items.length = 0;
    bareKeys.length = 0;
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
              const env = combineRow(row.env, c);
              if (on === undefined || truth(on(env, rc))) out.push({ env });
            }
            m = rest[rest.length - 1]!;
          }
          // The outer row is this join's own (an upstream operator made it for this one row):
          // the last match binds into it, so a unique key costs no new environment or row. A
          // bare match binds nothing (not even a read of the build row).
          if (!bare || on !== undefined) bindRow(row.env, m);
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
              const env = combineRow(row.env, candidates[i]!);
              if (on === undefined || truth(on(env, rc))) out.push({ env });
            }
            // The last match binds into the outer row (as above).
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
  for (const item of items) {
    const candidates = composite ? table.getAll(item.key as Value[]) : table.get(item.key as Value);
    if (!candidates) continue;
    const exact = !!spec.exact && (composite ? scalar(item.key as Value[]) : isScalar(item.key));
    const on = exact ? undefined : spec.on;
    for (const o of candidates) {
      const env = combineRow(o.env, item);
      if (onHolds(on, env, rc)) out.push({ env });
    }
    if (out.length >= BATCH_SIZE) {
      yield out;
      out = [];
      if (due(rc)) yield PAUSE;
    }
  }
  // Bare inner rows (single scalar keys, nothing read after the join): a row per match, unbound.
  for (const key of bareKeys) {
    const candidates = table.get(key);
    if (!candidates) continue;
    for (const o of candidates) out.push({ env: siblingEnv(o.env) });
    if (out.length >= BATCH_SIZE) {
      yield out;
      out = [];
      if (due(rc)) yield PAUSE;
    }
  }
  if (out.length) yield out;
}
