import { deepFreeze, type Value } from '../../values/index.js';
import { absoluteExpiration, isExpired, StoreError, type DocumentMeta, type StoredDocument, type WriteOptions } from '../store.js';
import type { WriteOp } from './group-commit.js';
import { tooLongEntry, type PgIndex } from './index-entries-table.js';
import { jsonText, rowDocument, systemXattrs, type DocRow } from './rows.js';

/** What a queued write asks (WriteOp.data). */
export type Write =
  | { kind: 'insert' | 'upsert' | 'replace'; value: Value; options?: WriteOptions }
  /** A load's write (loadWrite): the document's JSON text, and its value when indexes or listeners need it. */
  | { kind: 'insert' | 'upsert'; value?: Value; json: Buffer; options?: undefined }
  | { kind: 'remove'; options?: WriteOptions }
  /** A transaction's committed write (value undefined: a removal), with its reserved CAS. */
  | { kind: 'commit'; value: Value | undefined; expiration: number; cas: number; xattrs?: Record<string, Value> }
  /** Turns the expired document of this CAS into a tombstone deleted at its expiration. */
  | { kind: 'expire'; cas: number };

/** Per write: what plan decided, for number() and committed(). */
export interface Planned {
  row?: DocRow;
  meta?: DocumentMeta;
}

/** What {@link planWrites} needs of its keyspace (postgres-keyspace.ts). */
export interface PlanContext {
  /** The time, milliseconds since the epoch. */
  now(): number;
  /** The indexes whose entries the writes maintain. */
  indexes(): readonly PgIndex[];
  /** True when an index or a mutation listener needs each written document's value. */
  needValues(): boolean;
  /** The expiration (Unix seconds) and CAS of a live document of the keyspace that has one. */
  expiring(key: string): { expiration: number; cas: number } | undefined;
  /** A new CAS value (monotonic in this process). */
  nextCas(): number;
  /** Makes later CAS values greater than `cas` (a transaction's reserved CAS). */
  casAtLeast(cas: number): void;
}

/**
 * Decides each write of a group-commit batch, in order, against the rows its transaction locked
 * (`rows`: key → row, undefined when the key has none), as the in-memory keyspace
 * (document-keyspace.ts) would: KEY_EXISTS for an insert of a live key, KEY_NOT_FOUND, CAS_MISMATCH,
 * an expired document treated as absent (and made the tombstone an expiry makes first), 12009 for
 * an index key too long for PostgreSQL. Sets each op's `outcome`, `events` (the listeners' before
 * and after) and `planned` ({@link Planned}: the row to write), and updates `rows` to the rows the
 * transaction writes. Returns how many sequence numbers the batch needs.
 * Source of the semantics: docs/postgres.md "Group commit", step 2.
 */
