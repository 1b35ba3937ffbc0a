// The workbench's HTTP surface without a browser (docs/workbench.md, "Security model"): the login
// redirect, the session cookie's flags, the CSRF check on POSTs, statements under the user's
// roles, Cancel, logout, and the 503 page when the assets are not built.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { startClusterAdmin, type ClusterAdmin } from '../../src/adapters/cluster/index.js';

const ADMIN = { user: 'Administrator', password: 'password' };

let db: Database;
let admin: ClusterAdmin;
let bare: ClusterAdmin;

beforeAll(async () => {
  // A stand-in for dist/ui: the server only serves it.
  const ui = mkdtempSync(join(tmpdir(), 'tokenql-ui-'));
  mkdirSync(join(ui, 'assets'));
  writeFileSync(join(ui, 'index.html'), '<!doctype html><title>workbench</title>');
  writeFileSync(join(ui, 'login.html'), '<!doctype html><title>login</title>');
  writeFileSync(join(ui, 'assets', 'workbench.js'), 'console.log(1)');
  writeFileSync(join(ui, 'assets', 'workbench.js.gz'), gzipSync('console.log(1)'));
  db = await Database.open({});
  await db.upsert('customer', 'c1', { name: 'Ann' });
  await db.upsert('product', 'p1', { name: 'Briefcase' });
  admin = await startClusterAdmin(db, { port: 0, daemon: false, admin: ADMIN, workbench: { uiDir: ui } });
  const r = await fetch(`${admin.url}/settings/rbac/users/local/reader`, {
    method: 'PUT',
    headers: { authorization: 'Basic ' + Buffer.from(`${ADMIN.user}:${ADMIN.password}`).toString('base64'), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'password=secret1&roles=query_select[customer]',
  });
  expect(r.status).toBe(200);
  const db2 = await Database.open({});
  bare = await startClusterAdmin(db2, { port: 0, daemon: false, admin: ADMIN, workbench: { uiDir: join(ui, 'missing') } });
});

afterAll(async () => {
  await admin?.close();
  await bare?.close();
  await db?.close();
});

async function login(user: string, password: string): Promise<{ cookie: string; csrf: string; setCookie: string }> {
  const r = await fetch(`${admin.url}/ui/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user, password }) });
  expect(r.status).toBe(200);
  const setCookie = r.headers.get('set-cookie')!;
  const body = (await r.json()) as { user: string; csrf: string };
  expect(body.user).toBe(user);
  return { cookie: setCookie.split(';')[0]!, csrf: body.csrf, setCookie };
}

const query = (s: { cookie: string; csrf?: string }, statement: string, extra: Record<string, unknown> = {}) =>
  fetch(`${admin.url}/ui/api/query`, {
    method: 'POST',
    headers: { cookie: s.cookie, 'content-type': 'application/json', ...(s.csrf !== undefined ? { 'x-csrf-token': s.csrf } : {}) },
    body: JSON.stringify({ statement, ...extra }),
  });

describe('workbench HTTP', { timeout: 30_000 }, () => {
  it('redirects /ui/ to the login page without a session, and answers the API 401', async () => {
    let r = await fetch(`${admin.url}/ui/`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/ui/login');
    r = await fetch(`${admin.url}/ui`, { redirect: 'manual' });
    expect([r.status, r.headers.get('location')]).toEqual([302, '/ui/']);
    r = await fetch(`${admin.url}/ui/login`);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<title>login</title>');
    r = await fetch(`${admin.url}/ui/api/session`);
    expect(r.status).toBe(401);
    expect(r.headers.get('x-workbench-login')).toBe('required');
    r = await fetch(`${admin.url}/ui/assets/workbench.js`, { headers: { 'accept-encoding': 'identity' } });
    expect([r.status, r.headers.get('content-encoding'), await r.text()]).toEqual([200, null, 'console.log(1)']);
    // The precompressed copy made by `npm run build:ui` is sent to a client that takes gzip.
    r = await fetch(`${admin.url}/ui/assets/workbench.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect([r.status, r.headers.get('content-encoding'), await r.text()]).toEqual([200, 'gzip', 'console.log(1)']);
  });

  it('refuses wrong credentials and non-JSON logins', async () => {
    let r = await fetch(`${admin.url}/ui/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'Administrator', password: 'nope' }) });
    expect(r.status).toBe(401);
    expect(r.headers.get('set-cookie')).toBeNull();
    // A cross-site HTML form can send this content type: refused.
    r = await fetch(`${admin.url}/ui/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'user=Administrator&password=password' });
    expect(r.status).toBe(415);
  });

  it('sets an HttpOnly, SameSite=Strict session cookie scoped to /ui and serves the page with it', async () => {
    const s = await login(ADMIN.user, ADMIN.password);
    expect(s.setCookie).toMatch(/^tokenql_ui_session=[A-Za-z0-9_-]{43}; /);
    expect(s.setCookie).toMatch(/; HttpOnly/);
    expect(s.setCookie).toMatch(/; SameSite=Strict/);
    expect(s.setCookie).toMatch(/; Path=\/ui/);
    const r = await fetch(`${admin.url}/ui/`, { headers: { cookie: s.cookie }, redirect: 'manual' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(await r.text()).toContain('<title>workbench</title>');
    const session = (await (await fetch(`${admin.url}/ui/api/session`, { headers: { cookie: s.cookie } })).json()) as { user: string; roles: string[]; csrf: string; functions: string[] };
    expect(session.user).toBe('Administrator');
    expect(session.roles).toEqual(['admin']);
    expect(session.csrf).toBe(s.csrf);
    expect(session.functions).toContain('TOKENS');
  });

  it('refuses a POST without the CSRF token or with a wrong one', async () => {
    const s = await login(ADMIN.user, ADMIN.password);
    let r = await query({ cookie: s.cookie }, 'SELECT 1');
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({ error: 'missing or wrong CSRF token (X-CSRF-Token header)' });
    r = await query({ cookie: s.cookie, csrf: s.csrf.slice(1) + 'x' }, 'SELECT 1');
    expect(r.status).toBe(403);
    r = await fetch(`${admin.url}/ui/api/cancel`, { method: 'POST', headers: { cookie: s.cookie, 'content-type': 'application/json' }, body: '{"client_context_id":"x"}' });
    expect(r.status).toBe(403);
    r = await query({ cookie: s.cookie, csrf: s.csrf }, 'SELECT RAW name FROM product');
    expect(r.status).toBe(200);
    const body = (await r.json()) as { results: unknown[]; status: string; metrics: { resultCount: number } };
    expect([body.status, body.results, body.metrics.resultCount]).toEqual(['success', ['Briefcase'], 1]);
    // Without a session cookie the token alone is not enough.
    r = await query({ cookie: '', csrf: s.csrf }, 'SELECT 1');
    expect(r.status).toBe(401);
  });

  it("runs statements under the user's roles, as the query service does (13014 outside them)", async () => {
    const s = await login('reader', 'secret1');
    // The keyspaces panel lists what the user may SELECT from.
    const listed = await fetch(`${admin.url}/ui/api/keyspaces`, { headers: { cookie: s.cookie } });
    expect(await listed.json()).toEqual({ keyspaces: ['customer'] });
    const all = await login(ADMIN.user, ADMIN.password);
    expect(await (await fetch(`${admin.url}/ui/api/keyspaces`, { headers: { cookie: all.cookie } })).json()).toEqual({ keyspaces: ['customer', 'product'] });
    let r = await query(s, 'SELECT RAW name FROM customer');
    expect(((await r.json()) as { results: unknown[] }).results).toEqual(['Ann']);
    r = await query(s, 'SELECT RAW name FROM product');
    expect(r.status).toBe(401);
    // A refusal of the statement, not a missing session: the page stays.
    expect(r.headers.get('x-workbench-login')).toBeNull();
    const body = (await r.json()) as { errors: { code: number }[]; status: string };
    expect(body.errors[0]!.code).toBe(13014);
    r = await query(s, 'CREATE INDEX ix ON customer(name)');
    expect(((await r.json()) as { errors: { code: number }[] }).errors[0]!.code).toBe(13014);
  });

  it('cancels a running statement of the session (1080 Request cancelled)', async () => {
    const s = await login(ADMIN.user, ADMIN.password);
    const started = performance.now();
    const running = query(s, 'SELECT RAW COUNT(*) FROM ARRAY_RANGE(0, 10000) AS a UNNEST ARRAY_RANGE(0, 10000) AS b UNNEST ARRAY_RANGE(0, 10000) AS c', { client_context_id: 'long-1' });
    await new Promise((r) => setTimeout(r, 300));
    const c = await fetch(`${admin.url}/ui/api/cancel`, { method: 'POST', headers: { cookie: s.cookie, 'content-type': 'application/json', 'x-csrf-token': s.csrf }, body: '{"client_context_id":"long-1"}' });
    expect(await c.json()).toEqual({ cancelled: true });
    const body = (await (await running).json()) as { clientContextID: string; errors: { code: number; msg: string }[]; status: string };
    expect(performance.now() - started).toBeLessThan(5000);
    expect(body.clientContextID).toBe('long-1');
    expect(body.errors.map((e) => [e.code, e.msg])).toEqual([[1080, 'Request cancelled']]);
    // Once it has ended there is nothing left to cancel.
    const other = await fetch(`${admin.url}/ui/api/cancel`, { method: 'POST', headers: { cookie: s.cookie, 'content-type': 'application/json', 'x-csrf-token': s.csrf }, body: '{"client_context_id":"long-1"}' });
    expect(await other.json()).toEqual({ cancelled: false });
  });

  it("shows the cluster's auto-compaction settings and tasks as the user's REST calls would", async () => {
    const basic = (u: string, p: string) => ({ authorization: 'Basic ' + Buffer.from(`${u}:${p}`).toString('base64') });
    for (const [user, password] of [[ADMIN.user, ADMIN.password], ['reader', 'secret1']] as const) {
      const s = await login(user, password);
      const info = (await (await fetch(`${admin.url}/ui/api/cluster`, { headers: { cookie: s.cookie } })).json()) as { autoCompaction: unknown; tasks: unknown };
      const settings = await fetch(`${admin.url}/settings/autoCompaction`, { headers: basic(user, password) });
      expect(info.autoCompaction).toEqual(settings.status === 200 ? await settings.json() : null);
      const tasks = await fetch(`${admin.url}/pools/default/tasks`, { headers: basic(user, password) });
      // The REST list starts with the rebalance entry; the workbench lists the bucket tasks.
      expect(info.tasks).toEqual(tasks.status === 200 ? ((await tasks.json()) as unknown[]).slice(1) : null);
    }
    expect((await fetch(`${admin.url}/ui/api/cluster`)).status).toBe(401);
  });

  it('ends the session at logout', async () => {
    const s = await login(ADMIN.user, ADMIN.password);
    const r = await fetch(`${admin.url}/ui/api/logout`, { method: 'POST', headers: { cookie: s.cookie, 'content-type': 'application/json', 'x-csrf-token': s.csrf }, body: '{}' });
    expect(r.status).toBe(200);
    expect(r.headers.get('set-cookie')).toMatch(/^tokenql_ui_session=; /);
    expect((await fetch(`${admin.url}/ui/api/session`, { headers: { cookie: s.cookie } })).status).toBe(401);
    expect((await query(s, 'SELECT 1')).status).toBe(401);
  });

  it('answers 503 with the build command when the assets are missing', async () => {
    const r = await fetch(`${bare.url}/ui/`);
    expect(r.status).toBe(503);
    expect(await r.text()).toContain('npm run build:ui');
  });
});
