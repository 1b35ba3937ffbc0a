import type { IndexBuildProgress, QueryResult, Value } from '../index.js';

/** What one statement is run with. */
export interface RunOptions {
  /** Named parameters, without the `$`. */
  named?: Record<string, Value>;
  /** Positional parameters (`$1`, `?`). */
  positional?: Value[];
  /** Cancels the statement (Ctrl-C, `--timeout`). */
  signal?: AbortSignal;
  /** Index build progress (embedded only). */
  onProgress?: (p: IndexBuildProgress) => void;
  /** Counts the documents the statement's scans read, as they go (embedded only). */
  progress?: { scanned: number };
  /** Statement timeout in milliseconds (the query service's `timeout`). */
  timeoutMs?: number;
  /** `phases`: the result carries the reference's `profile` (phase times, rows per operator kind); `timings` adds the plan with each operator's `#stats`. */
  profile?: 'off' | 'phases' | 'timings';
  /** The transaction the statement belongs to (the query service's `txid`). */
  txid?: string;
}

/** A keyspace and its index names, for `\d`. */
export interface KeyspaceInfo {
  name: string;
  count?: number;
}

/** An index as `system:indexes` lists it. */
export interface IndexInfo {
  name: string;
  keyspace: string;
  keys: string[];
  condition?: string;
  primary: boolean;
  state?: string;
  using?: string;
}

/**
 * Where statements run: an embedded {@link Database} or the query service of a running
 * `tokenql serve`. Both give the same {@link QueryResult} (rows, metrics in ms, warnings) and
 * throw QueryError for a failed statement, so the shell and `tokenql query` print them alike.
 */
export interface Backend {
  /** `embedded` or the engine URL, for banners and `\VERSION`. */
  readonly where: string;
  run(statement: string, options?: RunOptions): Promise<QueryResult>;
  /** Keyspace names (for completion; cached by the caller). */
  keyspaces(): Promise<KeyspaceInfo[]>;
  indexes(keyspace?: string): Promise<IndexInfo[]>;
  close(): Promise<void>;
}

/** Reads `system:keyspaces`/`system:indexes` rows (as both backends return them) into infos. */
export function keyspaceInfos(rows: readonly Value[]): KeyspaceInfo[] {
  return rows
    .map((r) => r as { name?: string; count?: number })
    .filter((r) => typeof r.name === 'string')
    .map((r) => ({ name: r.name!, ...(typeof r.count === 'number' ? { count: r.count } : {}) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Reads `SELECT RAW i FROM system:indexes AS i` rows into infos. */
export function indexInfos(rows: readonly Value[]): IndexInfo[] {
  return rows
    .map((r) => r as Record<string, Value>)
    .map((r) => ({
      name: String(r.name),
      keyspace: String(r.keyspace_id ?? r.bucket_id ?? ''),
      keys: Array.isArray(r.index_key) ? r.index_key.map(String) : [],
      ...(typeof r.condition === 'string' ? { condition: r.condition } : {}),
      primary: r.is_primary === true,
      ...(typeof r.state === 'string' ? { state: r.state } : {}),
      ...(typeof r.using === 'string' ? { using: r.using } : {}),
    }))
    .sort((a, b) => a.keyspace.localeCompare(b.keyspace) || a.name.localeCompare(b.name));
}

/** The statement that lists keyspaces, as both backends answer it. */
export const KEYSPACES_STATEMENT =
  'SELECT k.`count`, CASE WHEN k.`bucket` IS VALUED THEN k.`bucket` || "." || k.`scope` || "." || k.name ELSE k.name END AS name FROM system:keyspaces_info AS k';
/** The statement that lists indexes. */
export const INDEXES_STATEMENT = 'SELECT RAW i FROM system:indexes AS i';
