/**
 * Index spans as SQL on the bytea key column of the PostgreSQL store (keys encoded by
 * collation-key.ts, so that a range of bytes is a range of index order).
 */
import { collate, type Value } from '../../values/index.js';
import { IndexTree, type KeyRange } from '../index-tree.js';
import { encodeIndexKey } from './collation-key.js';

/** A span as a SQL predicate plus what is left to check on the decoded keys. */
export interface IndexSpanSql {
  /**
   * A conjunction of comparisons on the key column (`key >= $3 AND key < $4`), or `TRUE` when
   * the span bounds no leading key. Placeholders are numbered from `firstParam`.
   */
  predicate: string;
  /** The values of the placeholders, in order: encoded keys (Buffer, sent as bytea), and the document key of `afterDocKey` (string). */
  params: (Buffer | string)[];
  /**
   * How many leading index keys the predicate decides exactly (the equality prefix and the key of
   * the range after it): the rows it selects are the span's rows on those keys, no more.
   */
  exactKeys: number;
  /**
   * The ranges the predicate does not decide (indexes `exactKeys` and past; undefined entries
   * are unbounded), to check on each decoded row with {@link inResidual}; undefined when there is
   * nothing to check (every row the predicate selects is in the span).
   */
  residual: (KeyRange | undefined)[] | undefined;
}

/** Options of {@link indexSpanSql}. */
export interface IndexSpanSqlOptions {
  /** The number of the first placeholder (`$n`); default 1. */
  firstParam?: number;
  /**
   * Resume after this key, as `IndexTree.scan`'s `after` does: only keys after it in index order
   * (the key an earlier page of the same span ended on).
   */
  after?: Value[];
  /**
   * With `after`, resume after the entry (`after`, this document key) instead: the rest of
   * `after`'s documents (document keys above this one, in byte order) and the keys past it, as
   * `(key, doc_key) > ($a, $d)` (for pages that end inside a key's documents).
   */
  afterDocKey?: string;
  /** The document key column for `afterDocKey` (verbatim SQL); default `doc_key`. */
  docKeyColumn?: string;
}

/**
 * Translates the per-key ranges of `IndexTree.scan(ranges, visit, after?)` into a predicate on
 * the bytea column `column` (inserted verbatim: a trusted identifier) holding
 * `encodeIndexKey(key, desc)`. With the rows ordered by the column, the predicate followed by
 * {@link inResidual} on the decoded key selects exactly the entries the scan visits, in the same
 * order. `ranges[i]` bounds index key i in value order with the inclusion code of
 * `IndexTree.inRange` (1 low, 2 high, 3 both); an absent range, or an absent bound, is
 * unbounded (MISSING is never a bound).
 *
 * In SQL: the longest run of leading equality ranges (inclusion 3, low and high collating equal)
 * and the range of the key after it, as one byte range (a prefix, then that key's bounds,
 * inverted for a DESC key); the `after` resume point. After decoding: the ranges of the keys
 * past that (a B-tree range cannot skip inside a key).
 */
export function indexSpanSql(ranges: readonly (KeyRange | undefined)[], desc: readonly boolean[], column: string, options: IndexSpanSqlOptions = {}): IndexSpanSql {
  const params: (Buffer | string)[] = [];
  const terms: string[] = [];
  let n = options.firstParam ?? 1;
  const param = (v: Buffer | string): string => {
    params.push(v);
    return `$${n++}`;
  };
  const keys = Math.min(ranges.length, desc.length);
  // The equality prefix: its values in order.
  const point: Value[] = [];
  while (point.length < keys && isPoint(ranges[point.length])) point.push(ranges[point.length]!.low);
  const prefix = encodeIndexKey(point, desc);
  let exactKeys = point.length;
  // Bounds on the bytes: from (inclusive) and to (exclusive); undefined is unbounded.
  let from: Buffer | undefined = prefix.length > 0 ? prefix : undefined;
  let to: Buffer | undefined = prefix.length > 0 ? prefixEnd(prefix) : undefined;
  const r = exactKeys < keys ? ranges[exactKeys] : undefined;
  if (r) {
    const k = exactKeys;
    const enc = (v: Value): Buffer => encodeIndexKey([...point, v], desc);
    // Value order on key k: ASC keeps it in bytes, DESC reverses it.
    const low = r.low === undefined ? undefined : { bytes: enc(r.low), inclusive: (r.inclusion & 1) !== 0 };
    const high = r.high === undefined ? undefined : { bytes: enc(r.high), inclusive: (r.inclusion & 2) !== 0 };
    const [first, last] = desc[k] ? [high, low] : [low, high];
    // A key at the first bound begins with its bytes; included, it is at or past them, excluded past all that begin so.
    if (first) from = first.inclusive ? first.bytes : prefixEnd(first.bytes);
    if (first && from === undefined) terms.push('FALSE');
    if (last) to = last.inclusive ? prefixEnd(last.bytes) : last.bytes;
    exactKeys = k + 1;
  }
  if (from !== undefined) terms.push(`${column} >= ${param(from)}`);
  if (to !== undefined) terms.push(`${column} < ${param(to)}`);
  if (options.after !== undefined) {
    const a = encodeIndexKey(options.after, desc);
    if (options.afterDocKey === undefined) terms.push(`${column} > ${param(a)}`);
    else terms.push(`(${column}, ${options.docKeyColumn ?? 'doc_key'}) > (${param(a)}, ${param(options.afterDocKey)})`);
  }
  let residual: (KeyRange | undefined)[] | undefined;
  // Up to ranges.length, as IndexTree.scan checks them (a range past the index's keys sees MISSING).
  for (let i = exactKeys; i < ranges.length; i++) {
    const ri = ranges[i];
    if (ri && (ri.low !== undefined || ri.high !== undefined)) {
      residual ??= [];
      residual[i] = ri;
    }
  }
  return { predicate: terms.length > 0 ? terms.join(' AND ') : 'TRUE', params, exactKeys, residual };
}

/** True if a decoded key is inside the residual ranges of {@link indexSpanSql} (`IndexTree.inRange` on each). */
export function inResidual(key: readonly Value[], residual: readonly (KeyRange | undefined)[] | undefined): boolean {
  if (!residual) return true;
  for (let i = 0; i < residual.length; i++) {
    const r = residual[i];
    if (r && !IndexTree.inRange(key[i], r)) return false;
  }
  return true;
}

/** An equality range: both bounds included and collating equal. */
function isPoint(r: KeyRange | undefined): boolean {
  return r !== undefined && r.inclusion === 3 && r.low !== undefined && r.high !== undefined && collate(r.low, r.high) === 0;
}

/**
 * The least byte string above every string that begins with `p` (drop trailing 0xFF bytes,
 * add one to the last), or undefined when there is none (`p` all 0xFF).
 */
export function prefixEnd(p: Buffer): Buffer | undefined {
  let end = p.length;
  while (end > 0 && p[end - 1] === 0xff) end--;
  if (end === 0) return undefined;
  const out = Buffer.from(p.subarray(0, end));
  out[end - 1]!++;
  return out;
}
