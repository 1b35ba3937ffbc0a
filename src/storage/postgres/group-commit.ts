import type pg from 'pg';
import { StoreError } from '../store.js';
import { docRow, DOC_COLUMNS, jsonText, type DocRow } from './rows.js';
import { copyDocuments } from './copy-rows.js';

/**
 * One keyspace's side of a batch: given the rows of its keys as they are in the transaction
 * (locked), it works out every write of the batch in order, and it applies the outcome once the
 * transaction has committed (listeners, promises).
 */
export interface BatchTarget {
  readonly id: number;
  /** Decides the writes `ops` (in order) against `rows` (changed in place) and says how many sequence numbers they need. */
  plan(ops: WriteOp[], rows: Map<string, DocRow | undefined>): number;
  /** Gives the planned writes their sequence numbers (ascending, `count` of them). */
  number(ops: WriteOp[], seqnos: number[]): void;
  /** After COMMIT: tells the listeners and settles the writes, in order. */
  committed(ops: WriteOp[]): void;
  /** In the transaction, after the document rows: writes the index entries the planned writes change. */
  writeIndexEntries?(c: pg.PoolClient, ops: WriteOp[]): Promise<void>;
  /**
   * True when every write of `ops` succeeds on a key that has no row (inserts and upserts
   * without a CAS): the batch may then be planned without reading its rows and its rows inserted
   * `ON CONFLICT DO NOTHING` (see {@link GroupCommit}, "new keys").
   */
  onlyNewKeys?(ops: WriteOp[]): boolean;
}

/** A batch planned as new keys met a row of one of them: it is run again, reading its rows first. */
class KeyConflict extends Error {
  constructor() {
    super('tokenql: a key of the batch has a row');
  }
}

/**
 * The index catalogue's version as every write transaction checks it (docs/postgres.md "Index
 * entries"): the transaction reads the version row `FOR SHARE` (a CREATE or DROP INDEX, which
 * updates it, waits for the transactions that read the old version); when it is not the one
 * whose definitions this node maintains, the transaction is rolled back, the definitions are
 * reloaded, and the batch runs again.
 */
export interface IndexCatalogCheck {
  /** The version this node's keyspaces maintain the indexes of (undefined: none loaded yet). */
  known(): string | undefined;
  /** Loads the definitions of `version` (the node's indexes and the keyspaces' entry functions). */
  reload(version: string): Promise<void>;
}

/** A transaction found a newer index catalogue than the one its keyspaces maintain. */
class StaleIndexCatalog extends Error {
  constructor(readonly version: string) {
    super('tokenql: the index definitions changed');
  }
}

/**
 * Keyspaces of a batch that no longer exist: dropped by a query node (this one or another) since
 * this node opened them. Their writes fail; a keyspace of the same name created since is another
 * keyspace (another id), which the node opens on its next use of the name.
 */
class DroppedKeyspaces extends Error {
  constructor(readonly ids: ReadonlySet<number>) {
    super('tokenql: keyspaces were dropped');
  }
}

/** A queued write of one document key. */
export interface WriteOp {
  target: BatchTarget;
  key: string;
  /** Set by `plan`: the outcome to settle with once committed (or the error to reject with). */
  outcome?: { ok: true; value: unknown } | { ok: false; error: unknown };
  /** Set by `plan`: listener calls to make after commit (before, after). */
  events?: [unknown, unknown][];
  /** Set by `plan`: the op takes a sequence number. */
  needsSeqno?: boolean;
  /** Set by `plan`: the keyspace's own record of what it decided (for `number` and `committed`). */
  planned?: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  /** What the keyspace needs to decide the write (kind, value, options). */
  readonly data: unknown;
}

/**
 * Locks and reads the rows of a batch's keys ($2, distinct). A join with `unnest` rather than
 * `key = ANY($2)`: before the table has statistics (a first load) PostgreSQL estimates
 * `keyspace_id = $1` at a few thousand rows and walks every row of the keyspace instead of
 * probing 2,048 keys (measured: 34–80 ms against 8 ms per batch at 100k documents, growing with
 * the keyspace); the join is a nested loop of primary-key probes whatever the statistics.
 */
const LOCK_ROWS = `SELECT ${DOC_COLUMNS.split(', ').map((c) => `d.${c}`).join(', ')} FROM unnest($2::text[]) AS u(k) JOIN tokenql_documents d ON d.keyspace_id = $1 AND d.key = u.k FOR UPDATE OF d`;

/** Most writes in one transaction. */
const MAX_BATCH = 2048;
/** Batches run the general way (rows read first) after one planned as new keys met a row. */
const AFTER_CONFLICT = 16;
/** Transactions in flight at once (on distinct keys). */
const MAX_IN_FLIGHT = 4;

