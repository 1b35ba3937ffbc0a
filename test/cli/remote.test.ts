import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, DATASETS, ROOT, runCli } from './run-cli.js';

/** `tokenql serve` on free loopback ports (port 0), with an administrator. */
function startServe() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'serve', '--admin-port', '0', '--query-port', '0', '--capi-port', '0', '--admin-user', 'Administrator', '--admin-password', 'password'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const urls = new Promise<{ admin: string; query: string }>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const m = /admin (http:\/\/\S+), query (http:\/\/\S+?),? /.exec(stdout);
      if (m) resolve({ admin: m[1]!, query: m[2]! });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  return { child, urls };
}

describe('tokenql shell, query and load against a running tokenql serve (--engine)', { timeout: CLI_TIMEOUT * 2 }, () => {
  let serve: ReturnType<typeof startServe>;
  let admin = '';
  let query = '';
  beforeAll(async () => {
    serve = startServe();
    ({ admin, query } = await serve.urls);
  }, CLI_TIMEOUT);
  afterAll(() => {
    serve?.child.kill('SIGTERM');
  });
  const auth = ['-u', 'Administrator', '-p', 'password'];

  it('loads a file into the server (keyspace created through the admin API), with --error-log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-remote-'));
    const file = join(dir, 'docs.jsonl');
    writeFileSync(file, '{"id":"a","n":1}\n{"id":"b","n":2}\nnot json\n{"id":"c","n":3}\n');
    const log = join(dir, 'errors.txt');
    const r = await runCli(['load', 'things', file, '--key', '%id%', '--engine', query, '--admin', admin, ...auth, '--error-log', log]);
    expect(r.stderr).toMatch(/^line 3: /m);
    expect(r.stdout).toMatch(/^loaded 3 documents into things \(1 failed\)/);
    expect(r.code).toBe(0);
    expect(readFileSync(log, 'utf8')).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} line 3: `));
  });

  it('loads the product dataset and queries it with the shell and tokenql query, as embedded', async () => {
    const load = await runCli(['load', 'product', `${DATASETS}/product.jsonl`, '--key', '%productId%_arrayIndex', '--engine', query, '--admin', admin, ...auth]);
    expect(load.stdout).toMatch(/^loaded 900 documents into product \(0 failed\)/);
    const shell = await runCli(['shell', '--engine', query, ...auth, '--format', 'jsonl'], {
      input: '\\SET -$n 900\nSELECT COUNT(*) = $n AS ok FROM product;\n\\d\nSELECT nope FROM missing_ks;\n',
    });
    expect(shell.stdout).toContain('{"ok":true}');
    expect(shell.stdout).toMatch(/product +\| +900/);
    expect(shell.stderr).toMatch(/error 12003: .*missing_ks/);
    expect(shell.code).toBe(1);
    const q = await runCli(['query', '--engine', query, '--credentials', 'Administrator:password', '--format', 'jsonl', '-e', 'SELECT RAW META().id FROM product USE KEYS $k', '--param', 'k="product0_arrayIndex"']);
    expect(q.stdout).toBe('{"results":["product0_arrayIndex"]}\n');
  });

  it('says so when the credentials are wrong', async () => {
    const r = await runCli(['query', '--engine', query, '-u', 'Administrator', '-p', 'wrong', '-e', 'SELECT 1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error 10000: /);
  });
});
