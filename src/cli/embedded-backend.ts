import { ErrorCode, QueryError, type Database, type QueryOptions, type QueryResult } from '../index.js';
import { indexInfos, INDEXES_STATEMENT, keyspaceInfos, KEYSPACES_STATEMENT, type Backend, type IndexInfo, type KeyspaceInfo, type RunOptions } from './backend.js';


/**
 * A {@link Backend} over an embedded {@link Database}. Cancellation goes to the engine through
 * `QueryOptions.signal`: the statement stops at its next batch boundary with QueryError 1080.
 */
export class EmbeddedBackend implements Backend {
  readonly where = 'embedded';
  constructor(readonly db: Database) {}

  async run(statement: string, options: RunOptions = {}): Promise<QueryResult> {
    const opts: QueryOptions = {
      ...(options.named && Object.keys(options.named).length ? { params: options.named } : {}),
      ...(options.positional ? { args: options.positional } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.profile ? { profile: options.profile } : {}),
      ...(options.txid ? { txid: options.txid } : {}),
    };
    options.signal?.throwIfAborted();
    return this.db.query(statement, opts);
  }

  async keyspaces(): Promise<KeyspaceInfo[]> {
    return keyspaceInfos((await this.db.query(KEYSPACES_STATEMENT)).results);
  }

  async indexes(keyspace?: string): Promise<IndexInfo[]> {
    const all = indexInfos((await this.db.query(INDEXES_STATEMENT)).results);
    return keyspace === undefined ? all : all.filter((i) => i.keyspace === keyspace);
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}

/** True for the error of a statement that was cancelled (Ctrl-C) or timed out on the client. */
export function isCancelled(err: unknown): boolean {
  if (err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError')) return true;
  // 1080: "Request cancelled" / "Timeout exceeded" (the engine's answer to an aborted signal).
  return err instanceof QueryError && (err.code === ErrorCode.REQUEST_STOPPED || /cancel/i.test(err.message));
}