/**
 * GROUP COMMIT of the PostgreSQL store's writes (docs/postgres.md): writes are queued; a
 * transaction takes every queued write (up to {@link MAX_BATCH}) whose key is not in a
 * transaction already in flight, locks the rows of their keys (`SELECT … FOR UPDATE`), decides
 * each write in order against them (KEY_EXISTS, KEY_NOT_FOUND, CAS_MISMATCH are decided there,
 * per write: one failing write does not fail the others), takes sequence numbers, writes the
 * rows (`UPDATE … WHERE cas = <the locked row's cas>`, a row-version check, and `INSERT` for new
 * keys), and commits; each write is acknowledged when its transaction has committed. Writes
 * queued while transactions are in flight go together into the next one, so one commit (one
 * WAL flush) serves many writes. Up to {@link MAX_IN_FLIGHT} transactions run at once, on
 * disjoint keys, so the order of the writes of one key is the order they were queued.
 *
 * New keys (a load): a keyspace's writes that can only succeed on keys without a row
 * ({@link BatchTarget.onlyNewKeys}: inserts and upserts) are planned as if no row existed,
 * without the locking read, and their rows copied in (`COPY … FROM STDIN`, copy-rows.ts); when
 * a key had a row (live or tombstone, or another node inserted it first: the COPY fails with a
 * unique violation) the transaction is rolled back and run again the general way, and so are the next
 * {@link AFTER_CONFLICT} batches (a stream of upserts of existing keys does not pay twice).
 */
