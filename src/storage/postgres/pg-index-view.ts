/**
 * What an index scan reads of an index whose entries are rows of the PostgreSQL store
 * (docs/postgres.md "Index keys"): `IndexTree`'s read API as the executor uses it (`scan` with its
 * resume rule, `version`, `keyCount`), answered by span statements on the synchronous reader.
 */
import { collate, type Value } from '../../values/index.js';
import type { KeyRange } from '../index-tree.js';
import { decodeIndexKey } from './collation-key.js';
import { ENTRIES_TABLE } from './index-entries-table.js';
import { indexCountSql } from './index-count-sql.js';
import { indexSpanSql, inResidual } from './index-span-sql.js';
import { probePostings, type Posting } from './index-probe.js';
import type { AsyncReader } from './async-reader.js';
import type { SyncReader } from './sync-reader.js';
import { DOC_COLUMNS, docRow, type DocRow } from './rows.js';

/** Where a scan that reads documents with its entries leaves them (the keyspace's ScanDocuments). */
export interface ScanDocumentSink {
  keyspaceId: number;
  /** Drops the rows of the previous page (each page's are taken during its visits). */
  clear(): void;
  put(key: string, row: DocRow | null): void;
}

/** The document columns joined to an entry (`d.` of {@link DOC_COLUMNS}). */
const JOINED_DOC_COLUMNS = DOC_COLUMNS.split(', ')
  .map((c) => `d.${c}`)
  .join(', ');

/** Rows of the first page of a scan (a LIMIT or an equality probe reads few), then of each later page. */
const FIRST_PAGE = 64;
const PAGE = 512;
/**
 * The same for a scan that reads its documents with its entries (each row then carries a
 * document: smaller pages, so that a scan with a pushed LIMIT reads few documents it does not need).
 */
const DOC_FIRST_PAGE = 16;
const DOC_PAGE = 256;

/**
 * A first page read ahead (`PgIndexView.prefetch`), by the ranges array of the scan it is for
 * (the walk passes the same array to `prefetch` and `scan`): its statement, this node's write
 * count to the keyspace when it was started, and its rows once read.
 */
interface AheadPage {
  text: string;
  writes: number;
  rows?: unknown[][];
}
const readAhead = new WeakMap<KeyRange[], AheadPage>();

/** A bytea parameter as text (`\x…`): the reader's parameters cross a thread as plain values. */
function bytea(b: Buffer): string {
  return `\\x${b.toString('hex')}`;
}

/** The parameters of a span statement with its Buffers as bytea text. */
function sqlParams(params: readonly (Buffer | string | number)[]): unknown[] {
  return params.map((p) => (Buffer.isBuffer(p) ? bytea(p) : p));
}

/**
 * An online index of a PostgreSQL keyspace, read in PostgreSQL. Each call of {@link scan} reads
 * the span's rows in pages (`ORDER BY key, doc_key LIMIT n`, resumed after the last row read:
 * `(key, doc_key) > ($key, $doc)`), each page one bounded statement of the reader, and groups the
 * consecutive rows of one key into one `visit(key, documentKeys)`; it stops reading when `visit`
 * returns false. Between two calls nothing is held: a walk that paused resumes with `after` (the
 * key it visited last: every document of it was visited), as on `IndexTree.scan`, so an entry
 * present throughout is visited exactly once. Entries written by other query nodes are seen as
 * soon as they are committed. {@link version} counts this node's writes to the keyspace only
 * (another node's writes during a pause are not known to the walk: as a GSI scan without
 * `scan_consistency`).
 */
export class PgIndexView {
  constructor(
    private readonly reader: SyncReader,
    readonly id: number,
    private readonly desc: readonly boolean[],
    private readonly changes: () => number,
    private readonly sink?: ScanDocumentSink,
    private readonly documents = false,
    private readonly ahead?: AsyncReader,
  ) {}

  /**
   * This index read by a scan that a Fetch follows: each page's entries are read joined with
   * their documents' live rows (`LEFT JOIN tokenql_documents d ON d.key = e.doc_key …`, one
   * statement), which the keyspace keeps for the scan's liveness check and the Fetch
   * (scan-documents.ts): one round trip per page instead of one more per document. The
   * entries, their order and the visits are those of {@link scan}.
   */
  withDocuments(): PgIndexView {
    return this.sink && !this.documents ? new PgIndexView(this.reader, this.id, this.desc, this.changes, this.sink, true, this.ahead) : this;
  }

  /** The number of index keys. */
  get keyCount(): number {
    return this.desc.length;
  }

