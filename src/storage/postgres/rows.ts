import { deepFreeze, toJSON, type Value } from '../../values/index.js';
import type { DocumentMeta, StoredDocument } from '../store.js';
import type { SyncReader } from './sync-reader.js';

/**
 * The columns the store reads of a document row, in this order: key, value (JSON text), cas,
 * expiration (Unix seconds, 0: never), seqno, xattrs (JSON text or NULL), deleted_at (Unix
 * seconds or NULL: live). `int8` columns arrive as decimal strings.
 */
export const DOC_COLUMNS = 'key, value, cas, expiration, seqno, xattrs, deleted_at';

/** A document row as read (see {@link DOC_COLUMNS}). */
export interface DocRow {
  key: string;
  value: string | null;
  cas: number;
  expiration: number;
  seqno: number;
  xattrs: string | null;
  deletedAt: number | null;
  /** Set on a row a write changed (it is written back). */
  dirty?: boolean;
  /**
   * A written row's document, made into `value`'s JSON text only when the row is sent (then the
   * text lives for the statement alone instead of until the transaction's turn: less for the
   * garbage collector to copy).
   */
  pending?: Value;
  /** A load's row: `value`'s JSON text as UTF-8, made when the write was queued (`value` null). */
  bytes?: Buffer;
}

/**
 * The live rows (not deleted; expired ones included) of keyspace `keyspaceId` among `keys`, in
 * no particular order: `SELECT … WHERE keyspace_id = $1 AND key = ANY($2) AND deleted_at IS
 * NULL`, one statement per `chunk` keys, on the synchronous reader.
 */
export function liveRows(reader: SyncReader, keyspaceId: number, keys: readonly string[], chunk: number): DocRow[] {
  const out: DocRow[] = [];
  for (let i = 0; i < keys.length; i += chunk) {
    for (const r of reader.query(LIVE_ROWS, [keyspaceId, keys.slice(i, i + chunk)])) out.push(docRow(r));
  }
  return out;
}
const LIVE_ROWS = `SELECT ${DOC_COLUMNS} FROM tokenql_documents WHERE keyspace_id = $1 AND key = ANY($2::text[]) AND deleted_at IS NULL`;

/** A row of `SELECT ${DOC_COLUMNS}` in array mode. */
export function docRow(r: unknown[]): DocRow {
  return {
    key: r[0] as string,
    value: r[1] as string | null,
    cas: Number(r[2]),
    expiration: Number(r[3]),
    seqno: Number(r[4]),
    xattrs: r[5] as string | null,
    deletedAt: r[6] === null ? null : Number(r[6]),
  };
}

/**
 * The stored document of a live row: the value parsed from its JSON text (field order kept;
 * stored documents hold no bigint: mutations store them through `toOutputValue`) and frozen.
 */
export function rowDocument(row: DocRow): StoredDocument {
  const meta: DocumentMeta = { id: row.key, cas: row.cas, expiration: row.expiration, seqno: row.seqno };
  if (row.xattrs !== null) meta.xattrs = deepFreeze(JSON.parse(row.xattrs) as Value) as Record<string, Value>;
  // A row written earlier in the same batch holds its (frozen) document itself.
  return { key: row.key, value: row.pending !== undefined ? row.pending : deepFreeze(JSON.parse(row.value ?? row.bytes?.toString('utf8') ?? 'null') as Value), meta };
}

/**
 * JSON text of a document value or xattrs object, as the file store writes it (`JSON.stringify`:
 * field order kept; a stored document holds no bigint, mutations store values through
 * `toOutputValue`). A value handed in with a bigint (through the API) is written by the engine's
 * JSON writer, `toJSON`, which writes an int64 past 2^53 as its nearest double, as the
 * reference's output does. (`JSON.stringify` without a replacer: about three times faster.)
 */
export function jsonText(v: Value): string {
  try {
    return JSON.stringify(v);
  } catch {
    return toJSON(v);
  }
}

/** False when `s` has a lone surrogate (not encodable as UTF-8). */
export function wellFormed(s: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}

/** The system xattrs (names starting with `_`) a deletion keeps on the tombstone (undefined: none). */
export function systemXattrs(d: StoredDocument): Record<string, Value> | undefined {
  const x = d.meta.xattrs;
  if (!x) return undefined;
  const kept = Object.fromEntries(Object.entries(x).filter(([n]) => n.startsWith('_')));
  return Object.keys(kept).length > 0 ? kept : undefined;
}
