/**
 * `tokenql serve --store postgres://…` with a gateway configuration: the gateway's listeners run
 * on a thread of their own (src/cli/gateway-thread.ts), whose databases are one more query node
 * of the same PostgreSQL database; `--no-gateway-thread` keeps them on the main thread.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresForFile } from '../support/postgres-for-file.js';
import { createDatabase } from '../support/postgres.js';
import { ROOT } from './run-cli.js';

const postgres = postgresForFile();
const admin = { authorization: 'Basic ' + Buffer.from('Administrator:password').toString('base64') };
const bob = { authorization: 'Basic ' + Buffer.from('bob:secret1').toString('base64') };

/** Starts `tokenql serve` and resolves the query service's and the gateway's URLs once it is up. */
function startServe(args: string[], bundle = false) {
  const cli = bundle ? ['dist/cli/bin.js'] : ['--import', 'tsx', 'src/cli/bin.ts'];
  const child = spawn(process.execPath, [...cli, 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const urls = new Promise<{ query: string; gateway: string }>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const m = /query (http:\/\/\S+?), gateway (http:\/\/\S+) \(admin/.exec(stdout);
      if (m) resolve({ query: m[1]!, gateway: m[2]! });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, urls, exited, stderr: () => stderr };
}

async function query(url: string, statement: string): Promise<unknown[]> {
  const r = await fetch(`${url}/query/service`, { method: 'POST', headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ statement }).toString() });
  return ((await r.json()) as { results: unknown[] }).results;
}

describe('tokenql serve on the PostgreSQL store', () => {
  const runs: { thread: boolean; bundle: boolean }[] = [
    { thread: true, bundle: false },
    { thread: false, bundle: false },
    // The CLI bundle (npm run build:cli) starts the gateway thread from dist/cli/gateway-worker.mjs.
    ...(existsSync(join(ROOT, 'dist/cli/bin.js')) ? [{ thread: true, bundle: true }] : []),
  ];
  for (const { thread, bundle } of runs) {
    it((bundle ? 'from the CLI bundle, ' : '') + (thread ? "runs the gateway on its own thread: the gateway's writes are the query service's rows; SIGTERM stops both" : 'with --no-gateway-thread, runs the gateway on the main thread'), async (ctx) => {
      const pg = postgres();
      if (!pg) return ctx.skip();
      const url = createDatabase(pg.cluster);
      const dir = mkdtempSync(join(tmpdir(), 'tokenql-serve-pg-'));
      const config = join(dir, 'gateway.json');
      writeFileSync(config, JSON.stringify({ interface: '127.0.0.1:0', adminInterface: '127.0.0.1:0', databases: { travel: { bucket: 'travel', users: { bob: { password: 'secret1' } } } } }));
      try {
        const s = startServe(['--store', url, '--config', config, '--admin-port', '0', '--query-port', '0', '--capi-port', '0', '--admin-user', 'Administrator', '--admin-password', 'password', ...(thread ? [] : ['--no-gateway-thread'])], bundle);
        const { query: q, gateway } = await s.urls;
        const put = await fetch(`${gateway}/travel/h1`, { method: 'PUT', headers: { ...bob, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Hotel' }) });
        expect(put.status).toBe(201);
        expect(await query(q, 'SELECT RAW name FROM travel USE KEYS "h1"')).toEqual(['Hotel']);
        const got = await fetch(`${gateway}/travel/h1`, { headers: bob });
        expect(((await got.json()) as { name: string }).name).toBe('Hotel');
        expect((await fetch(`${gateway}/travel/`)).status).toBe(401);
        if (thread) expect(s.stderr()).toMatch(/gateway public API on http:\S+, admin API on http:\S+ \(on its own thread\)/);
        else expect(s.stderr()).not.toMatch(/own thread/);
        s.child.kill('SIGTERM');
        expect(await s.exited).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  }
});
