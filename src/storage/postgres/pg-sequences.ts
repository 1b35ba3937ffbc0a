import { createHash } from 'node:crypto';
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { SequenceRecord, SequenceSettings } from '../sequence-registry.js';
import type { Sequences } from '../sequences.js';
import { cacheWarning, createdSequence, MAX_INT64, MIN_INT64, q, seqError, WARN_CACHE } from '../sequence-settings.js';
import type { SyncReader } from './sync-reader.js';

/** The most values one NEXT VALUE round trip takes (a CACHE above it is fetched in several). */
const MAX_BATCH = 1000n;
/** Catalogue rows (`tokenql_catalog`) of the sequences: kind, name = the full N1QL name. */
const KIND = 'sequence';
/** Advisory lock key under which the helper function is created ('tokseq' as a number). */
const FUNCTION_LOCK = 0x746f6b736571;

/**
 * `tokenql_nextvals(seq, n)`: up to `n` values of `seq` in one call. A NO CYCLE sequence that
 * reaches its limit ends the array early (PostgreSQL raises 2200H; the values taken before stay
 * taken: nextval is not transactional, and a PL/pgSQL handler keeps the local variables as they
 * were), so a batch near the limit still hands out the values below it.
 */
const NEXTVALS_FUNCTION = `CREATE OR REPLACE FUNCTION tokenql_nextvals(seq regclass, n integer) RETURNS bigint[] LANGUAGE plpgsql AS $fn$
DECLARE vals bigint[] := '{}';
BEGIN
  BEGIN
    FOR i IN 1..n LOOP
      vals := vals || nextval(seq);
    END LOOP;
  EXCEPTION WHEN sequence_generator_limit_exceeded THEN
    NULL;
  END;
  RETURN vals;
END
$fn$`;

/** The PostgreSQL sequence of an N1QL sequence: a name any N1QL identifier maps to safely (a hash; `tokenql_seq_` + 40 hex digits, below PostgreSQL's 63-byte limit). */
export function pgSequenceName(full: string): string {
  return `tokenql_seq_${createHash('sha256').update(full).digest('hex').slice(0, 40)}`;
}


/** A PostgreSQL error raised by the reader (its SQLSTATE survives the worker thread). */
function pgCode(e: unknown): string | undefined {
  return (e as { code?: string })?.code;
}

/** The values this node has taken from PostgreSQL and not yet handed out, and the last one it gave. */
interface Local {
  queue: bigint[];
  current?: bigint;
}

/** A sequence's settings as PostgreSQL keeps them (`pg_sequence`) and its state (`last_value`, `is_called`). */
interface PgState {
  start: bigint;
  increment: bigint;
  min: bigint;
  max: bigint;
  cache: bigint;
  cycle: boolean;
  last: bigint;
  called: boolean;
}

/**
 * The sequences of a database on the PostgreSQL store (docs/postgres.md "Sequences"): each N1QL
 * sequence is one PostgreSQL sequence ({@link pgSequenceName}; `CREATE SEQUENCE … START, INCREMENT
 * BY, MINVALUE, MAXVALUE, CACHE, [NO] CYCLE`), and a catalogue row (`tokenql_catalog`, kind
 * `sequence`, name = the full N1QL name) lists it, created and dropped in one transaction with it.
 * NEXT VALUE takes values with `nextval`, so every query node sharing the database gets distinct
 * values. PostgreSQL's CACHE is the reference's: a session (here, a node's reader connection)
 * reserves CACHE values at once and hands them out in order; this node takes up to CACHE (at most
 * 1,000) of them per round trip and keeps the rest for the next NEXT VALUEs, as the reference's
 * node keeps its block. Values a node holds when it closes are skipped, never repeated.
 * Everything runs synchronously through the store's reader connection (NEXT VALUE and the
 * sequence DDL operators evaluate synchronously).
 */
export class PgSequences implements Sequences {
  private readonly local = new Map<string, Local>();
  /** `tokenql_nextvals` exists (committed); `functionMade`: created by the open transaction. */
  private functionReady = false;
  private functionMade = false;

  constructor(private readonly reader: SyncReader) {
    this.adoptSaved();
  }

