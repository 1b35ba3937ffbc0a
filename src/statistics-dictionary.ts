import type { Value } from './values/index.js';

/**
 * The optimizer statistics `UPDATE STATISTICS` / `ANALYZE` recorded, one `system:dictionary`
 * row per keyspace (couchbase/query `datastore/system/system_keyspace_dictionary.go`: `bucket`,
 * `scope`, `keyspace`, `distributionKeys`, `indexes`, `avgDocSize`, `keyspaceCount`, `docCount`
 * …). tokenql's planner has no cost-based optimizer: the statistics are accepted and recorded
 * so that scripts written for the reference run, and are not used to plan.
 */
export interface DictionaryEntry {
  bucket: string;
  scope: string;
  keyspace: string;
  /** The canonical text of each expression statistics were collected on, sorted. */
  distributionKeys: string[];
  /** The indexes statistics were collected for. */
  indexes: string[];
  /** Documents in the keyspace and their average JSON size (bytes) when collected. */
  docCount: number;
  avgDocSize: number;
  /** When the statistics were last collected (ISO 8601). */
  lastUpdate: string;
}

/** The dictionary: entries by `bucket.scope.keyspace`. */
export class StatisticsDictionary {
  private readonly entries = new Map<string, DictionaryEntry>();

  /** Adds expressions and indexes to a keyspace's entry (created if missing) and refreshes its counts. */
  record(path: { bucket: string; scope: string; keyspace: string }, what: { keys?: string[]; indexes?: string[]; docCount: number; avgDocSize: number }): void {
    const id = `${path.bucket}.${path.scope}.${path.keyspace}`;
    const e = this.entries.get(id) ?? { ...path, distributionKeys: [], indexes: [], docCount: 0, avgDocSize: 0, lastUpdate: '' };
    e.distributionKeys = [...new Set([...e.distributionKeys, ...(what.keys ?? [])])].sort();
    e.indexes = [...new Set([...e.indexes, ...(what.indexes ?? [])])].sort();
    e.docCount = what.docCount;
    e.avgDocSize = what.avgDocSize;
    e.lastUpdate = new Date().toISOString();
    this.entries.set(id, e);
  }

  /** Drops expressions (`keys`) or, without them, the whole entry of a keyspace (`UPDATE STATISTICS … DELETE`). */
  remove(path: { bucket: string; scope: string; keyspace: string }, keys?: string[]): void {
    const id = `${path.bucket}.${path.scope}.${path.keyspace}`;
    const e = this.entries.get(id);
    if (!e) return;
    if (!keys) this.entries.delete(id);
    else e.distributionKeys = e.distributionKeys.filter((k) => !keys.includes(k));
  }

  /** Rows of `system:dictionary`. */
  rows(): Value[] {
    return [...this.entries.values()].map((e) => ({ ...e, distributionKeys: [...e.distributionKeys], indexes: [...e.indexes] }));
  }
}
