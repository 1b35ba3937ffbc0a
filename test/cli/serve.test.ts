import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './run-cli.js';

/** Starts `tokenql serve` on free ports and resolves the URLs it prints. */
function startServe(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const urls = new Promise<{ admin: string; query: string }>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const m = /admin (http:\/\/\S+), query (http:\/\/\S+?),? /.exec(stdout);
      if (m) resolve({ admin: m[1], query: m[2] });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, urls, exited, output: () => ({ stdout, stderr }) };
}

const auth = { authorization: 'Basic ' + Buffer.from('Administrator:password').toString('base64') };

describe('tokenql serve', () => {
  it('serves the cluster admin API and the query service, then stops cleanly on SIGTERM', async () => {
    const s = startServe(['--admin-port', '0', '--query-port', '0', '--capi-port', '0', '--admin-user', 'Administrator', '--admin-password', 'password']);
    const { admin, query } = await s.urls;
    const settings = await fetch(`${admin}/settings/autoCompaction`, { headers: auth });
    expect(settings.status).toBe(200);
    expect(await settings.json()).toHaveProperty('autoCompactionSettings');
    expect((await fetch(`${admin}/settings/autoCompaction`)).status).toBe(401);
    const create = await fetch(`${admin}/pools/default/buckets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=travel',
    });
    expect(create.status).toBeLessThan(300);
    const q = await fetch(`${query}/query/service`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ statement: "INSERT INTO travel (KEY, VALUE) VALUES ('h1', {'name': 'Hotel Sublim Eiffel'}) RETURNING RAW META().id" }).toString(),
    });
    expect(((await q.json()) as { results: unknown[] }).results).toEqual(['h1']);
    const anon = await fetch(`${query}/query/service`, { method: 'POST', body: 'statement=SELECT%201' , headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(anon.status).toBe(401);
    // The query workbench is on the admin listener behind the same login (docs/workbench.md):
    // 302 to the login page, or 503 when dist/ui is not built.
    expect([302, 503]).toContain((await fetch(`${admin}/ui/`, { redirect: 'manual' })).status);
    const login = await fetch(`${admin}/ui/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'Administrator', password: 'password' }) });
    expect(login.status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    const { stdout, stderr } = s.output();
    expect(stdout).toMatch(/tokenql stopped/);
    expect(stderr).toMatch(/POST \/query\/service 200/);
    expect(stderr).not.toMatch(/password/i);
  });

  it('starts the gateway of a --config file with databases, on the same durable data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-serve-'));
    const config = join(dir, 'gateway.json');
    writeFileSync(
      config,
      JSON.stringify({
        interface: '127.0.0.1:0',
        adminInterface: '127.0.0.1:0',
        databases: { travel: { server: join(dir, 'data'), bucket: 'travel', users: { bob: { password: 'secret1' } } } },
      }),
    );
    try {
      const s = startServe(['--data', join(dir, 'data'), '--config', config, '--admin-port', '0', '--query-port', '0', '--capi-port', '0']);
      await s.urls;
      const gateway = await new Promise<string>((resolve) => {
        const poll = () => {
          const m = /gateway (http:\/\/\S+) \(admin/.exec(s.output().stdout);
          if (m) resolve(m[1]);
          else setTimeout(poll, 20);
        };
        poll();
      });
      const bob = { authorization: 'Basic ' + Buffer.from('bob:secret1').toString('base64') };
      const put = await fetch(`${gateway}/travel/h1`, { method: 'PUT', headers: { ...bob, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Hotel' }) });
      expect(put.status).toBe(201);
      expect((await fetch(`${gateway}/travel/`)).status).toBe(401);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('restarted on the same data without --admin-user, still requires the stored administrator on the query service; SIGTERM right after the ready line stops cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-serve-'));
    const data = join(dir, 'data');
    const ports = ['--admin-port', '0', '--query-port', '0', '--capi-port', '0'];
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    try {
      const first = startServe(['--data', data, ...ports, '--admin-user', 'Administrator', '--admin-password', 'password']);
      await first.urls;
      // At once, no request in between: the handlers are in place before the line is printed.
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output().stdout).toMatch(/tokenql stopped/);

      const again = startServe(['--data', data, ...ports]);
      const { admin, query } = await again.urls;
      const anon = await fetch(`${query}/query/service`, { method: 'POST', headers: form, body: 'statement=SELECT%201' });
      expect(anon.status).toBe(401);
      const ok = await fetch(`${query}/query/service`, { method: 'POST', headers: { ...form, ...auth }, body: 'statement=SELECT%201' });
      expect(ok.status).toBe(200);
      expect((await fetch(`${admin}/settings/autoCompaction`)).status).toBe(401);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with a port in use, stops what it started and exits 1 with the error (no hang, the data directory free again)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-serve-'));
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const busy = (blocker.address() as AddressInfo).port;
    try {
      const s = startServe(['--data', join(dir, 'data'), '--admin-port', '0', '--capi-port', '0', '--query-port', String(busy)]);
      s.urls.catch(() => {});
      expect(await s.exited).toBe(1);
      expect(s.output().stderr).toMatch(/EADDRINUSE/);
      // The lock is released: the directory opens again.
      const again = startServe(['--data', join(dir, 'data'), '--admin-port', '0', '--capi-port', '0', '--query-port', '0']);
      await again.urls;
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    } finally {
      blocker.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes host and logLevel from --config, and serve keys next to databases', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-serve-'));
    const config = join(dir, 'serve.json');
    writeFileSync(
      config,
      JSON.stringify({
        host: '127.0.0.1', logLevel: 'error', adminPort: 0, queryPort: 0, capiPort: 0,
        interface: '127.0.0.1:0', adminInterface: '127.0.0.1:0',
        databases: { travel: { bucket: 'travel', users: { bob: { password: 'secret1' } } } },
      }),
    );
    try {
      const s = startServe(['--config', config]);
      const { query } = await s.urls;
      const q = await fetch(`${query}/query/service`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'statement=SELECT%201' });
      expect(q.status).toBe(200);
      await new Promise((r) => setTimeout(r, 100));
      expect(s.output().stdout).toMatch(/gateway http:\/\/127\.0\.0\.1:\d+/);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.output().stderr).not.toMatch(/ info /); // logLevel error: no request lines
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('explains itself with --help', async () => {
    const s = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'serve', '--help'], { cwd: ROOT });
    let out = '';
    s.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    await new Promise((r) => s.on('exit', r));
    expect(out).toMatch(/--admin-port/);
    expect(out).toMatch(/--data <DIR>/);
  });
});
