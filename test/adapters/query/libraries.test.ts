/**
 * The query service's Functions REST API for JavaScript libraries, over HTTP on loopback:
 * `GET/POST/DELETE /evaluator/v1/libraries/{name}` and `GET /evaluator/v1/libraries` (the
 * reference's paths; Couchbase docs "Functions REST API"), `?bucket=&scope=` for a scope's
 * library, credentials as for `/query/service`; a library POSTed is used by
 * `LANGUAGE JAVASCRIPT AS "fname" AT "lib"` functions through `/query/service`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueryService } from '../../../src/adapters/query/index.js';
import type { Listener } from '../../../src/adapters/http/server.js';
import { Database } from '../../../src/index.js';

let db: Database;
let svc: Listener;
let secured: Listener;

const lib = (path: string, init: RequestInit = {}, base = svc.url) => fetch(`${base}/evaluator/v1/libraries${path}`, init);
const auth = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

async function query(statement: string) {
  const r = await fetch(`${svc.url}/query/service`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ statement }) });
  return (await r.json()) as { results?: unknown[]; errors?: { code: number }[] };
}

beforeAll(async () => {
  db = await Database.open();
  svc = await startQueryService(db, { port: 0 });
  secured = await startQueryService(db, { port: 0, authenticate: async (u, p) => u === 'admin' && p === 'secret' });
});
afterAll(async () => {
  await svc.close();
  await secured.close();
  await db.close();
});

describe('/evaluator/v1/libraries', () => {
  it('POST creates a library, GET reads it and lists it', async () => {
    const post = await lib('/math', { method: 'POST', body: 'function add(a, b) { return a + b; }' });
    expect(post.status).toBe(200);
    const one = await lib('/math');
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ name: 'math', bucket: '', scope: '', code: 'function add(a, b) { return a + b; }' });
    const all = await lib('');
    expect(await all.json()).toEqual([{ name: 'math', bucket: '', scope: '', code: 'function add(a, b) { return a + b; }' }]);
  });

  it('a function AT the library runs through /query/service; POST replaces the code', async () => {
    expect(await query('CREATE FUNCTION restAdd(a, b) LANGUAGE JAVASCRIPT AS "add" AT "math"')).toMatchObject({ results: [] });
    expect((await query('SELECT RAW restAdd(2, 3)')).results).toEqual([5]);
    await lib('/math', { method: 'POST', body: 'function add(a, b) { return a * b; }' });
    expect((await query('SELECT RAW restAdd(2, 3)')).results).toEqual([6]);
  });

  it('scoped libraries are apart from global ones; one of bucket/scope alone is 400', async () => {
    expect((await lib('/math?bucket=b&scope=s', { method: 'POST', body: 'function add() { return 0; }' })).status).toBe(200);
    expect(await (await lib('/math?bucket=b&scope=s')).json()).toMatchObject({ name: 'math', bucket: 'b', scope: 's' });
    expect(await (await lib('?bucket=b')).json()).toEqual([{ name: 'math', bucket: 'b', scope: 's', code: 'function add() { return 0; }' }]);
    expect((await lib('/math?bucket=b')).status).toBe(400);
    expect((await lib('/math?bucket=b&scope=s', { method: 'DELETE' })).status).toBe(200);
  });

  it('DELETE removes it; then GET and DELETE are 404 and the function fails with 10109', async () => {
    expect((await lib('/math', { method: 'DELETE' })).status).toBe(200);
    expect((await lib('/math')).status).toBe(404);
    expect((await lib('/math', { method: 'DELETE' })).status).toBe(404);
    expect((await query('SELECT RAW restAdd(2, 3)')).errors?.[0]?.code).toBe(10109);
  });

  it('an empty body is 400', async () => {
    expect((await lib('/empty', { method: 'POST', body: '' })).status).toBe(400);
  });

  it('needs credentials where the query service does', async () => {
    expect((await lib('', {}, secured.url)).status).toBe(401);
    expect((await lib('/x', { method: 'POST', body: 'function f() {}', headers: auth('admin', 'wrong') }, secured.url)).status).toBe(401);
    expect((await lib('/x', { method: 'POST', body: 'function f() {}', headers: auth('admin', 'secret') }, secured.url)).status).toBe(200);
    expect((await lib('/x', { method: 'DELETE', headers: auth('admin', 'secret') }, secured.url)).status).toBe(200);
  });
});
