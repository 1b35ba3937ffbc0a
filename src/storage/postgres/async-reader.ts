/**
 * Reads of the PostgreSQL store that the event loop waits for instead of blocking on
 * (sync-reader.ts): the first page of an index scan read ahead (pg-index-view.ts `prefetch`), on
 * the store's pool. Rows come as the synchronous reader gives them (`rowMode: 'array'`, node-
 * postgres's default type parsers: `int8` as decimal strings, `bytea` as Buffers), so that either
 * reader's page is processed the same way.
 */
import type pg from 'pg';

/** Names of the statements prepared on the pool's connections, by text (one name per text, at most {@link MAX_PREPARED}). */
const names = new Map<string, string>();
const MAX_PREPARED = 256;

export class AsyncReader {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Runs one statement on a connection of the pool and resolves to its rows as arrays. A text is
   * a prepared statement of its own (node-postgres `name`: parsed once per connection), as on the
   * synchronous reader. @throws (rejects with) the statement's or the connection's error
   */
  async query(text: string, params: unknown[]): Promise<unknown[][]> {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `tokenql_a${names.size}`));
    const r = await this.pool.query({ text, values: params, rowMode: 'array', ...(name === undefined ? {} : { name }) });
    return r.rows as unknown[][];
  }
}