  names(): string[] {
    return this.reader
      .query('SELECT name FROM tokenql_catalog WHERE kind = $1', [KIND])
      .map((r) => r[0] as string)
      .sort();
  }

  has(name: string): boolean {
    return this.reader.query('SELECT 1 FROM tokenql_catalog WHERE kind = $1 AND name = $2', [KIND, name]).length > 0;
  }

  create(name: string, o: SequenceSettings): string | undefined {
    const fail = (cause: QueryError) => seqError(ErrorCode.SEQUENCE_CREATE, `Create failed for sequence ${q(name)}`, cause);
    const { start, increment, min, max, cache } = createdSequence(name, o);
    if (start < min || start > max) {
      throw fail(new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: `A START (${start}) outside MINVALUE ${min} to MAXVALUE ${max} is not supported on the PostgreSQL store` }));
    }
    this.transaction(() => {
      const added = this.reader.query('INSERT INTO tokenql_catalog (kind, name, value) VALUES ($1, $2, $3) ON CONFLICT (kind, name) DO NOTHING RETURNING 1', [KIND, name, JSON.stringify({ relation: pgSequenceName(name) })]);
      if (added.length === 0) throw seqError(ErrorCode.SEQUENCE_EXISTS, `Sequence ${q(name)} already exists`);
      this.ensureFunction();
      const rel = pgSequenceName(name);
      this.reader.query(`DROP SEQUENCE IF EXISTS ${rel}`);
      this.reader.query(`CREATE SEQUENCE ${rel} AS bigint START WITH ${start} INCREMENT BY ${increment} MINVALUE ${min} MAXVALUE ${max} CACHE ${cache} ${o.cycle ? 'CYCLE' : 'NO CYCLE'}`);
    }, fail);
    this.local.delete(name);
    return cacheWarning(cache);
  }

  dropBucket(namespace: string, bucket: string): void {
    const prefix = `${namespace}:${bucket}.`;
    const gone = this.names().filter((n) => n.startsWith(prefix));
    if (gone.length === 0) return;
    this.transaction(() => {
      for (const n of gone) {
        this.reader.query('DELETE FROM tokenql_catalog WHERE kind = $1 AND name = $2', [KIND, n]);
        this.reader.query(`DROP SEQUENCE IF EXISTS ${pgSequenceName(n)}`);
      }
    });
    for (const n of gone) this.local.delete(n);
  }

  drop(name: string): void {
    this.transaction(() => {
      const r = this.reader.query('DELETE FROM tokenql_catalog WHERE kind = $1 AND name = $2 RETURNING 1', [KIND, name]);
      if (r.length === 0) throw this.notFound(name);
      this.reader.query(`DROP SEQUENCE IF EXISTS ${pgSequenceName(name)}`);
    });
    this.local.delete(name);
  }

  /**
   * ALTER SEQUENCE as the reference does it: a new increment or cache without RESTART restarts
   * at the next value no node has reserved (PostgreSQL's `last_value` is the last value any
   * session reserved), read under the sequence's lock (a first ALTER that changes nothing takes
   * it; `nextval` on other nodes waits). Other nodes hand out the values they already hold first
   * (as PostgreSQL's sessions do with their cached values).
   */
  alter(name: string, o: SequenceSettings): string | undefined {
    const fail = (cause: QueryError) => seqError(ErrorCode.SEQUENCE_ALTER, `Alter failed for sequence ${q(name)}`, cause);
    if (o.cache !== undefined && o.cache <= 0n) throw fail(seqError(ErrorCode.SEQUENCE_INVALID_CACHE, `Invalid cache value ${o.cache}`));
    if (!this.has(name)) throw this.notFound(name);
    const rel = pgSequenceName(name);
    this.transaction(() => {
      const before = this.state(name);
      if (!before) throw this.notFound(name);
      this.reader.query(`ALTER SEQUENCE ${rel} INCREMENT BY ${before.increment}`); // takes the lock
      const r = this.state(name)!;
      const min = o.min === undefined ? r.min : (o.min ?? MIN_INT64);
      const max = o.max === undefined ? r.max : (o.max ?? MAX_INT64);
      if (min > max) throw fail(seqError(ErrorCode.SEQUENCE_INVALID_RANGE, `Invalid range ${min} to ${max}`));
      let restart: bigint | undefined = o.restart === undefined ? undefined : (o.restart ?? r.start);
      const incrChanged = o.increment !== undefined && o.increment !== r.increment;
      const cacheChanged = o.cache !== undefined && o.cache !== r.cache;
      if ((incrChanged || cacheChanged) && restart === undefined) {
        const next = r.called ? r.last + r.increment : r.last;
        // Past the range (an exhausted sequence): no restart; PostgreSQL's state is at the limit already.
        if (next >= min && next <= max) restart = next;
      }
      const parts = [
        `INCREMENT BY ${o.increment ?? r.increment}`,
        `MINVALUE ${min}`,
        `MAXVALUE ${max}`,
        `CACHE ${o.cache ?? r.cache}`,
        (o.cycle ?? r.cycle) ? 'CYCLE' : 'NO CYCLE',
        ...(restart !== undefined ? [`RESTART WITH ${restart}`] : []),
      ];
      this.reader.query(`ALTER SEQUENCE ${rel} ${parts.join(' ')}`);
    }, fail);
    const l = this.local.get(name);
    if (l) l.queue = [];
    return o.cache !== undefined && o.cache < WARN_CACHE ? `Cache size (${o.cache}) below recommended minimum` : undefined;
  }

  next(name: string): number {
    let l = this.local.get(name);
    if (!l || l.queue.length === 0) {
      const taken = this.take(name);
      if (!l) this.local.set(name, (l = { queue: [] }));
      l.queue = taken;
    }
    const v = l.queue.shift();
    if (v === undefined) throw seqError(ErrorCode.SEQUENCE_EXHAUSTED, `Sequence ${q(name)} has reached its limit`);
    l.current = v;
    return Number(v);
  }

  prev(name: string): number | undefined {
    const c = this.local.get(name)?.current;
    if (c !== undefined) return Number(c);
    if (!this.has(name)) throw this.notFound(name);
    return undefined;
  }

  settings(name: string): { start: bigint; cache: bigint; min: bigint; max: bigint; increment: bigint; cycle: boolean } | undefined {
    const s = this.state(name);
    return s && { start: s.start, cache: s.cache, min: s.min, max: s.max, increment: s.increment, cycle: s.cycle };
  }

  row(name: string, node: string): Record<string, unknown> | undefined {
    const s = this.state(name);
    if (!s) return undefined;
    const [namespace, rest] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
    const [bucket, scope, seq] = rest.split('.');
    const current = this.local.get(name)?.current;
    const value: Record<string, unknown> = { [node]: current === undefined ? null : Number(current), '~next_block': Number(s.called ? s.last + s.increment : s.last) };
    const bt = (x: string) => '`' + x.replace(/`/g, '``') + '`';
    return {
      namespace, namespace_id: namespace, bucket, scope_id: scope, name: seq,
      path: `${bt(namespace)}:${bt(bucket!)}.${bt(scope!)}.${bt(seq!)}`,
      value, cache: Number(s.cache), min: Number(s.min), max: Number(s.max), increment: Number(s.increment), cycle: s.cycle,
    };
  }

  /** Up to CACHE (at most {@link MAX_BATCH}) next values of the sequence, in one round trip. */
  private take(name: string): bigint[] {
    const rel = pgSequenceName(name);
    let r: unknown[][];
    try {
      r = this.reader.query(`SELECT tokenql_nextvals($1::regclass, LEAST(seqcache, ${MAX_BATCH})::integer) FROM pg_sequence WHERE seqrelid = $1::regclass`, [rel]);
    } catch (e) {
      if (pgCode(e) === '42P01') throw this.notFound(name); // undefined_table: no such sequence
      throw e;
    }
    if (r.length === 0) throw this.notFound(name);
    return (r[0]![0] as unknown[]).map((v) => BigInt(String(v)));
  }

  /** Settings and state of the sequence's PostgreSQL sequence, or undefined when there is none. */
  private state(name: string): PgState | undefined {
    const rel = pgSequenceName(name);
    let r: unknown[] | undefined;
    try {
      r = this.reader.query(
        `SELECT p.seqstart, p.seqincrement, p.seqmin, p.seqmax, p.seqcache, p.seqcycle, s.last_value, s.is_called
           FROM pg_sequence p CROSS JOIN ${rel} s WHERE p.seqrelid = to_regclass($1)`,
        [rel],
      ).at(0);
    } catch (e) {
      if (pgCode(e) === '42P01') return undefined; // undefined_table: dropped (by another node)
      throw e;
    }
    if (!r) return undefined;
    const b = (x: unknown) => BigInt(String(x));
    return { start: b(r[0]), increment: b(r[1]), min: b(r[2]), max: b(r[3]), cache: b(r[4]), cycle: r[5] === true, last: b(r[6]), called: r[7] === true };
  }

  /** Creates `tokenql_nextvals` once per database (under an advisory lock: nodes may race). Inside a transaction. */
  private ensureFunction(): void {
    if (this.functionReady) return;
    this.reader.query('SELECT pg_advisory_xact_lock($1)', [FUNCTION_LOCK]);
    const missing = this.reader.query("SELECT to_regprocedure('tokenql_nextvals(regclass,integer)') IS NULL")[0]![0] === true;
    if (missing) this.reader.query(NEXTVALS_FUNCTION);
    this.functionMade = true;
  }

  /**
   * Runs `body` in a transaction on the reader connection (synchronous: nothing else uses the
   * connection meanwhile). A QueryError from `body` rolls back and is raised; a PostgreSQL error
   * rolls back and is raised as `wrap`'s error (its message the cause), or as it is.
   */
  private transaction(body: () => void, wrap?: (cause: QueryError) => QueryError): void {
    this.reader.query('BEGIN');
    try {
      body();
      this.reader.query('COMMIT');
      if (this.functionMade) this.functionReady = true;
    } catch (e) {
      try {
        this.reader.query('ROLLBACK');
      } catch {
        // the connection is gone: the transaction with it
      }
      if (e instanceof QueryError || !wrap || pgCode(e) === undefined) throw e;
      throw wrap(new QueryError({ code: ErrorCode.EXECUTION_INTERNAL, phase: 'execution', message: (e as Error).message }));
    } finally {
      this.functionMade = false;
    }
  }

  private notFound(name: string): QueryError {
    return seqError(ErrorCode.SEQUENCE_NOT_FOUND, `Sequence ${q(name)} not found`);
  }

  /**
   * A database written by an older tokenql kept every sequence as one catalogue record
   * (`tokenql_catalog` kind `sequences`, name `all`: the memory store's records): each becomes a
   * PostgreSQL sequence that restarts at its next unreserved value, and the record goes.
   */
  private adoptSaved(): void {
    const r = this.reader.query("SELECT value FROM tokenql_catalog WHERE kind = 'sequences' AND name = 'all'");
    if (r.length === 0) return;
    const records = JSON.parse(r[0]![0] as string) as Record<string, SequenceRecord>;
    this.transaction(() => {
      const locked = this.reader.query("DELETE FROM tokenql_catalog WHERE kind = 'sequences' AND name = 'all' RETURNING value");
      if (locked.length === 0) return; // another node adopted them meanwhile
      this.ensureFunction();
      for (const [name, rec] of Object.entries(records)) {
        const next = BigInt(rec.block) * BigInt(rec.cache) * BigInt(rec.increment) + BigInt(rec.base);
        const [min, max] = [BigInt(rec.min), BigInt(rec.max)];
        const start = next < min ? min : next > max ? max : next;
        const rel = pgSequenceName(name);
        this.reader.query('INSERT INTO tokenql_catalog (kind, name, value) VALUES ($1, $2, $3) ON CONFLICT (kind, name) DO NOTHING', [KIND, name, JSON.stringify({ relation: rel })]);
        this.reader.query(`CREATE SEQUENCE IF NOT EXISTS ${rel} AS bigint START WITH ${start} INCREMENT BY ${rec.increment} MINVALUE ${min} MAXVALUE ${max} CACHE ${rec.cache} ${rec.cycle ? 'CYCLE' : 'NO CYCLE'}`);
      }
    });
  }
}