  /** Compares composite keys in index order (as `IndexTree.compareKeys`: collation, DESC keys reversed, a prefix first). */
  compareKeys(a: Value[], b: Value[]): number {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = collate(a[i], b[i]);
      if (c !== 0) return this.desc[i] ? -c : c;
    }
    return a.length - b.length;
  }

  /** Changes with every committed write of this node to the index's keyspace (see the class). */
  get version(): number {
    return this.changes();
  }

  /**
   * The statement of one page of a scan of `ranges`: at most `limit` rows after
   * (`afterKey`, `afterDoc`) in index order, with the documents' columns joined when this view
   * reads them (see {@link withDocuments}), and the part of the ranges SQL leaves to `residual`.
   */
  private page(ranges: KeyRange[], limit: number, afterKey?: Value[], afterDoc?: string): { text: string; params: unknown[]; residual: ReturnType<typeof indexSpanSql>['residual'] } {
    const sink = this.documents ? this.sink : undefined;
    if (sink) {
      const s0 = indexSpanSql(ranges, this.desc, 'e.key', { firstParam: 3, after: afterKey, afterDocKey: afterDoc, docKeyColumn: 'e.doc_key' });
      return {
        text:
          `SELECT e.key, e.doc_key, ${JOINED_DOC_COLUMNS} FROM ${ENTRIES_TABLE} e LEFT JOIN tokenql_documents d ON d.keyspace_id = $2 AND d.key = e.doc_key AND d.deleted_at IS NULL ` +
          `WHERE e.index_id = $1 AND ${s0.predicate} ORDER BY e.key, e.doc_key LIMIT ${limit}`,
        params: [this.id, sink.keyspaceId, ...sqlParams(s0.params)],
        residual: s0.residual,
      };
    }
    const s0 = indexSpanSql(ranges, this.desc, 'key', { firstParam: 2, after: afterKey, afterDocKey: afterDoc });
    return {
      text: `SELECT key, doc_key FROM ${ENTRIES_TABLE} WHERE index_id = $1 AND ${s0.predicate} ORDER BY key, doc_key LIMIT ${limit}`,
      params: [this.id, ...sqlParams(s0.params)],
      residual: s0.residual,
    };
  }

  /**
   * Starts reading the first page of `scan(ranges, …)` on the pool (`ahead`), so that the
   * request waits for it on the event loop instead of blocking the loop on the synchronous
   * reader: undefined when this view has no pool. The promise never rejects: a page that failed,
   * or that this node's own writes made stale before the scan took it, is read again by the scan.
   */
  prefetch(ranges: KeyRange[]): Promise<void> | undefined {
    if (!this.ahead) return undefined;
    const page = this.page(ranges, this.documents ? DOC_FIRST_PAGE : FIRST_PAGE);
    const slot: AheadPage = { text: page.text, writes: this.changes() };
    readAhead.set(ranges, slot);
    return this.ahead.query(page.text, page.params).then(
      (rows) => void (slot.rows = rows),
      () => undefined,
    );
  }

  /** The first page of a scan of `ranges` read ahead with statement `text`, if it is read and still current (taken once). */
  private takeAhead(ranges: KeyRange[], text: string): unknown[][] | undefined {
    const slot = readAhead.get(ranges);
    if (!slot) return undefined;
    readAhead.delete(ranges);
    return slot.rows && slot.text === text && slot.writes === this.changes() ? slot.rows : undefined;
  }

  /** `IndexTree.scan`: the entries in `ranges`, in index order, grouped by key; `after` resumes past that key. */
  scan(ranges: KeyRange[], visit: (key: Value[], docs: Iterable<string>) => boolean | void, after?: Value[]): void {
    let afterKey: Value[] | undefined = after;
    let afterDoc: string | undefined;
    let limit = this.documents ? DOC_FIRST_PAGE : FIRST_PAGE;
    let curBytes: string | undefined;
    let curKey: Value[] | undefined;
    let curDocs: string[] = [];
    let curIn = false;
    const flush = (): boolean => {
      if (curKey === undefined || !curIn || curDocs.length === 0) return true;
      return visit(curKey, curDocs) !== false;
    };
    for (;;) {
      const sink = this.documents ? this.sink : undefined;
      const page = this.page(ranges, limit, afterKey, afterDoc);
      const ahead = afterKey === undefined ? this.takeAhead(ranges, page.text) : undefined;
      const rows = ahead ?? this.reader.query(page.text, page.params);
      const residual = page.residual;
      if (sink) {
        // Kept before the page's first visit (whose liveness check reads them).
        sink.clear();
        for (const r of rows) sink.put(r[1] as string, r[2] === null ? null : docRow(r.slice(2)));
      }
      for (const r of rows) {
        const bytes = r[0] as Uint8Array;
        const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
        if (text !== curBytes) {
          if (!flush()) return;
          curBytes = text;
          curKey = decodeIndexKey(bytes, this.desc);
          curIn = inResidual(curKey, residual);
          curDocs = [];
        }
        if (curIn) curDocs.push(r[1] as string);
      }
      if (rows.length < limit) {
        flush();
        return;
      }
      const last = rows[rows.length - 1]!;
      afterKey = curKey;
      afterDoc = last[1] as string;
      limit = this.documents ? DOC_PAGE : PAGE;
    }
  }

  /**
   * `IndexTree.lookup`: the documents of one value of a one-key index's key, in document key
   * order, or undefined if no entry has it (an index of several keys: always undefined). One
   * statement (index-probe.ts).
   */
  lookup(value: Value): Posting | undefined {
    const out: (Posting | undefined)[] = [undefined];
    this.lookupMany([value], 1, out, Number.MAX_SAFE_INTEGER);
    return out[0];
  }

  /**
   * {@link lookup} of each of `values[0..n)` into `out[0..n)`, read together (an index
   * nested-loop join's batch of outer rows: one statement when their postings are small,
   * index-probe.ts `probePostings`); a posting of more than `limit` documents is given by its
   * size alone (above `limit`; iterating it throws).
   */
  lookupMany(values: readonly Value[], n: number, out: (Posting | undefined)[], limit: number): void {
    if (this.desc.length !== 1) {
      for (let i = 0; i < n; i++) out[i] = undefined;
      return;
    }
    probePostings(this.reader, this.id, this.desc[0]!, values, n, out, limit);
  }

  /**
   * The number of entries (or, `distinctDocuments`, of documents) in the union of `spans`,
   * counted by PostgreSQL (`indexCountSql`), or undefined when the spans leave ranges SQL cannot
   * decide.
   */
  count(spans: readonly (readonly (KeyRange | undefined)[])[], distinctDocuments: boolean): number | undefined {
    const q = indexCountSql(spans, this.desc, { table: ENTRIES_TABLE, indexId: this.id, distinctDocuments });
    if (!q) return undefined;
    return Number(this.reader.query(q.sql, sqlParams(q.params))[0]![0]);
  }
}
