import { rootEnv, siblingEnv, type Env, type Evaluator } from '../eval/index.js';
import type { Value } from '../values/index.js';
import { JoinTable } from './join-kernel.js';
import { ownNames } from './join-rows.js';
import type { Row, RunContext } from './runtime.js';

/**
 * The inner side of a hash join as it is kept for the build or the probe (join-hash.ts), in
 * small functions apart from the join's generator: V8 compiles and re-optimises them quickly,
 * where one large generator was recompiled at length on every deoptimisation.
 */

export const keysOf = (evs: Evaluator[], env: Env, rc: RunContext): Value[] => evs.map((e) => e(env, rc));
export const isScalar = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
export const scalar = (vs: readonly unknown[]): boolean => vs.every(isScalar);
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
export class BuildRow {
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

/** The build row of every bare inner row (see {@link InnerSide}): it binds nothing. */
export const BARE = new BuildRow(rootEnv(), NO_NAMES, undefined);

/** Binds the build row `m`'s names into `env` (see {@link BuildRow}). */
export function bindRow(env: Env, m: BuildRow): void {
  const n = m.names;
  if (n.length > 0) env[n[0]!] = m.v0;
  if (n.length > 1) env[n[1]!] = m.v1;
  if (n.length > 2) env[n[2]!] = m.v2;
  for (let i = 3; i < n.length; i++) env[n[i]!] = m.more![i - 3];
}

/** A new row environment: `outerEnv`'s names (copied, siblingEnv) and the build row `m`'s. */
export function combineRow(outerEnv: Env, m: BuildRow): Env {
  const env = siblingEnv(outerEnv);
  bindRow(env, m);
  return env;
}

/**
 * The names `env` binds itself (see join-rows.ts ownNames), `prev` when they are the same (so
 * the rows of one side share one array). A root environment's names are compared by for-in
 * (V8's cached list of them) with no array made per row.
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

/**
 * The inner side's rows, read once: a {@link BuildRow} per row whose key is neither MISSING nor
 * NULL (the others never match, whichever side is built), or, for a bare row, its key alone.
 * A row is bare when nothing after the join reads its alias, the key equality is the whole
 * condition and its single key is a string, number or boolean: a match binds nothing and the ON
 * clause is not evaluated, so the row need not be kept (no object per row).
 */
export class InnerSide {
  readonly items: BuildRow[] = [];
  readonly bareKeys: Value[] = [];
  /** Rows read, MISSING and NULL keys included (the count the build side is chosen by). */
  count = 0;
  private names: string[] = [];
  private readonly composite: boolean;
  private readonly key: Evaluator;

  constructor(
    private readonly keys: Evaluator[],
    private readonly base: Env | undefined,
    readonly bare: boolean,
  ) {
    this.composite = keys.length !== 1;
    this.key = keys[0]!;
  }

  /** Reads one batch of inner rows. */
  read(batch: readonly Row[], rc: RunContext): void {
    this.count += batch.length;
    for (let i = 0; i < batch.length; i++) {
      const env = batch[i]!.env;
      if (this.composite) {
        const key = keysOf(this.keys, env, rc);
        if (key.some(isNull)) continue;
        this.names = namesOf(env, this.base, this.names);
        this.items.push(new BuildRow(env, this.names, key));
        continue;
      }
      const key = this.key(env, rc);
      if (isNull(key)) continue;
      if (this.bare && isScalar(key)) {
        this.bareKeys.push(key);
        continue;
      }
      this.names = namesOf(env, this.base, this.names);
      this.items.push(new BuildRow(env, this.names, key));
    }
  }

  /** The number of rows {@link addTo} hashes. */
  get size(): number {
    return this.items.length + this.bareKeys.length;
  }

  /** Hashes rows `from` to `to` (of {@link size}) into `table`. */
  addTo(table: JoinTable<BuildRow>, from: number, to: number): void {
    const items = this.items;
    const n = items.length;
    for (let i = from; i < to && i < n; i++) {
      const item = items[i]!;
      if (this.composite) table.addAll(item.key as Value[], item);
      else table.add(item.key as Value, item);
    }
    const bare = this.bareKeys;
    for (let i = Math.max(from, n); i < to; i++) table.add(bare[i - n], BARE);
  }
}