export function planWrites(cx: PlanContext, ops: WriteOp[], rows: Map<string, DocRow | undefined>): number {
  const nowMs = cx.now();
  const indexes = cx.indexes();
  let seqnos = 0;
  const needValues = cx.needValues();
  for (const op of ops) {
    const w = op.data as Write;
    const cur = rows.get(op.key);
    if (cur === undefined && 'json' in w && !needValues && cx.expiring(op.key) === undefined) {
      // A load's document on a new key, no index or listener to tell: its row is its text.
      const meta: DocumentMeta = { id: op.key, cas: cx.nextCas(), expiration: 0, seqno: 0 };
      const row: DocRow = { key: op.key, value: null, bytes: w.json, cas: meta.cas, expiration: 0, seqno: 0, xattrs: null, deletedAt: null, dirty: true };
      rows.set(op.key, row);
      op.planned = { row, meta };
      op.events = undefined;
      op.needsSeqno = true;
      seqnos++;
      op.outcome = { ok: true, value: meta };
      continue;
    }
    const events: [unknown, unknown][] = [];
    op.events = events;
    const p: Planned = {};
    op.planned = p;
    let before: StoredDocument | undefined;
    if (cur && cur.deletedAt === null) {
      const d = rowDocument(cur);
      if (cur.expiration !== 0 && isExpired(cur.expiration, nowMs)) {
        // Expired but not yet expired here: the listeners learn it is gone first, and the row
        // becomes the tombstone an expiry makes (deleted at its expiration, as the file store),
        // which this write then replaces or leaves (a remove of it finds nothing).
        if (w.kind !== 'expire') {
          if (cx.expiring(op.key)?.cas === cur.cas) events.push([d, undefined]);
          rows.set(op.key, { ...cur, value: null, pending: undefined, bytes: undefined, xattrs: null, deletedAt: cur.expiration, dirty: true });
        }
      } else before = d;
    }
    const fail = (reason: 'KEY_EXISTS' | 'KEY_NOT_FOUND' | 'CAS_MISMATCH', message: string) => (op.outcome = { ok: false, error: new StoreError(reason, message) });
    const casOk = (o: { cas?: number } | undefined) => o?.cas === undefined || o.cas === before!.meta.cas;
    const put = (value: Value, cas: number, expiration: number, xattrs: Record<string, Value> | undefined) => {
      const meta: DocumentMeta = { id: op.key, cas, expiration, seqno: 0 };
      // A load's document given as its JSON text only (indexes or listeners came since): its value.
      if ('json' in w && value === undefined) value = JSON.parse(w.json.toString('utf8')) as Value;
      if (xattrs && Object.keys(xattrs).length > 0) meta.xattrs = deepFreeze(xattrs) as Record<string, Value>;
      if (indexes.length > 0) {
        const tooLong = tooLongEntry(indexes, { key: op.key, value: deepFreeze(value), meta });
        if (tooLong) {
          op.outcome = { ok: false, error: tooLong };
          return;
        }
      }
      const row: DocRow = { key: op.key, value: null, bytes: 'json' in w ? w.json : undefined, pending: value ?? null, cas, expiration, seqno: 0, xattrs: meta.xattrs ? jsonText(meta.xattrs) : null, deletedAt: null, dirty: true };
      rows.set(op.key, row);
      p.row = row;
      p.meta = meta;
      op.needsSeqno = true;
      seqnos++;
      events.push([before, { key: op.key, value: deepFreeze(value), meta }]);
      op.outcome = { ok: true, value: meta };
    };
    const tombstone = (cas: number) => {
      const kept = systemXattrs(before!);
      const row: DocRow = { key: op.key, value: null, cas, expiration: 0, seqno: 0, xattrs: kept ? jsonText(kept) : null, deletedAt: Math.floor(nowMs / 1000), dirty: true };
      rows.set(op.key, row);
      p.row = row;
      op.needsSeqno = true;
      seqnos++;
      events.push([before, undefined]);
      op.outcome = { ok: true, value: true };
    };
    switch (w.kind) {
      case 'insert':
        if (before) fail('KEY_EXISTS', `Duplicate Key: ${op.key}`);
        else put(w.value, w.options?.assignCas ?? cx.nextCas(), absoluteExpiration(w.options?.expiration, nowMs), w.options?.xattrs);
        break;
      case 'upsert':
        put(w.value, w.options?.assignCas ?? cx.nextCas(), absoluteExpiration(w.options?.expiration, nowMs), w.options?.xattrs ?? before?.meta.xattrs);
        break;
      case 'replace':
        if (!before) fail('KEY_NOT_FOUND', `Key not found: ${op.key}`);
        else if (!casOk(w.options)) fail('CAS_MISMATCH', `CAS mismatch for key ${op.key}`);
        else put(w.value, w.options?.assignCas ?? cx.nextCas(), absoluteExpiration(w.options?.expiration, nowMs), w.options?.xattrs ?? before.meta.xattrs);
        break;
      case 'remove':
        if (!before) op.outcome = { ok: true, value: false };
        else if (!casOk(w.options)) fail('CAS_MISMATCH', `CAS mismatch for key ${op.key}`);
        else tombstone(cx.nextCas());
        break;
      case 'commit':
        cx.casAtLeast(w.cas);
        if (w.value === undefined) {
          if (before) tombstone(w.cas);
          else op.outcome = { ok: true, value: undefined };
        } else put(w.value, w.cas, w.expiration, w.xattrs ?? {});
        break;
      case 'expire':
        if (cur && cur.deletedAt === null && cur.cas === w.cas && cur.expiration !== 0 && isExpired(cur.expiration, nowMs)) {
          // As the file store: the tombstone is deleted at the expiration; cas and seqno stay.
          rows.set(op.key, { ...cur, value: null, pending: undefined, bytes: undefined, xattrs: null, deletedAt: cur.expiration, dirty: true });
        }
        op.outcome = { ok: true, value: undefined };
        break;
    }
  }
  return seqnos;
}
