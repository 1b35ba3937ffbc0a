/**
 * PostgreSQL's own token lookup, the floor of the PostgreSQL benchmark's indexed lookups: the
 * same documents as a table `gin_docs(key text COLLATE "C", tokens text[])` (the document key and
 * the distinct TOKENS of its `name`, default options, computed by the engine's `tokens()`), a GIN
 * index on `tokens`, queried with `tokens @> ARRAY[$t]` through node-postgres (`pg`). Timed three
 * ways: the server's time (EXPLAIN ANALYZE's Execution Time), the client round trip of the query
 * (parameterised, as the PostgreSQL store sends its statements), and the round trip of `SELECT 1`
 * (one round trip with no work: the connection's own cost).
 */
import pg from 'pg';
import { percentile } from '../query/measure.js';

/** Separator of the tokens inside one text parameter (not in any generated name). */
const SEP = '\u001f';
/** Rows per INSERT while loading. */
export const GIN_BATCH = 5000;

/** Latencies of one timed statement, in ms. */
export interface Latency {
  runs: number;
  p50: number;
  p99: number;
  /** Mean rows per run (when rows are returned). */
  rows?: number;
}

export function latency(ms: readonly number[], rows?: number): Latency {
  return { runs: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), rows };
}

/** The GIN floor's table, filled batch by batch, then indexed. */
export class GinFloor {
  private constructor(private readonly client: pg.Client) {}

  /** Connects to `url` and creates an empty `gin_docs` (dropping an old one). */
  static async open(url: string): Promise<GinFloor> {
    const client = new pg.Client({ connectionString: url, application_name: 'tokenql-bench-gin' });
    await client.connect();
    await client.query('DROP TABLE IF EXISTS gin_docs');
    await client.query('CREATE TABLE gin_docs (key text COLLATE "C" PRIMARY KEY, tokens text[] NOT NULL)');
    return new GinFloor(client);
  }

  /** Inserts one batch of documents: keys and the distinct tokens of each. */
  async insert(keys: readonly string[], tokens: readonly (readonly string[])[]): Promise<void> {
    await this.client.query(`INSERT INTO gin_docs (key, tokens) SELECT k, CASE WHEN t = '' THEN '{}'::text[] ELSE string_to_array(t, $3) END FROM unnest($1::text[], $2::text[]) AS u(k, t)`, [
      keys,
      tokens.map((l) => l.join(SEP)),
      SEP,
    ]);
  }

  /** Builds the GIN index (wall ms of the CREATE INDEX, client side), then VACUUM ANALYZE. */
  async buildIndex(): Promise<number> {
    const t = performance.now();
    await this.client.query('CREATE INDEX gin_docs_tokens ON gin_docs USING gin (tokens)');
    const ms = performance.now() - t;
    await this.client.query('VACUUM ANALYZE gin_docs');
    return ms;
  }

  /** The scan nodes of the lookup's plan (e.g. `Bitmap Index Scan on gin_docs_tokens`). */
  async plan(token: string): Promise<string> {
    const r = await this.client.query<{ 'QUERY PLAN': string }>('EXPLAIN SELECT key FROM gin_docs WHERE tokens @> ARRAY[$1]::text[]', [token]);
    return r.rows
      .map((x) => x['QUERY PLAN'].trim().replace(/^->\s*/, '').replace(/\s*\(cost.*$/, ''))
      .filter((s) => /Scan/.test(s))
      .join(' + ');
  }

  /** The sorted keys of the documents with `token`, one per line (to compare with tokenql's answer). */
  async keys(token: string): Promise<string> {
    const r = await this.client.query<{ key: string }>('SELECT key FROM gin_docs WHERE tokens @> ARRAY[$1]::text[]', [token]);
    return r.rows
      .map((x) => x.key)
      .sort()
      .join('\n');
  }

  /**
   * Times the lookup of each token in turn (`warmup` untimed runs, then `runs` timed): client
   * round trips of the query, server execution times (EXPLAIN ANALYZE), and `SELECT 1` round
   * trips, interleaved run by run so that background load affects them alike.
   */
  async measure(tokens: readonly string[], runs: number, warmup: number): Promise<{ roundTrip: Latency; exec: Latency; ping: Latency }> {
    const rt: number[] = [];
    const ex: number[] = [];
    const ping: number[] = [];
    let rows = 0;
    for (let i = 0; i < warmup + runs; i++) {
      const token = tokens[i % tokens.length]!;
      let t = performance.now();
      const r = await this.client.query('SELECT key FROM gin_docs WHERE tokens @> ARRAY[$1]::text[]', [token]);
      const q = performance.now() - t;
      const e = await this.client.query<{ 'QUERY PLAN': string }>('EXPLAIN (ANALYZE, TIMING OFF) SELECT key FROM gin_docs WHERE tokens @> ARRAY[$1]::text[]', [token]);
      t = performance.now();
      await this.client.query('SELECT 1');
      const p = performance.now() - t;
      if (i < warmup) continue;
      rt.push(q);
      rows += r.rowCount ?? 0;
      ping.push(p);
      const m = /Execution Time: ([\d.]+) ms/.exec(e.rows.map((x) => x['QUERY PLAN']).join('\n'));
      ex.push(Number(m![1]));
    }
    return { roundTrip: latency(rt, rows / runs), exec: latency(ex), ping: latency(ping) };
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
