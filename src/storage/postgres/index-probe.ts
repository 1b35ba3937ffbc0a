/**
 * Point lookups of a batch of values in a one-key index whose entries are rows of the PostgreSQL
 * store (docs/postgres.md "Index entries"): what an index nested-loop join probes for a batch of
 * outer rows (src/executor/join-index-probe.ts), in one statement where the postings are small.
 */
import type { Value } from '../../values/index.js';
import { encodeIndexKey } from './collation-key.js';
import { ENTRIES_TABLE } from './index-entries-table.js';
import type { SyncReader } from './sync-reader.js';

/** Rows per statement of a probe (each page resumed after the last row read). */
export const PROBE_PAGE = 1024;

/** The document keys of one index key, in document key order; `size` their number. */
export type Posting = Iterable<string> & { readonly size: number };

/** A posting read in full. */
class Docs implements Posting {
  constructor(private readonly docs: string[]) {}
  get size(): number {
    return this.docs.length;
  }
  [Symbol.iterator](): Iterator<string> {
    return this.docs[Symbol.iterator]();
  }
}

/**
 * The posting of an index key with more documents than a probe's limit: only its `size` (more
 * than the limit) is known; it has no document keys (the caller reads such a key otherwise).
 */
class Oversized implements Posting {
  constructor(readonly size: number) {}
  *[Symbol.iterator](): Iterator<string> {
    throw new Error('tokenql: an oversized index posting has no documents (its size exceeds the probe limit)');
  }
}

/**
 * The postings of `values[0..n)` in the one-key index `indexId` (its key DESC when `desc`) into
 * `out[0..n)`: the document keys of the entries whose key is collation-equal to the value, in
 * document key order (`COLLATE "C"`, the order an index scan visits them), or undefined where no
 * entry has it. A posting of more than `limit` documents is given as one whose `size` is above
 * `limit` and whose documents are not read (iterating it throws).
 *
 * One statement per {@link PROBE_PAGE} rows: `SELECT key, doc_key … WHERE index_id = $1 AND key =
 * ANY($2::bytea[]) ORDER BY key, doc_key LIMIT n`, the next page resumed after the last row read
 * (`(key, doc_key) > (…)`) with the keys not yet read in full and not past `limit`. A batch
 * whose postings hold fewer than {@link PROBE_PAGE} entries in all is one round trip. Values
 * equal under collation (1 and 1.0, -0 and 0) share one encoded key and one posting.
 */
export function probePostings(reader: SyncReader, indexId: number, desc: boolean, values: readonly Value[], n: number, out: (Posting | undefined)[], limit: number): void {
  /** By encoded key (latin1 text of its bytes): the documents read so far, and the positions asking for it. */
  const wanted = new Map<string, { bytes: Buffer; docs: string[]; at: number[]; over: boolean }>();
  const d = [desc];
  for (let i = 0; i < n; i++) {
    out[i] = undefined;
    const bytes = encodeIndexKey([values[i]], d);
    const text = bytes.toString('latin1');
    const w = wanted.get(text);
    if (w) w.at.push(i);
    else wanted.set(text, { bytes, docs: [], at: [i], over: false });
  }
  if (wanted.size === 0) return;
  // Keys in byte order: a page resumes after (key, doc) and asks only for the keys from `key` on.
  const keys = [...wanted.keys()].sort((a, b) => Buffer.compare(wanted.get(a)!.bytes, wanted.get(b)!.bytes));
  let from = 0;
  let after: [string, string] | undefined;
  for (;;) {
    const ask = keys.slice(from).filter((k) => !wanted.get(k)!.over);
    if (ask.length === 0) break;
    const params: unknown[] = [indexId, ask.map((k) => `\\x${wanted.get(k)!.bytes.toString('hex')}`)];
    let resume = '';
    if (after) {
      params.push(`\\x${wanted.get(after[0])!.bytes.toString('hex')}`, after[1]);
      resume = ' AND (key, doc_key) > ($3::bytea, $4)';
    }
    const rows = reader.query(`SELECT key, doc_key FROM ${ENTRIES_TABLE} WHERE index_id = $1 AND key = ANY($2::bytea[])${resume} ORDER BY key, doc_key LIMIT ${PROBE_PAGE}`, params);
    let last: [string, string] | undefined;
    for (const r of rows) {
      const b = r[0] as Uint8Array;
      const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
      const w = wanted.get(text)!;
      if (w.docs.length <= limit) w.docs.push(r[1] as string);
      if (w.docs.length > limit) w.over = true;
      last = [text, r[1] as string];
    }
    if (rows.length < PROBE_PAGE) break;
    after = last;
    from = keys.indexOf(last![0]);
  }
  for (const w of wanted.values()) {
    if (w.docs.length === 0) continue;
    const posting: Posting = w.over ? new Oversized(w.docs.length) : new Docs(w.docs);
    for (const i of w.at) out[i] = posting;
  }
}
