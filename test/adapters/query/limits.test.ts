/**
 * Request limits of the query service over HTTP on loopback (issue 22 "limits"): `timeout`
 * (reference 1080 "Timeout 200ms exceeded") and the server's default, `memory_quota` (reference
 * 5500 "Request has exceeded memory quota"), a client that disconnects, system:active_requests
 * and its DELETE, system:completed_requests, and the accepted request parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueryService } from '../../../src/adapters/query/index.js';
import type { Listener } from '../../../src/adapters/http/server.js';
import { Database } from '../../../src/index.js';

const OOM = 'SELECT RAW COUNT(*) FROM ARRAY_RANGE(0,100) AS a UNNEST ARRAY_RANGE(0,1000) AS x UNNEST ARRAY_RANGE(0,1000) AS y';
const SORT_1M = 'SELECT RAW x * 1000 + y FROM ARRAY_RANGE(0,1000) AS x UNNEST ARRAY_RANGE(0,1000) AS y ORDER BY x * 1000 + y DESC';

let db: Database;
let svc: Listener;
let capped: Listener;

async function q(params: Record<string, string>, opts: { base?: string; signal?: AbortSignal } = {}) {
  const r = await fetch(`${opts.base ?? svc.url}/query/service`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
    signal: opts.signal,
  });
  return { status: r.status, body: (await r.json()) as any };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  db = await Database.open();
  svc = await startQueryService(db, { port: 0 });
  capped = await startQueryService(db, { port: 0, timeoutMs: 300 });
  // Warm up the operators (their first run compiles): the timings below are of a warm server.
  await db.query(OOM, { timeoutMs: 100 }).catch(() => {});
  await q({ statement: 'SELECT RAW 1' });
});
afterAll(async () => {
  await capped.close();
  await svc.close();
  await db.close();
});

describe('timeout', () => {
  it('timeout=200ms ends a long query in under 400 ms with the reference error', async () => {
    const t = performance.now();
    const r = await q({ statement: OOM, timeout: '200ms' });
    expect(performance.now() - t).toBeLessThan(400);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('fatal');
    expect(r.body.errors).toEqual([{ code: 1080, msg: 'Timeout 200ms exceeded', retry: true }]);
    expect((await q({ statement: 'SELECT RAW 1' })).body.results).toEqual([1]);
  });

  it('the server default applies without a timeout and caps a longer one', async () => {
    for (const params of [{ statement: OOM }, { statement: OOM, timeout: '10s' }] as Record<string, string>[]) {
      const t = performance.now();
      const r = await q(params, { base: capped.url });
      expect(performance.now() - t).toBeLessThan(800);
      expect(r.body.errors).toEqual([{ code: 1080, msg: 'Timeout 300ms exceeded', retry: true }]);
    }
  });

  it('rejects a malformed timeout as the reference does', async () => {
    expect((await q({ statement: 'SELECT 1', timeout: 'abc' })).body.errors).toEqual([{ code: 1040, msg: 'Error processing duration - cause: Unable to parse duration: abc' }]);
  });
});

describe('memory_quota', () => {
  it('the OOM query stays within its quota and ends with an error; the next query runs', async () => {
    const before = process.memoryUsage().heapUsed;
    const r = await q({ statement: OOM, memory_quota: '64', timeout: '1s' });
    expect(r.body.errors[0].code).toBe(1080);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
    expect((await q({ statement: 'SELECT RAW 1' })).body.results).toEqual([1]);
  });

  it('a sort of a million rows past memory_quota=20 (MB) ends with 5500; the next query runs', async () => {
    const t = performance.now();
    const r = await q({ statement: SORT_1M, memory_quota: '20' });
    expect(r.body.errors).toEqual([{ code: 5500, msg: 'Request has exceeded memory quota' }]);
    expect(performance.now() - t).toBeLessThan(10_000);
    expect((await q({ statement: 'SELECT RAW 2' })).body.results).toEqual([2]);
  });

  it('a large result counts too; a query under its quota succeeds', async () => {
    const big = await q({ statement: 'SELECT RAW REPEAT("x", 1000) FROM ARRAY_RANGE(0, 100000) AS i', memory_quota: '10' });
    expect(big.body.errors[0].code).toBe(5500);
    const small = await q({ statement: 'SELECT RAW i FROM ARRAY_RANGE(0, 1000) AS i ORDER BY i DESC LIMIT 2', memory_quota: '10' });
    expect(small.body.results).toEqual([999, 998]);
    expect((await q({ statement: 'SELECT 1', memory_quota: 'abc' })).body.errors).toEqual([{ code: 1040, msg: 'Error processing memory_quota - cause: memory_quota is invalid' }]);
  });
});

describe('active and completed requests', () => {
  it('a client that disconnects stops its query', async () => {
    const ac = new AbortController();
    const pending = q({ statement: OOM, client_context_id: 'gone' }, { signal: ac.signal }).catch(() => undefined);
    await sleep(150);
    expect((await db.query("SELECT RAW clientContextID FROM system:active_requests WHERE clientContextID = 'gone'")).results).toEqual(['gone']);
    ac.abort();
    await pending;
    const t = performance.now();
    while (performance.now() - t < 1000) {
      if ((await db.query("SELECT RAW 1 FROM system:active_requests WHERE clientContextID = 'gone'")).results.length === 0) break;
      await sleep(10);
    }
    expect(performance.now() - t).toBeLessThan(300);
    const done = await db.query("SELECT RAW state FROM system:completed_requests WHERE clientContextID = 'gone'");
    expect(done.results).toEqual(['stopped']);
  });

  it('DELETE FROM system:active_requests cancels a running request', async () => {
    const long = q({ statement: OOM, client_context_id: 'victim' });
    await sleep(150);
    const rows = (await q({ statement: "SELECT requestId, state, statement FROM system:active_requests WHERE clientContextID = 'victim'" })).body.results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'running', statement: OOM });
    const del = await q({ statement: `DELETE FROM system:active_requests WHERE requestId = '${rows[0].requestId}'` });
    expect(del.body.metrics.mutationCount).toBe(1);
    const t = performance.now();
    const r = await long;
    expect(performance.now() - t).toBeLessThan(300);
    expect(r.body.errors).toEqual([{ code: 1080, msg: 'Request cancelled' }]);
    const done = (await q({ statement: "SELECT RAW state FROM system:completed_requests WHERE clientContextID = 'victim'" })).body.results;
    expect(done).toEqual(['stopped']);
  });

  it('completed_requests keeps finished requests with their times and counts', async () => {
    await q({ statement: 'SELECT RAW i FROM ARRAY_RANGE(0, 3) AS i', client_context_id: 'fine' });
    const rows = (await q({ statement: "SELECT requestId, requestTime, elapsedTime, state, resultCount FROM system:completed_requests WHERE clientContextID = 'fine'" })).body.results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'completed', resultCount: 3 });
    expect(rows[0].elapsedTime).toMatch(/^[0-9.]+(µs|ms|s)$/);
    expect(new Date(rows[0].requestTime).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('accepted parameters', () => {
  it('max_parallelism and scan_consistency are accepted and checked', async () => {
    expect((await q({ statement: 'SELECT RAW 1', max_parallelism: '4', scan_consistency: 'request_plus' })).body.results).toEqual([1]);
    expect((await q({ statement: 'SELECT RAW 1', scan_consistency: 'NOT_BOUNDED' })).body.results).toEqual([1]);
    expect((await q({ statement: 'SELECT 1', max_parallelism: 'abc' })).body.errors).toEqual([{ code: 1040, msg: 'Error processing max_parallelism - cause: max_parallelism is invalid' }]);
    expect((await q({ statement: 'SELECT 1', scan_consistency: 'foo' })).body.errors).toEqual([{ code: 1030, msg: 'Unknown scan_consistency value: foo' }]);
  });
});
