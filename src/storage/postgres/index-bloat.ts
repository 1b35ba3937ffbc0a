/**
 * Bloat of the B-tree indexes of the PostgreSQL store's tables, estimated from the catalogue
 * (docs/postgres.md "Compaction"): an index's size against the size a fresh build of its entries
 * would have. A B-tree only gives a page back when it is empty, so after many updates and deletes
 * its pages are part empty even once VACUUM has removed the dead entries; `REINDEX` rebuilds it
 * packed. The estimate needs no extension: the entries are the index's `pg_class.reltuples` (set
 * by VACUUM and ANALYZE), their width the sum of the indexed columns' `pg_stats.avg_width` (set by
 * ANALYZE), packed as a build packs them: leaf pages filled to the B-tree's default fillfactor of
 * 90 %, each entry an 8-byte index tuple header plus its data rounded up to 8 bytes, plus a 4-byte
 * line pointer, in the 8,152 bytes of a page left after its header and the B-tree's special space
 * (PostgreSQL's src/include/access/nbtree.h, bufpage.h). Internal pages and the metapage are
 * counted as 1 % + 1 page.
 */
import type pg from 'pg';
import { MAINTAINED_TABLES } from './table-fragmentation.js';

/** Bytes of a page (PostgreSQL's default BLCKSZ). */
const PAGE = 8192;
/** Bytes of a B-tree page that hold line pointers and tuples: PAGE − 24 (page header) − 16 (B-tree special space). */
const USABLE = PAGE - 24 - 16;
/** The B-tree's default leaf fillfactor of a build (BTREE_DEFAULT_FILLFACTOR). */
const FILLFACTOR = 0.9;

/** One index and its estimated bloat. */
export interface IndexBloat {
  /** The index's name as SQL takes it (`regclass` text). */
  name: string;
  /** Bytes of the index now (`pg_relation_size`). */
  bytes: number;
  /** Bytes a build of its entries would take (estimate). */
  expectedBytes: number;
  /** `1 − expectedBytes / bytes`, 0–1 (0 when the index is not larger than expected). */
  bloat: number;
  /** False for an index left invalid by an interrupted `CREATE`/`REINDEX … CONCURRENTLY`. */
  valid: boolean;
}

/** Bytes a freshly built B-tree of `tuples` entries of `width` data bytes takes. */
export function expectedBtreeBytes(tuples: number, width: number): number {
  if (tuples <= 0) return 2 * PAGE; // the metapage and an empty root
  const item = Math.ceil((8 + width) / 8) * 8 + 4;
  const leaves = Math.ceil((tuples * item) / (USABLE * FILLFACTOR));
  return (leaves + Math.ceil(leaves * 0.01) + 1) * PAGE;
}

/** Estimated bloat of every index of {@link MAINTAINED_TABLES} (statistics must be fresh: run after VACUUM (ANALYZE)). */
export async function indexBloat(c: pg.PoolClient | pg.Pool): Promise<IndexBloat[]> {
  const r = await c.query<{ name: string; tuples: number; bytes: string; width: string | null; valid: boolean }>(
    `SELECT i.indexrelid::regclass::text AS name, ic.reltuples AS tuples, pg_relation_size(i.indexrelid) AS bytes, i.indisvalid AS valid,
            (SELECT sum(s.avg_width) FROM pg_attribute a
               JOIN pg_stats s ON s.schemaname = n.nspname AND s.tablename = t.relname AND s.attname = a.attname
              WHERE a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)) AS width
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE i.indrelid IN (${MAINTAINED_TABLES.map((t) => `'${t}'::regclass`).join(', ')})
      ORDER BY 1`,
  );
  return r.rows.map((row) => {
    const bytes = Number(row.bytes);
    // reltuples is -1 before the first VACUUM or ANALYZE, and the width unknown before ANALYZE: no estimate (no bloat).
    const known = row.tuples >= 0 && row.width !== null;
    const expectedBytes = known ? expectedBtreeBytes(row.tuples, Number(row.width)) : bytes;
    return { name: row.name, bytes, expectedBytes, bloat: bytes > 0 ? Math.max(0, 1 - expectedBytes / bytes) : 0, valid: row.valid };
  });
}
