import { QueryError, type Database, type QueryOptions, type QueryResult } from '../index.js';
import { indexInfos, INDEXES_STATEMENT, keyspaceInfos, KEYSPACES_STATEMENT, type Backend, type IndexInfo, type KeyspaceInfo, type RunOptions } from './backend.js';

/** The query options with the plan's cancellation signal (`db.query(s, { signal })`). */
type WithSignal = QueryOptions & { signal?: AbortSignal };

/**
 * A {@link Backend} over an embedded {@link Database}. Cancellation goes to the engine through
 * `QueryOptions.signal`; the statement's own error (code 1010, E_SERVICE_CANCELLED, or the
 * engine's) is what the caller sees.
 */
export class EmbeddedBackend implements Backend {
  readonly where = 'embedded';
  constructor(readonly db: Database) {}

  async run(statement: string, options: RunOptions = {}): Promise<QueryResult> {
    const opts: WithSignal = {
      ...(options.named && Object.keys(options.named).length ? { params: options.named } : {}),
      ...(options.positional ? { args: options.positional } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    const signal = options.signal;
    signal?.throwIfAborted();
    const running = this.db.query(statement, opts);
    if (!signal) return running;
    // Until the engine honours `signal` everywhere, the caller gets control back at once: the
    // statement's own answer is dropped (its error too).
    running.catch(() => {});
    return new Promise<QueryResult>((resolve, reject) => {
      const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('statement cancelled', 'AbortError'));
      signal.addEventListener('abort', onAbort, { once: true });
      running.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
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
  return err instanceof QueryError && /cancel/i.test(err.message);
}
