import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { DATASETS, CLI_TIMEOUT, ROOT, runCli } from './run-cli.js';

describe('tokenql query', { timeout: CLI_TIMEOUT }, () => {
  it('prints one JSON line per statement with --format jsonl', async () => {
    const r = await runCli(['query', '-e', 'SELECT 1+1 AS two', '--format', 'jsonl']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"results":[{"two":2}]}\n');
  });

  it('reports a failing statement as {"errors":[…]} in jsonl and goes on, exit 0', async () => {
    const r = await runCli(['query', '--format', 'jsonl', '-e', 'SELECT 1 AS a; SELEC x FORM y; SELECT 2 AS b;']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({ results: [{ a: 1 }] });
    expect(lines[1].errors).toEqual([{ code: expect.any(Number), msg: expect.any(String) }]);
    expect(lines[2]).toEqual({ results: [{ b: 2 }] });
  });

  it('prints pretty JSON arrays by default and exits 1 after a failed statement, with a caret on stderr', async () => {
    const r = await runCli(['query', '-e', "SELECT 'a;b' AS s; SELECT FROM;"]);
    expect(r.code).toBe(1);
    // Several statements: one JSON array of per-statement results.
    expect(JSON.parse(r.stdout)).toEqual([
      { statement: "SELECT 'a;b' AS s", results: [{ s: 'a;b' }] },
      { statement: 'SELECT FROM', errors: [{ code: 3000, msg: expect.stringContaining('syntax error') }] },
    ]);
    expect(r.stderr).toMatch(/error \d+: /);
    expect(r.stderr).toContain('^');
  });

  it('prints tables with --format table', async () => {
    const r = await runCli(['query', '--format', 'table', '-e', "SELECT 1 AS n, 'Zürich' AS city"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('│ n │ city   │');
    expect(r.stdout).toContain('│ 1 │ Zürich │');
  });

  it('runs a file of statements with comments', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-q-'));
    const file = join(dir, 'script.n1ql');
    writeFileSync(file, "-- first; not a statement end\nSELECT 1 AS one;\n/* ; */ SELECT `a;b` FROM [{'a;b': 2}] AS x;\n");
    const r = await runCli(['query', '-f', file, '--format', 'jsonl']);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('exits 1 with a clear message when it cannot run at all', async () => {
    const missing = await runCli(['query', '-f', 'no/such/file.n1ql', '--format', 'jsonl']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: cannot read no\/such\/file\.n1ql: ENOENT/);
    const latin1 = join(mkdtempSync(join(tmpdir(), 'tokenql-q-')), 'latin1.n1ql');
    writeFileSync(latin1, Buffer.concat([Buffer.from('SELECT 1;\nSELECT "caf'), Buffer.from([0xe9]), Buffer.from('";\n')]));
    const notUtf8 = await runCli(['query', '-f', latin1, '--format', 'jsonl']);
    expect(notUtf8.code).toBe(1);
    expect(notUtf8.stderr).toMatch(/^error: cannot read .*latin1\.n1ql: invalid UTF-8 at line 2/);
    expect(notUtf8.stdout).toBe('');
    const neither = await runCli(['query']);
    expect(neither.code).toBe(1);
    expect(neither.stderr).toContain('error: give exactly one of -e STATEMENTS or -f FILE');
    const badFormat = await runCli(['query', '-e', 'SELECT 1', '--format', 'xml']);
    expect(badFormat.code).toBe(1);
  });

  it('loads --load files with --key templates before running', async () => {
    const r = await runCli([
      'query',
      '--load', `product=${DATASETS}/product.jsonl`,
      '--key', 'product=%productId%_arrayIndex',
      '--format', 'jsonl',
      '-e', "SELECT COUNT(*) AS n FROM product; SELECT RAW META(p).id FROM product AS p USE KEYS 'product0_arrayIndex'",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"results":[{"n":900}]}\n{"results":["product0_arrayIndex"]}\n');
  });

  it('rejects a --key without a matching --load', async () => {
    const r = await runCli(['query', '--key', 'x=%id%', '-e', 'SELECT 1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--key x=… has no matching --load x=FILE');
  });

  it('says so when --data names a file, not a directory', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tokenql-query-')), 'docs.jsonl');
    writeFileSync(file, '{}\n');
    const r = await runCli(['query', '--data', file, '-e', 'SELECT 1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${file} is a file, not a data directory`);
  });

  it('stops quietly, exit 0, when the reader of its output goes away (| head)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', 'query', '--demo', '-e', 'SELECT * FROM demo'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy()); // like `head -c 10`: read a little, then close the pipe
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });
});

describe('tokenql query: parameters, metrics and formats', { timeout: CLI_TIMEOUT }, () => {
  it('binds --param NAME=JSON (repeatable) and --args JSON', async () => {
    const r = await runCli(['query', '--format', 'jsonl', '-e', 'SELECT $city AS city, $n + 1 AS n, $1 AS first, ? AS q', '--param', 'city="Paris"', '--param', '$n=41', '--args', '["a"]']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('{"results":[{"city":"Paris","n":42,"first":"a","q":"a"}]}\n');
  });

  it('rejects a --param that is not JSON and --args that is not an array', async () => {
    const bad = await runCli(['query', '-e', 'SELECT $x', '--param', 'x=Paris']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`--param x: not JSON: Paris (a string is written with its quotes: --param x='"text"')`);
    const notArray = await runCli(['query', '-e', 'SELECT 1', '--args', '{"a":1}']);
    expect(notArray.code).toBe(1);
    expect(notArray.stderr).toContain('--args expects a JSON array');
  });

  it('adds warnings and metrics to jsonl lines with --metrics', async () => {
    const r = await runCli(['query', '--format', 'jsonl', '--metrics', '-e', 'SELECT 1 AS a']);
    const line = JSON.parse(r.stdout) as { results: unknown[]; warnings: unknown[]; metrics: Record<string, number> };
    expect(line.results).toEqual([{ a: 1 }]);
    expect(line.warnings).toEqual([]);
    expect(line.metrics.resultCount).toBe(1);
    expect(typeof line.metrics.elapsedTime).toBe('number');
  });

  it('prints CSV with a header, quoting as RFC 4180 does; # lines are comments', async () => {
    const r = await runCli(['query', '--format', 'csv', '-e', '# cbq comment\nSELECT \'a,"b"\' AS s, 1 AS n, {"x": [1]} AS o, NULL AS z']);
    expect(r.stdout).toBe('s,n,o,z\n"a,""b""",1,"{""x"":[1]}",null\n');
  });

  it('prints EXPLAIN as an operator tree with --format tree, and DML summaries', async () => {
    const r = await runCli(['query', '--format', 'tree', '--load', `product=${DATASETS}/product.jsonl`, '--key', 'product=%productId%_arrayIndex', '-e',
      "CREATE INDEX ix_name ON product(name); EXPLAIN SELECT name FROM product WHERE name = 'x'; DELETE FROM product WHERE productId = 0"]);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^index created \(\d+\.\d+ s\)$/);
    expect(lines[1]).toBe('Sequence');
    expect(lines[2]).toMatch(/^ {2}-> IndexScan3 on product using ix_name \(gsi\) {2}spans: "x"/);
    // A covering scan: the Filter reads the covered key, as the reference prints it.
    expect(r.stdout).toMatch(/-> Filter {2}condition: \(cover \(\(`product`\.`name`\)\) = "x"\)/);
    expect(r.stdout).toMatch(/^DELETE \d+$/m);
  });
});
