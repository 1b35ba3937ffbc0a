/**
 * A keyspace's live documents in key order, read in keyset-paginated pages (docs/postgres.md
 * "Reads are synchronous, writes asynchronous"): through the synchronous reader, the worker
 * reading each next page while the caller works on this one, or on the pool, the event loop
 * running while PostgreSQL reads.
 */
import type { StoredDocument } from '../store.js';
import type { AsyncReader } from './async-reader.js';
import { DOC_COLUMNS, docRow, rowDocument } from './rows.js';
import type { SyncReader } from './sync-reader.js';

/** The first page of a keyspace's live documents in key order ($1 keyspace, $2 now in seconds, $3 rows). */
const FIRST = `SELECT ${DOC_COLUMNS} FROM tokenql_documents WHERE keyspace_id = $1 AND deleted_at IS NULL AND (expiration = 0 OR expiration > $2::int8) ORDER BY key LIMIT $3`;
/** The page after key $4 (as {@link FIRST}). */
const AFTER = `SELECT ${DOC_COLUMNS} FROM tokenql_documents WHERE keyspace_id = $1 AND key > $4 AND deleted_at IS NULL AND (expiration = 0 OR expiration > $2::int8) ORDER BY key LIMIT $3`;
/** The number of a keyspace's live documents ($1 keyspace, $2 now in seconds). */
export const COUNT_LIVE = 'SELECT count(*) FROM tokenql_documents WHERE keyspace_id = $1 AND deleted_at IS NULL AND (expiration = 0 OR expiration > $2::int8)';

/** Current time in whole seconds (a document whose expiration has passed is left out). */
const nowSeconds = (clock: () => number) => Math.floor(clock() / 1000);

/**
 * Keyspace `id`'s live documents in key order, in pages of `limit` documents, each one statement
 * of the synchronous reader. From the second page on, the reader's worker reads the next page
 * while the caller works on this one (a LIMIT that one page answers reads no page it does not need).
 */
export function* syncPages(reader: SyncReader, id: number, clock: () => number, limit: number): Iterable<StoredDocument[]> {
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const nowSec = nowSeconds(clock);
    const next = ++pages >= 2 ? { text: AFTER, params: [id, nowSec, limit, null], keyColumn: 0, keyParam: 3, full: limit } : undefined;
    const rows: unknown[][] = after === null ? reader.query(FIRST, [id, nowSec, limit]) : reader.query(AFTER, [id, nowSec, limit, after], next);
    if (rows.length === 0) return;
    const docs = rows.map((r) => rowDocument(docRow(r)));
    after = docs[docs.length - 1]!.key;
    yield docs;
    if (rows.length < limit) return;
  }
}

/**
 * {@link syncPages} read on the pool: the event loop runs while PostgreSQL reads each page, and
 * the next page is read while the caller works on this one (an index build: its entries computed
 * and inserted). A caller that stops leaves the page read ahead to end alone.
 */
export async function* poolPages(reader: AsyncReader, id: number, clock: () => number, limit: number): AsyncIterable<StoredDocument[]> {
  const read = (after: string | null): Promise<unknown[][]> =>
    after === null ? reader.query(FIRST, [id, nowSeconds(clock), limit]) : reader.query(AFTER, [id, nowSeconds(clock), limit, after]);
  let pending = read(null);
  for (;;) {
    const rows = await pending;
    if (rows.length === 0) return;
    const full = rows.length >= limit;
    if (full) {
      pending = read(rows[rows.length - 1]![0] as string);
      pending.catch(() => {});
    }
    yield rows.map((r) => rowDocument(docRow(r)));
    if (!full) return;
  }
}
