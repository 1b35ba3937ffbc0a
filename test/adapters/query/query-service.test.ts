import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueryService } from '../../../src/adapters/query/index.js';
import { Database } from '../../../src/index.js';

let db: Database;
let url: string;
let close: () => Promise<void>;
const lines: string[] = [];

beforeAll(async () => {
  db = await Database.open();
  await db.load('t', [{ name: 'Grand Hotel', n: 1 }, { name: 'Inn', n: 2 }], { key: 'k#MONO_INCR#' });
  const l = await startQueryService(db, { port: 0, log: (line) => lines.push(line) });
  url = `${l.url}/query/service`;
  close = l.close;
});
afterAll(async () => {
  await close();
  await db.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (r: Response): Promise<any> => r.json();

const form = (params: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(params).toString(),
});

describe('POST /query/service over HTTP', () => {
  it('runs a form-encoded statement with named and positional parameters', async () => {
    const r = await fetch(url, form({ statement: 'SELECT RAW name FROM t WHERE n = $n', $n: '2' }));
    expect(r.status).toBe(200);
    const body = await json(r);
    expect(body).toMatchObject({ status: 'success', results: ['Inn'], metrics: { resultCount: 1 } });
    expect(body.requestID).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.metrics.elapsedTime).toMatch(/^[0-9.]+(µs|ms|s)$/);
    const r2 = await fetch(url, form({ statement: 'SELECT name FROM t WHERE n = $1', args: '[1]' }));
    expect((await json(r2)).results).toEqual([{ name: 'Grand Hotel' }]);
    // Both kinds in one request: each parameter keeps its value.
    const r3 = await fetch(url, form({ statement: 'SELECT RAW name FROM t WHERE n = $1 OR name = $name ORDER BY n', args: '[1]', $name: '"Inn"' }));
    expect((await json(r3)).results).toEqual(['Grand Hotel', 'Inn']);
    const r4 = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ statement: 'SELECT RAW [$1, $n, ?]', args: ['a', 'b'], $n: 'named' }),
    });
    expect((await json(r4)).results).toEqual([['a', 'named', 'a']]);
  });

  it('passes the profile parameter through: phases gives phaseTimes, phaseCounts and phaseOperators', async () => {
    const r = await fetch(url, form({ statement: 'SELECT name FROM t WHERE n > 0', profile: 'phases' }));
    const body = await json(r);
    expect(body.results).toHaveLength(2);
    expect(Object.keys(body.profile.phaseTimes)).toEqual(['parse', 'semantic', 'plan', 'run']);
    expect(body.profile.phaseTimes.run).toMatch(/^[0-9.]+ms$/);
    // A sequential scan of the keyspace's two documents, each fetched, filtered and projected.
    expect(body.profile.phaseCounts).toEqual({ primaryScan: 2, fetch: 2, filter: 2, project: 2 });
    expect(body.profile.phaseOperators).toEqual({ primaryScan: 1, fetch: 1, filter: 1, project: 1 });
    expect(body.profile.requestTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await json(await fetch(url, form({ statement: 'SELECT 1' })))).profile).toBeUndefined();
    const bad = await json(await fetch(url, form({ statement: 'SELECT 1', profile: 'all' })));
    expect(bad.errors[0].code).toBe(1040);
  });

  it('profile=timings adds executionTimings: the executed plan with each operator\'s #stats', async () => {
    const body = await json(await fetch(url, form({ statement: 'SELECT name FROM t WHERE n > 0', profile: 'timings' })));
    expect(body.results).toHaveLength(2);
    expect(body.profile.phaseCounts).toEqual({ primaryScan: 2, fetch: 2, filter: 2, project: 2 });
    const timings = JSON.stringify(body.profile.executionTimings);
    expect(body.profile.executionTimings['#operator']).toBe('Sequence');
    expect(timings).toMatch(/"#operator":"PrimaryScan3","#stats":\{"#itemsOut":2,"execTime":"[0-9.]+ms"\}/);
    expect(timings).toMatch(/"#operator":"Filter","#stats":\{"#itemsIn":2,"#itemsOut":2,"execTime":"[0-9.]+ms"\}/);
  });

  it('accepts a JSON body and reports DML mutation counts', async () => {
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ statement: 'INSERT INTO t (KEY, VALUE) VALUES ($k, $v)', $k: 'k9', $v: { name: 'New' } }),
    });
    expect(r.status).toBe(200);
    expect((await json(r)).metrics.mutationCount).toBe(1);
  });

  it('keeps its clients\' prepared statements apart from the embedding application\'s', async () => {
    await db.upsert('_secrets', 's1', { token: 'hidden' });
    await db.query('PREPARE app_secret FROM SELECT RAW token FROM _secrets');
    expect((await db.query('EXECUTE app_secret')).results).toEqual(['hidden']);
    // A client cannot run the application's plan, which reads an internal keyspace…
    const r = await fetch(url, form({ statement: 'EXECUTE app_secret' }));
    const body = await json(r);
    expect(body.status).not.toBe('success');
    expect(body.errors[0].code).toBe(4040);
    expect(JSON.stringify(body)).not.toContain('hidden');
    // …and preparing the same name gives the client its own statement, leaving the application's alone.
    const p = await json(await fetch(url, form({ statement: 'PREPARE app_secret FROM SELECT RAW name FROM t WHERE n = 2' })));
    expect(p.status).toBe('success');
    expect((await json(await fetch(url, form({ statement: 'EXECUTE app_secret' })))).results).toEqual(['Inn']);
    expect((await db.query('EXECUTE app_secret')).results).toEqual(['hidden']);
  });

  it('answers errors with the reference shape and status', async () => {
    const r = await fetch(url, form({ statement: 'SELECT * FORM t' }));
    expect(r.status).toBe(400);
    const body = await json(r);
    expect(body.status).toBe('fatal');
    expect(body.errors[0].code).toBe(3000);
    expect(body.errors[0].msg).toMatch(/FORM/);
    const missing = await fetch(url, form({}));
    expect(missing.status).toBe(400);
    expect((await json(missing)).errors[0].code).toBe(1050);
    const bad = await fetch(url, form({ statement: 'SELECT 1', args: 'not json' }));
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors[0].code).toBe(1040);
    const noKs = await fetch(url, form({ statement: 'SELECT * FROM nope' }));
    expect(noKs.status).toBe(404);
    // A parameter without a value is an evaluation error, 500 as in the reference.
    const noArg = await fetch(url, form({ statement: 'SELECT RAW $nothing' }));
    expect(noArg.status).toBe(500);
    const noArgBody = await json(noArg);
    expect(noArgBody.errors[0]).toMatchObject({ code: 5010, msg: 'No value for named parameter $nothing (near line 1, column 12)' });
    expect(noArgBody.status).toBe('errors');
  });

  it('logs one line per request', () => {
    expect(lines.some((l) => l.startsWith('POST /query/service 200'))).toBe(true);
  });
});

describe('with authentication', () => {
  it('requires valid basic credentials', async () => {
    const l = await startQueryService(db, { port: 0, authenticate: async (u, p) => u === 'admin' && p === 'secret' });
    try {
      const anon = await fetch(`${l.url}/query/service`, form({ statement: 'SELECT 1' }));
      expect(anon.status).toBe(401);
      expect(anon.headers.get('www-authenticate')).toMatch(/^Basic/);
      const ok = await fetch(`${l.url}/query/service`, {
        ...form({ statement: 'SELECT RAW 1' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic ' + Buffer.from('admin:secret').toString('base64') },
      });
      expect((await json(ok)).results).toEqual([1]);
    } finally {
      await l.close();
    }
  });
});
