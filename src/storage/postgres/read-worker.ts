/**
 * The synckit worker behind the PostgreSQL store's synchronous reads (sync-reader.ts): it owns
 * one `pg.Client` per open store and runs one parameterised statement per call, returning the
 * rows as arrays (`rowMode: 'array'`; `int8` columns as decimal strings, as node-postgres gives
 * them). It imports nothing from tokenql, so it runs the same from TypeScript (tsx, vitest), from
 * tsc's output (dist/src) and from the CLI bundle (dist/cli, built beside it).
 *
 * Calls: `['open', id, url]`, `['query', id, text, params, next?]` → `unknown[][]` (`next`: the
 * following page, read ahead while the caller works on this one), `['close', id]`.
 */
import pg from 'pg';
import { runAsWorker } from 'synckit';

const clients = new Map<string, pg.Client>();
/** The URL of each open store's connection: a connection lost (a PostgreSQL restart) is made again on the next call. */
const urls = new Map<string, string>();

/**
 * Session settings of the reader: no bitmap scans, so that a keyset-paginated scan (`ORDER BY
 * key LIMIT n`) walks the primary key in order even while the table's statistics are stale (a
 * fresh load estimated 1 row and sorted 19,000 rows for a 256-row chunk: 16 ms instead of 1).
 */
const SESSION_OPTIONS = '-c enable_bitmapscan=off -c plan_cache_mode=force_generic_plan';

/** The connection of store `id`, connected (again) if need be. */
async function client(id: string): Promise<pg.Client> {
  const open = clients.get(id);
  if (open) return open;
  const url = urls.get(id);
  if (url === undefined) throw new Error(`tokenql PostgreSQL reader: connection ${id} is not open`);
  const c = new pg.Client({ connectionString: url, application_name: 'tokenql-reader', options: SESSION_OPTIONS });
  c.on('error', () => {
    if (clients.get(id) === c) clients.delete(id);
  });
  await c.connect();
  clients.set(id, c);
  return c;
}

/** An error that means the connection is gone (not a failing statement). */
function lost(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === '57P01' || code === '57P02' || code === '57P03' || /Connection terminated|not queryable|ECONNRESET|EPIPE/i.test(String((e as Error).message));
}

/** Statement texts prepared (named) on each connection, at most {@link MAX_PREPARED}; later ones run unnamed. */
const prepared = new WeakMap<pg.Client, Map<string, string>>();
const MAX_PREPARED = 256;

/**
 * Runs `text` on `c` as a prepared statement of its own (node-postgres `name`): parsed and
 * planned once per connection (PostgreSQL then keeps a generic plan where it is as cheap),
 * where an unnamed statement is parsed and planned on every call — for the store's short reads
 * (a point lookup's join of entries and documents) the planning cost more than the execution.
 */
function run(c: pg.Client, text: string, values: unknown[]): Promise<pg.QueryArrayResult> {
  let names = prepared.get(c);
  if (!names) prepared.set(c, (names = new Map()));
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED) names.set(text, (name = `tokenql_r${names.size}`));
  return c.query({ text, values, rowMode: 'array', ...(name === undefined ? {} : { name }) });
}

/**
 * The next page of a keyset-paginated read (see `NextPage` in sync-reader.ts): `text` with
 * `params`, parameter `keyParam` replaced by column `keyColumn` of the page's last row; read only
 * when the page had `full` rows (a shorter page is the last).
 */
interface NextPage {
  text: string;
  params: unknown[];
  keyColumn: number;
  keyParam: number;
  full: number;
}

/** A page started ahead on a connection: its statement, its parameters (JSON) and its rows to come. */
interface AheadPage {
  text: string;
  params: string;
  rows: Promise<unknown[][]>;
}
const ahead = new Map<string, AheadPage>();

/**
 * The rows of `text` with `params` on store `id`'s connection: the page read ahead if it is this
 * statement with these parameters, else a new read (after the page read ahead, whose rows are
 * then dropped: one statement at a time on the connection). Then, given `next` and a full page,
 * starts reading the next page, which runs while the caller works on this one.
 */
async function page(id: string, text: string, params: unknown[], next: NextPage | undefined): Promise<unknown[][]> {
  const pending = ahead.get(id);
  ahead.delete(id);
  let rows: unknown[][] | undefined;
  if (pending) {
    const read = await pending.rows.then(
      (r) => r,
      () => undefined,
    );
    if (read && pending.text === text && pending.params === JSON.stringify(params)) rows = read;
  }
  rows ??= await queryRows(id, text, params);
  if (next && rows.length >= next.full) {
    const nextParams = next.params.slice();
    nextParams[next.keyParam] = rows[rows.length - 1]![next.keyColumn];
    const started = queryRows(id, next.text, nextParams);
    started.catch(() => {});
    ahead.set(id, { text: next.text, params: JSON.stringify(nextParams), rows: started });
  }
  return rows;
}

/** Runs `text` on store `id`'s connection, once more on a new connection if the first was lost. */
async function queryRows(id: string, text: string, params: unknown[]): Promise<unknown[][]> {
  const c = await client(id);
  try {
    return (await run(c, text, params)).rows;
  } catch (e) {
    // The connection was lost (server restart, terminated backend): once more on a new one.
    if (!lost(e)) throw e;
    if (clients.get(id) === c) clients.delete(id);
    void c.end().catch(() => {});
    return (await run(await client(id), text, params)).rows;
  }
}

type Call = ['open', string, string] | ['query', string, string, unknown[], NextPage?] | ['close', string];

runAsWorker(async (...call: Call): Promise<unknown> => {
  switch (call[0]) {
    case 'open': {
      const [, id, url] = call;
      urls.set(id, url);
      await client(id);
      return null;
    }
    case 'query': {
      const [, id, text, params, next] = call;
      return page(id, text, params, next);
    }
    case 'close': {
      await ahead.get(call[1])?.rows.catch(() => {});
      ahead.delete(call[1]);
      const c = clients.get(call[1]);
      clients.delete(call[1]);
      urls.delete(call[1]);
      await c?.end().catch(() => {});
      return null;
    }
  }
});
