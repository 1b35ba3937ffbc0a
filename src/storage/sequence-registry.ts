import { ErrorCode, QueryError } from '../errors/index.js';
import { cacheWarning, createdSequence, MAX_INT64, MIN_INT64, q, seqError, WARN_CACHE } from './sequence-settings.js';
import type { Sequences } from './sequences.js';

/**
 * The stored state of one sequence, as the reference keeps it in its `_system` collection
 * (couchbase/query `sequences/sequences.go`): integers as decimal strings (64-bit exact), `block`
 * the number of CACHE-sized blocks handed out since `base` was set, `initial` the start value an
 * `ALTER … RESTART` without a value goes back to.
 */
export interface SequenceRecord {
  base: string;
  initial: string;
  cache: string;
  min: string;
  max: string;
  increment: string;
  cycle: boolean;
  block: number;
  version: number;
}

/**
 * Where sequence records are kept. `save` must be durable when it returns (the file store writes
 * and syncs): a block is reserved by saving its record before any of its values is handed out,
 * so a crash may skip values but never repeat one.
 */
export interface SequencePersistence {
  load(): Record<string, SequenceRecord>;
  save(records: Record<string, SequenceRecord>): void;
}

/** Keeps records in memory only (the in-memory database). */
export class MemorySequencePersistence implements SequencePersistence {
  private records: Record<string, SequenceRecord> = {};
  load(): Record<string, SequenceRecord> {
    return structuredClone(this.records);
  }
  save(records: Record<string, SequenceRecord>): void {
    this.records = structuredClone(records);
  }
}

/** Sequence options as the reference's WITH object names them; `null`: the default. */
export interface SequenceSettings {
  start?: bigint | null;
  restart?: bigint | null;
  increment?: bigint;
  min?: bigint | null;
  max?: bigint | null;
  cache?: bigint;
  cycle?: boolean;
}


/** The values handed out from the current block (not persisted: a restart skips the rest of a block). */
interface Cached {
  current: bigint;
  remaining: bigint;
  /** NEXT VALUE was called since the sequence was loaded (PREV VALUE needs it). */
  accessed: boolean;
}


/**
 * The database's sequences by full name (`default:bucket.scope.name`): CREATE / ALTER / DROP and
 * NEXT / PREV VALUE, with the reference's block allocation (`sequences.go`): values come from
 * blocks of CACHE values, `value = block × cache × increment + base`; the block counter is saved
 * durably before a block's first value is handed out. Values are 64-bit integers (bigint inside,
 * numbers outside). Errors are QueryErrors with the reference's sequence codes (191xx).
 */
export class SequenceRegistry implements Sequences {
  private readonly records: Record<string, SequenceRecord>;
  private readonly cached = new Map<string, Cached>();

  constructor(private readonly persistence: SequencePersistence) {
    this.records = persistence.load();
  }

  /** Full names of the sequences, sorted. */
  names(): string[] {
    return Object.keys(this.records).sort();
  }

  has(name: string): boolean {
    return Object.hasOwn(this.records, name);
  }

  /**
   * CREATE SEQUENCE. Returns a warning message when the cache is below 10 (19115).
   * @throws QueryError 19108 when it exists; 19101 (with the cause) for an invalid range or cache
   */
  create(name: string, o: SequenceSettings): string | undefined {
    if (this.has(name)) throw seqError(ErrorCode.SEQUENCE_EXISTS, `Sequence ${q(name)} already exists`);
    const { start, increment, min, max, cache } = createdSequence(name, o);
    const s = String;
    this.records[name] = { base: s(start), initial: s(start), cache: s(cache), min: s(min), max: s(max), increment: s(increment), cycle: o.cycle ?? false, block: 0, version: 0 };
    this.persist(() => delete this.records[name]);
    this.cached.delete(name);
    return cacheWarning(cache);
  }

  /** Drops every sequence of a bucket (the bucket was dropped; reference `DropAllSequences`). */
  dropBucket(namespace: string, bucket: string): void {
    const prefix = `${namespace}:${bucket}.`;
    const gone = this.names().filter((n) => n.startsWith(prefix));
    if (gone.length === 0) return;
    const before = gone.map((n) => [n, this.records[n]!] as const);
    for (const n of gone) {
      delete this.records[n];
      this.cached.delete(n);
    }
    this.persist(() => before.forEach(([n, r]) => (this.records[n] = r)));
  }

