/**
 * `--store postgres://…` on the CLI: `tokenql load` into the PostgreSQL store, then `tokenql
 * query` in a new process finds the documents and the index; once from the sources (tsx: the
 * synckit reader worker runs as TypeScript) and once from the build (`npm run build`, then
 * `node dist/cli/bin.js`: the worker bundled beside the CLI bundle). Also: `--data` and
 * `--store` together are refused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { ROOT, runCli } from './run-cli.js';

let pg: TestPostgres | undefined;
const dir = mkdtempSync(join(tmpdir(), 'tokenql-cli-store-'));
beforeAll(async () => {
  pg = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const DOCS = '{"id": 1, "name": "Ann"}\n{"id": 2, "name": "Bob"}\n{"id": 3, "name": "Cid"}\n';

describe('tokenql --store postgres://…', () => {
  it('loads and queries from the sources', { timeout: 120_000 }, async (ctx) => {
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const file = join(dir, 'people.jsonl');
    writeFileSync(file, DOCS);
    const load = await runCli(['load', 'people', file, '--key', '%id%', '--store', url]);
    expect(load.stderr).toBe('');
    expect(load.code).toBe(0);
    const ix = await runCli(['query', '--store', url, '-e', 'CREATE INDEX ix_name ON people(name)', '--format', 'jsonl']);
    expect(ix.code).toBe(0);
    const q = await runCli(['query', '--store', url, '-e', "SELECT RAW META().id FROM people WHERE name >= 'B' ORDER BY name; SELECT RAW name FROM system:indexes", '--format', 'jsonl']);
    expect(q.stdout).toBe('{"results":["2","3"]}\n{"results":["ix_name"]}\n');
  });

  it('refuses --data with --store', { timeout: 60_000 }, async () => {
    const r = await runCli(['query', '--store', 'postgres://x@127.0.0.1/db', '--data', dir, '-e', 'SELECT 1']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--data and --store cannot be used together');
  });

  it('runs from the build (node dist/cli/bin.js)', { timeout: 600_000 }, async (ctx) => {
    if (!pg) return ctx.skip();
    if (!existsSync(join(ROOT, 'dist/cli/postgres-read-worker.mjs'))) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    const url = createDatabase(pg.cluster);
    const file = join(dir, 'people2.jsonl');
    writeFileSync(file, DOCS);
    const bin = join(ROOT, 'dist/cli/bin.js');
    execFileSync(process.execPath, [bin, 'load', 'people', file, '--key', '%id%', '--store', url], { encoding: 'utf8' });
    const out = execFileSync(process.execPath, [bin, 'query', '--store', url, '-e', "SELECT RAW name FROM people USE KEYS ['1', '3']", '--format', 'jsonl'], { encoding: 'utf8' });
    expect(out).toBe('{"results":["Ann","Cid"]}\n');
  });
});