export class GroupCommit {
  private queue: WriteOp[] = [];
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];
  /** Transactions committed and writes they carried (for tests and statistics). */
  readonly committed = { transactions: 0, writes: 0 };

  /** Batches left to run the general way after a conflict of new keys. */
  private generalOnly = 0;

  /** Set by the store once the index definitions are managed (the Database's indexes). */
  catalog: IndexCatalogCheck | undefined;
  /** Told the ids of keyspaces a batch found dropped (the store forgets them). */
  onDropped: ((ids: ReadonlySet<number>) => void) | undefined;

  constructor(readonly pool: pg.Pool) {}

  /** Queues a write; its promise settles when its transaction has committed (or failed). */
  submit(op: WriteOp): void {
    this.queue.push(op);
    if (!this.scheduled) {
      this.scheduled = true;
      // Writes made in this turn of the event loop go into one transaction.
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    }
  }

  /** Resolves when no write is queued or in flight. */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch: WriteOp[] = [];
      const blocked = new Set<string>();
      const rest: WriteOp[] = [];
      const keys: string[] = [];
      let i = 0;
      for (; i < this.queue.length && batch.length < MAX_BATCH; i++) {
        const op = this.queue[i]!;
        const k = `${op.target.id}\u0000${op.key}`;
        if (this.busy.has(k) || blocked.has(k)) {
          blocked.add(k); // later writes of the key stay behind it
          rest.push(op);
        } else {
          batch.push(op);
          keys.push(k);
        }
      }
      if (batch.length === 0) break;
      // The writes after a full batch stay queued, in order, behind those left out of it.
      for (; i < this.queue.length; i++) rest.push(this.queue[i]!);
      this.queue = rest;
      for (const k of keys) this.busy.add(k);
      this.inFlight++;
      void this.run(batch).finally(() => {
        for (const k of keys) this.busy.delete(k);
        this.inFlight--;
        this.pump();
        if (this.queue.length === 0 && this.inFlight === 0) for (const w of this.idleWaiters.splice(0)) w();
      });
    }
  }

  /** Runs one batch in a transaction (retried when a concurrent writer made a key first). */
  private async run(batch: WriteOp[]): Promise<void> {
    let newKeys = this.generalOnly === 0;
    if (!newKeys) this.generalOnly--;
    for (let attempt = 0, reloads = 0; batch.length > 0; attempt++) {
      let client: pg.PoolClient | undefined;
      try {
        client = await this.pool.connect();
        await this.transaction(client, batch, newKeys);
        client.release();
      } catch (e) {
        if (e instanceof DroppedKeyspaces) {
          // Nothing was written: the writes to dropped keyspaces fail, the others run again.
          client?.release();
          attempt--;
          for (const op of batch) if (e.ids.has(op.target.id)) op.reject(new StoreError('INVALID', `keyspace ${(op.target as { name?: string }).name ?? op.target.id} was dropped (by another query node) while the statement ran`));
          batch = batch.filter((op) => !e.ids.has(op.target.id));
          this.onDropped?.(e.ids);
          continue;
        }
        if (e instanceof KeyConflict) {
          // Rolled back: run again, reading the rows.
          client?.release();
          newKeys = false;
          this.generalOnly = AFTER_CONFLICT;
          attempt--;
          continue;
        }
        if (e instanceof StaleIndexCatalog && reloads < 5) {
          client?.release();
          reloads++;
          attempt--;
          try {
            await this.catalog!.reload(e.version);
            continue;
          } catch (r) {
            for (const op of batch) op.reject(r);
            return;
          }
        }
        client?.release(true);
        // 23505: another process inserted one of the keys after our lock found none; 40P01: deadlock;
        // a connection lost (terminated backend, server restart): nothing was committed, run again.
        const code = (e as { code?: string }).code;
        const lost = code === '57P01' || /Connection terminated|not queryable|ECONNRESET|EPIPE/i.test(String((e as Error).message));
        // (Not when COMMIT itself failed: the transaction may have committed.)
        if ((code === '23505' || code === '40P01' || lost) && !(e as { atCommit?: boolean }).atCommit && attempt < 3) continue;
        for (const op of batch) op.reject(e);
        return;
      }
      this.committed.transactions++;
      this.committed.writes += batch.length;
      for (const [target, ops] of byTarget(batch)) target.committed(ops);
      return;
    }
  }

  /** One transaction of `batch`; `newKeys`: a keyspace whose writes are all {@link BatchTarget.onlyNewKeys} reads no rows. */
  private async transaction(c: pg.PoolClient, batch: WriteOp[], newKeys: boolean): Promise<void> {
    await c.query('BEGIN');
    try {
      // The index catalogue's version (when the node manages indexes), then the batch's keyspaces,
      // both locked FOR SHARE in one statement: a DROP or index DDL waits for this transaction, and a
      // keyspace dropped before it (its row gone) takes no write (docs/postgres.md "Several query nodes").
      const ids = [...new Set(batch.map((op) => op.target.id))];
      const r = await c.query({
        text: this.catalog
          ? `WITH v AS (SELECT value FROM tokenql_catalog WHERE kind = 'meta' AND name = 'index_version' FOR SHARE),
                  k AS (SELECT id FROM tokenql_keyspaces WHERE id = ANY($1::int4[]) FOR SHARE)
             SELECT (SELECT value FROM v), ARRAY(SELECT id FROM k)`
          : 'SELECT NULL, ARRAY(SELECT id FROM tokenql_keyspaces WHERE id = ANY($1::int4[]) FOR SHARE)',
        values: [ids],
        rowMode: 'array',
      });
      const [version, live] = r.rows[0] as [string | null, number[]];
      if (this.catalog && String(version ?? '0') !== this.catalog.known()) throw new StaleIndexCatalog(String(version ?? '0'));
      if (live.length !== ids.length) {
        const found = new Set(live.map(Number));
        throw new DroppedKeyspaces(new Set(ids.filter((id) => !found.has(id))));
      }
      const groups = byTarget(batch);
      const seqRequests: [BatchTarget, WriteOp[], number][] = [];
      const writes: { target: BatchTarget; rows: Map<string, DocRow | undefined>; found: Map<string, number>; assumedNew: boolean }[] = [];
      for (const [target, ops] of groups) {
        for (const op of ops) {
          op.outcome = undefined;
          op.events = undefined;
          op.needsSeqno = false;
        }
        const rows = new Map<string, DocRow | undefined>();
        const found = new Map<string, number>();
        const assumedNew = newKeys && target.onlyNewKeys?.(ops) === true;
        if (!assumedNew) {
          const keys = [...new Set(ops.map((o) => o.key))];
          const r = await c.query({ text: LOCK_ROWS, values: [target.id, keys], rowMode: 'array' });
          for (const raw of r.rows as unknown[][]) {
            const row = docRow(raw);
            rows.set(row.key, row);
            found.set(row.key, row.cas);
          }
        }
        const n = target.plan(ops, rows);
        if (n > 0) seqRequests.push([target, ops, n]);
        writes.push({ target, rows, found, assumedNew });
      }
      for (const [target, ops, n] of seqRequests) {
        const r = await c.query({ text: `SELECT nextval('tokenql_seqno_${target.id}') FROM generate_series(1, $1)`, values: [n], rowMode: 'array' });
        target.number(
          ops,
          (r.rows as unknown[][]).map((x) => Number(x[0])).sort((a, b) => a - b),
        );
      }
      for (const { target, rows, found, assumedNew } of writes) await writeRows(c, target.id, rows, found, assumedNew);
      for (const [target, ops] of groups) if (target.writeIndexEntries) await target.writeIndexEntries(c, ops);
      try {
        await c.query('COMMIT');
      } catch (e) {
        if (e !== null && typeof e === 'object') (e as { atCommit?: boolean }).atCommit = true;
        throw e;
      }
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    }
  }
}