  /** DROP SEQUENCE. @throws QueryError 19106 when there is none */
  drop(name: string): void {
    const old = this.records[name];
    if (!old) throw seqError(ErrorCode.SEQUENCE_NOT_FOUND, `Sequence ${q(name)} not found`);
    delete this.records[name];
    this.persist(() => (this.records[name] = old));
    this.cached.delete(name);
  }

  /**
   * ALTER SEQUENCE: changes the given settings; a new increment or cache without RESTART restarts
   * at the next value not yet reserved (the reference's `restartValue`). Returns a 19115 warning
   * message when the new cache is below 10.
   * @throws QueryError 19106 when there is none; 19102 (with the cause) for an invalid range or cache
   */
  alter(name: string, o: SequenceSettings): string | undefined {
    const r = this.records[name];
    if (!r) throw seqError(ErrorCode.SEQUENCE_NOT_FOUND, `Sequence ${q(name)} not found`);
    const fail = (cause: QueryError) => seqError(ErrorCode.SEQUENCE_ALTER, `Alter failed for sequence ${q(name)}`, cause);
    if (o.cache !== undefined && o.cache <= 0n) throw fail(seqError(ErrorCode.SEQUENCE_INVALID_CACHE, `Invalid cache value ${o.cache}`));
    const min = o.min === undefined ? BigInt(r.min) : (o.min ?? MIN_INT64);
    const max = o.max === undefined ? BigInt(r.max) : (o.max ?? MAX_INT64);
    if (o.min !== undefined && o.max !== undefined && min > max) throw fail(seqError(ErrorCode.SEQUENCE_INVALID_RANGE, `Invalid range ${min} to ${max}`));
    if (min > max) throw fail(seqError(ErrorCode.SEQUENCE_INVALID_RANGE, `Invalid range ${min} to ${max}`));
    const before = { ...r };
    let restart: bigint | undefined = o.restart === undefined ? undefined : (o.restart ?? BigInt(r.initial));
    const incrChanged = o.increment !== undefined && o.increment !== BigInt(r.increment);
    const cacheChanged = o.cache !== undefined && o.cache !== BigInt(r.cache);
    if ((incrChanged || cacheChanged) && restart === undefined) restart = this.nextUnreserved(r);
    if (incrChanged) r.increment = String(o.increment);
    if (cacheChanged) r.cache = String(o.cache);
    if (restart !== undefined) {
      r.block = 0;
      r.base = String(restart);
    }
    r.min = String(min);
    r.max = String(max);
    if (o.cycle !== undefined) r.cycle = o.cycle;
    r.version++;
    this.persist(() => (this.records[name] = before));
    const c = this.cached.get(name);
    if (c) c.remaining = 0n;
    return o.cache !== undefined && o.cache < WARN_CACHE ? `Cache size (${o.cache}) below recommended minimum` : undefined;
  }

  /**
   * NEXT VALUE FOR name: the next value, reserving (durably) a new block when the current one is
   * used up; a CYCLE sequence past its limit starts again at the other end.
   * @throws QueryError 19106 (no such sequence), 19111 (a NO CYCLE sequence past its limit)
   */
  next(name: string): number {
    const r = this.records[name];
    if (!r) throw seqError(ErrorCode.SEQUENCE_NOT_FOUND, `Sequence ${q(name)} not found`);
    let c = this.cached.get(name);
    if (!c) this.cached.set(name, (c = { current: 0n, remaining: 0n, accessed: false }));
    c.accessed = true;
    if (c.remaining > 0n) {
      c.remaining--;
      const prev = c.current;
      c.current += BigInt(r.increment);
      return this.checkRange(name, r, c, prev);
    }
    return this.takeBlock(name, r, c);
  }

  /**
   * PREV VALUE FOR name: the value NEXT VALUE last gave here, or undefined before any (the
   * reference then warns 19118 and the operator is NULL).
   * @throws QueryError 19106 (no such sequence)
   */
  prev(name: string): number | undefined {
    if (!this.records[name]) throw seqError(ErrorCode.SEQUENCE_NOT_FOUND, `Sequence ${q(name)} not found`);
    const c = this.cached.get(name);
    return c?.accessed ? Number(c.current) : undefined;
  }

