/**
 * The build of an index on the PostgreSQL store (CREATE INDEX, BUILD INDEX, a build redone on
 * open): the keyspace's documents read in key order in keyset chunks, their entries computed by
 * tokenql and inserted in bulk, with a pause for the event loop between chunks.
 */
import type pg from 'pg';
import { nextTurn } from '../../event-loop-turns.js';
import type { StoredDocument } from '../store.js';
import { encodedEntries, ENTRIES_TABLE, MAX_ENTRY_BYTES, type PgIndex } from './index-entries-table.js';

/** Documents per chunk of a build (one read, one INSERT). */
export const BUILD_CHUNK = 1024;

/** Progress of a build: documents done of the keyspace's count when it began. */
export type BuildProgressFn = (done: number, total: number) => void;

/** What a build reads of its keyspace (read on the pool: the event loop runs while PostgreSQL reads). */
export interface BuildSource {
  readonly id: number;
  countAsync(): Promise<number>;
  scanChunksAsync(size: number): AsyncIterable<StoredDocument[]>;
}

/**
 * Inserts the entries of every live document of `ks` into index `index`'s rows. Each chunk's
 * entries go in one `INSERT … SELECT … FROM unnest(keys, document keys, cas) … ORDER BY key`
 * joined with the documents' rows locked `FOR SHARE` at the CAS they were read with: a document
 * changed since it was read is left out (its writer, which maintains the index in its own
 * transaction, wrote its new entries), and a writer holding the row waits for the insert, or the
 * insert for the writer (which then deletes the entries of the version it replaced). `ON
 * CONFLICT DO NOTHING`: an entry already there (a writer's, or an interrupted build's) stays.
 * A document whose entry is too long for PostgreSQL's B-tree ({@link MAX_ENTRY_BYTES}) has no
 * entry (as a GSI indexer skips a document whose key exceeds its size limit); the build goes on.
 * Running the build again is harmless, which is how a build interrupted by a crash is finished.
 * Resolves to the number of documents left out.
 */
export async function buildIndexEntries(ks: BuildSource, index: PgIndex, pool: pg.Pool, progress?: BuildProgressFn): Promise<number> {
  const total = await ks.countAsync();
  let done = 0;
  let leftOut = 0;
  for await (const chunk of ks.scanChunksAsync(BUILD_CHUNK)) {
    const rows: { k: Buffer; d: string; c: number }[] = [];
    for (const doc of chunk) {
      const keys = encodedEntries(index, doc);
      const docBytes = Buffer.byteLength(doc.key, 'utf8');
      if (keys.some((k) => k.length + docBytes > MAX_ENTRY_BYTES)) {
        leftOut++;
        continue;
      }
      for (const k of keys) rows.push({ k, d: doc.key, c: doc.meta.cas });
    }
    rows.sort((a, b) => Buffer.compare(a.k, b.k) || (a.d < b.d ? -1 : a.d > b.d ? 1 : 0));
    if (rows.length > 0) {
      await pool.query(
        `INSERT INTO ${ENTRIES_TABLE} (index_id, key, doc_key)
         SELECT $1, u.k, u.d FROM unnest($2::bytea[], $3::text[], $4::int8[]) WITH ORDINALITY AS u(k, d, c, n)
         JOIN tokenql_documents doc ON doc.keyspace_id = $5 AND doc.key = u.d AND doc.cas = u.c AND doc.deleted_at IS NULL
         ORDER BY u.n
         FOR SHARE OF doc
         ON CONFLICT DO NOTHING`,
        [index.id, rows.map((r) => r.k), rows.map((r) => r.d), rows.map((r) => r.c), ks.id],
      );
    }
    done += chunk.length;
    progress?.(done, total);
    await nextTurn();
  }
  progress?.(total, total);
  return leftOut;
}