/** The ops of a batch by keyspace, each in queue order. */
function byTarget(batch: WriteOp[]): Map<BatchTarget, WriteOp[]> {
  const m = new Map<BatchTarget, WriteOp[]>();
  for (const op of batch) {
    let l = m.get(op.target);
    if (!l) m.set(op.target, (l = []));
    l.push(op);
  }
  return m;
}

/**
 * Writes the rows the batch changed: an existing row with `UPDATE … WHERE cas = <the cas read
 * under lock>` (every row must match: the row-version check), a new key with `INSERT`. A row
 * left unchanged by `plan` (same object as read, cas unchanged) is not written. `assumedNew`:
 * the rows were planned without reading them (every key new): they are sent with a binary COPY
 * (copy-rows.ts), which fails with a unique violation when a key has a row; that throws
 * {@link KeyConflict} (the caller rolls back and runs the batch again, reading the rows).
 */
async function writeRows(c: pg.PoolClient, ks: number, rows: Map<string, DocRow | undefined>, found: Map<string, number>, assumedNew: boolean): Promise<void> {
  const upd: DocRow[] = [];
  const prev: number[] = [];
  const ins: DocRow[] = [];
  for (const [key, row] of rows) {
    if (!row || !row.dirty) continue;
    const before = found.get(key);
    if (before === undefined) ins.push(row);
    else {
      upd.push(row);
      prev.push(before);
    }
  }
  if (upd.length > 0) {
    const r = await c.query(
      `UPDATE tokenql_documents d SET value = u.v, cas = u.c, expiration = u.e, seqno = u.s, xattrs = u.x, deleted_at = u.d
       FROM unnest($2::text[], string_to_array($3, chr(1), ''), $4::int8[], $5::int8[], $6::int8[], string_to_array($7, chr(1), ''), $8::int8[], $9::int8[]) AS u(k, v, c, e, s, x, d, p)
       WHERE d.keyspace_id = $1 AND d.key = u.k AND d.cas = u.p`,
      [ks, ...columns(upd), prev],
    );
    if (r.rowCount !== upd.length) throw new Error(`tokenql: ${upd.length - (r.rowCount ?? 0)} document rows changed under their lock`);
  }
  if (ins.length > 0 && assumedNew) {
    let copied: number;
    try {
      copied = await copyDocuments(c, ks, ins, jsonText);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new KeyConflict();
      throw e;
    }
    if (copied !== ins.length) throw new Error(`tokenql: ${copied} of ${ins.length} document rows copied`);
  } else if (ins.length > 0) {
    await c.query(
      `INSERT INTO tokenql_documents (keyspace_id, key, value, cas, expiration, seqno, xattrs, deleted_at)
       SELECT $1, u.k, u.v, u.c, u.e, u.s, u.x, u.d
       FROM unnest($2::text[], string_to_array($3, chr(1), ''), $4::int8[], $5::int8[], $6::int8[], string_to_array($7, chr(1), ''), $8::int8[]) AS u(k, v, c, e, s, x, d)`,
      [ks, ...columns(ins)],
    );
  }
}

/**
 * The rows as statement parameters, column by column: keys and numbers as arrays; the JSON texts
 * (values, xattrs) joined with U+0001 into one string that PostgreSQL splits with
 * `string_to_array(…, chr(1), '')` (a JSON text never holds a raw control character, and is never
 * empty: '' stands for NULL). Measured: node-postgres's text[] literals escaped each document
 * with regular expressions into a deep string rope (about a quarter of a load's CPU time), and a
 * JSON parameter (`json_to_recordset`) escaped every document once more on each side.
 */
function columns(rows: DocRow[]): unknown[] {
  const n = rows.length;
  const keys = new Array<string>(n);
  const values = new Array<string>(n);
  const cas = new Array<number>(n);
  const exp = new Array<number>(n);
  const seq = new Array<number>(n);
  const xattrs = new Array<string>(n);
  const deleted = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    keys[i] = r.key;
    values[i] = r.value ?? (r.bytes ? r.bytes.toString('utf8') : r.pending !== undefined ? jsonText(r.pending) : '');
    cas[i] = r.cas;
    exp[i] = r.expiration;
    seq[i] = r.seqno;
    xattrs[i] = r.xattrs ?? '';
    deleted[i] = r.deletedAt;
  }
  return [keys, values.join('\u0001'), cas, exp, seq, xattrs.join('\u0001'), deleted];
}