  /** A sequence's settings as created or altered (64-bit values exact, as bigint), for EXTRACTDDL. */
  settings(name: string): { start: bigint; cache: bigint; min: bigint; max: bigint; increment: bigint; cycle: boolean } | undefined {
    const r = this.records[name];
    if (!r) return undefined;
    return { start: BigInt(r.initial), cache: BigInt(r.cache), min: BigInt(r.min), max: BigInt(r.max), increment: BigInt(r.increment), cycle: r.cycle };
  }

  /** The row of `system:sequences` for a sequence (reference `FetchSequence`); `node` names this node. */
  row(name: string, node: string): Record<string, unknown> | undefined {
    const r = this.records[name];
    if (!r) return undefined;
    const [namespace, rest] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
    const [bucket, scope, seq] = rest.split('.');
    const c = this.cached.get(name);
    const value: Record<string, unknown> = { [node]: c && (c.remaining > 0n || c.accessed) ? Number(c.current) : null, '~next_block': Number(this.nextUnreserved(r)) };
    const bt = (s: string) => '`' + s.replace(/`/g, '``') + '`';
    return {
      namespace, namespace_id: namespace, bucket, scope_id: scope, name: seq,
      path: `${bt(namespace)}:${bt(bucket!)}.${bt(scope!)}.${bt(seq!)}`,
      value, cache: Number(r.cache), min: Number(r.min), max: Number(r.max), increment: Number(r.increment), cycle: r.cycle,
    };
  }

  /** Saves the records; on failure undoes the change in memory (`undo`) and raises. */
  private persist(undo: () => void): void {
    try {
      this.persistence.save(this.records);
    } catch (e) {
      undo();
      throw e;
    }
  }

  /** The first value of the next block not yet reserved. */
  private nextUnreserved(r: SequenceRecord): bigint {
    return BigInt(r.block) * BigInt(r.cache) * BigInt(r.increment) + BigInt(r.base);
  }

  /** Reserves the next block (saved before its first value is used) and returns that first value. */
  private takeBlock(name: string, r: SequenceRecord, c: Cached): number {
    const block = BigInt(r.block);
    const cache = BigInt(r.cache);
    const incr = BigInt(r.increment);
    const base = BigInt(r.base);
    const v = block * cache * incr + base;
    if (!r.cycle && block > 0n) {
      const prev = (block - 1n) * cache * incr + base;
      if ((incr < 0n && prev < v) || (incr > 0n && prev > v)) throw this.exhausted(name);
    }
    r.block++;
    this.persist(() => r.block--);
    c.current = v;
    c.remaining = cache - 1n;
    return this.checkRange(name, r, c, v);
  }

  /** Checks the value just taken against MINVALUE/MAXVALUE: cycles, or raises 19111 (undoing the step). */
  private checkRange(name: string, r: SequenceRecord, c: Cached, prev: bigint): number {
    const incr = BigInt(r.increment);
    const min = BigInt(r.min);
    const max = BigInt(r.max);
    const past = (incr < 0n && c.current < min) || (incr > 0n && c.current > max);
    if (r.cycle) {
      if (past) return this.cycle(name, r, c, incr < 0n ? max : min);
    } else if (past || c.current < MIN_INT64 || c.current > MAX_INT64) {
      c.current = prev;
      c.remaining = 0n;
      throw this.exhausted(name);
    }
    return Number(c.current);
  }

  /** Starts a CYCLE sequence again at `base` (block 0), saved, and takes that block's first value. */
  private cycle(name: string, r: SequenceRecord, c: Cached, base: bigint): number {
    const before = { ...r };
    r.base = String(base);
    r.block = 0;
    r.version++;
    this.persist(() => Object.assign(r, before));
    c.remaining = 0n;
    return this.takeBlock(name, r, c);
  }

  private exhausted(name: string): QueryError {
    return seqError(ErrorCode.SEQUENCE_EXHAUSTED, `Sequence ${q(name)} has reached its limit`);
  }
}
