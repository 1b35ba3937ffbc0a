import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, runCli } from './run-cli.js';

describe("tokenql shell: cbq's and psql's commands (piped)", { timeout: CLI_TIMEOUT }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'tokenql-shellcmd-'));

  it('binds \\SET -$name and -args to the statements, case-insensitively; \\ECHO, \\PUSH/\\POP, \\UNSET', async () => {
    const input = [
      '\\SET -$x "hello";',
      '\\set -args [7, "b"]',
      '\\Echo -$x -args',
      'SELECT $x AS x, $1 AS one, ? AS q;',
      '\\PUSH -$x 42;',
      'SELECT $x AS pushed;',
      '\\POP -$x;',
      'SELECT $x AS popped;',
      '\\UNSET -$x',
      'SELECT $x AS gone;',
    ].join('\n');
    const r = await runCli(['shell', '--format', 'jsonl'], { input });
    expect(r.stdout.split('\n')).toEqual([
      'hello [7,"b"]',
      '{"x":"hello","one":7,"q":7}',
      '{"pushed":42}',
      '{"popped":"hello"}',
      '',
    ]);
    expect(r.stderr).toContain('error 5010: No value for named parameter $x');
  });

  it('\\REDIRECT sends rows to a file until \\REDIRECT OFF; \\o is the same', async () => {
    const file = join(dir, 'out.txt');
    const other = join(dir, 'o.txt');
    const input = `\\REDIRECT ${file}\nSELECT 1 AS a;\n\\REDIRECT OFF\nSELECT 2 AS b;\n\\o ${other}\nSELECT 3 AS c;\n\\o\nSELECT 4 AS d;\n`;
    const r = await runCli(['shell', '--format', 'jsonl'], { input });
    expect(r.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');
    expect(readFileSync(other, 'utf8')).toBe('{"c":3}\n');
    expect(r.stdout).toBe('{"b":2}\n{"d":4}\n');
  });

  it('\\SOURCE and \\i run a file; \\ALIAS defines \\\\name; # and -- are comments', async () => {
    const script = join(dir, 'script.n1ql');
    writeFileSync(script, '# a cbq comment\nSELECT 1 AS s1; -- a comment\n\\SET -$y 5\nSELECT $y AS y\n');
    const input = `\\SOURCE ${script}\n\\i ${script}\n\\ALIAS two SELECT 2 AS two\n\\\\two;\n\\UNALIAS two\n\\\\two\n`;
    const r = await runCli(['shell', '--format', 'jsonl'], { input });
    expect(r.stdout).toBe('{"s1":1}\n{"y":5}\n{"s1":1}\n{"y":5}\n{"two":2}\n');
    expect(r.stderr).toContain('no alias two');
    expect(r.code).toBe(1);
  });

  it('summarises DML and DDL instead of (no rows), shows EXPLAIN as a tree, \\x, csv and \\d', async () => {
    const input = [
      "INSERT INTO k (KEY, VALUE) VALUES ('a', {'n': 1, 's': 'x,y'}), ('b', {'n': 2, 's': 'z'});",
      'UPDATE k SET n = n + 1;',
      'CREATE INDEX ix_n ON k(n);',
      'EXPLAIN SELECT s FROM k WHERE n = 2;',
      '\\x on',
      'SELECT n, s FROM k ORDER BY n;',
      '\\x off',
      '\\format csv',
      'SELECT n, s FROM k ORDER BY n;',
      '\\d',
      '\\d k',
    ].join('\n');
    const r = await runCli(['shell', '--load', 'k=/dev/null'], { input });
    expect(r.stderr).not.toContain('error');
    const out = r.stdout;
    expect(out).toContain('INSERT 2\n');
    expect(out).toContain('UPDATE 2\n');
    expect(out).toMatch(/index created \(\d+\.\d+ s\)/);
    expect(out).toMatch(/^Sequence\n {2}-> IndexScan3 on k using ix_n \(gsi\) {2}spans: 2/m);
    expect(out).toMatch(/-> Fetch on k/);
    expect(out).toContain('-[ RECORD 1 ]');
    expect(out).toContain('n | 2\ns | x,y');
    expect(out).toContain('n,s\n2,"x,y"\n3,z\n');
    expect(out).toMatch(/keyspace \| documents \| indexes\n[-+]+\nk +\| +2 \| ix_n/);
    expect(out).toContain('Keyspace k (2 documents)\nIndexes:\n    ix_n (`n`)');
  });

  it('\\watch N COUNT runs the last statement again; \\HELP, \\VERSION, \\COPYRIGHT, \\QUIT', async () => {
    const input = 'SELECT 1 AS w;\n\\watch 0.1 2\n\\HELP \\SET\n\\VERSION\n\\COPYRIGHT\n\\QUIT\nSELECT "not run";\n';
    const r = await runCli(['shell', '--format', 'jsonl'], { input });
    expect(r.code).toBe(0);
    expect(r.stdout.match(/\{"w":1\}/g)).toHaveLength(3);
    expect(r.stdout).toContain('\\SET [NAME VALUE]');
    expect(r.stdout).toContain('tokenql shell 0.1.0; statements run in an embedded database');
    expect(r.stdout).toContain('Apache License');
    expect(r.stdout).not.toContain('not run');
  });

  it('\\SET -timeout stops a long statement and the shell goes on; \\SET -profile phases prints the phases', async () => {
    const input = '\\SET -timeout 100ms\nSELECT COUNT(*) AS n FROM demo a UNNEST ARRAY_RANGE(0, 1000000) AS x;\n\\UNSET -timeout\n\\SET -profile phases\nSELECT COUNT(*) AS n FROM demo WHERE type = "hotel";\n';
    const r = await runCli(['shell', '--demo', '--format', 'jsonl'], { input });
    expect(r.stderr).toContain('error: statement timed out after 100ms');
    expect(r.stdout).toContain('{"n":1526}\nprofile:\n');
    expect(r.stdout).toMatch(/^ {2}filter +1526 rows {2}1 operator$/m);
  });

  it('\\SET -profile timings prints the executed plan with rows and times per operator', async () => {
    const input = '\\SET -profile timings\nSELECT COUNT(*) AS n FROM demo WHERE type = "hotel";\n';
    const r = await runCli(['shell', '--demo', '--format', 'jsonl'], { input });
    expect(r.stdout).toContain('{"n":1526}\nprofile:\n');
    expect(r.stdout).toContain('execution timings:\nSequence');
    expect(r.stdout).toMatch(/-> Filter .*in=\d+ out=1526/);
  });

  it('runs -s statements and -f files then leaves (cbq -s, -f)', async () => {
    const r = await runCli(['shell', '-s', 'SELECT 1 AS a; \\ECHO done', '--format', 'jsonl', '-q']);
    expect(r.stdout).toBe('{"a":1}\ndone\n');
    expect(r.stderr).toBe('');
  });

  it('never pages piped output', async () => {
    const r = await runCli(['shell', '--demo', '--format', 'jsonl'], { input: 'SELECT name FROM demo LIMIT 200;', env: { PAGER: 'echo PAGED' } });
    expect(r.stdout).not.toContain('PAGED');
    expect(r.stdout.trim().split('\n')).toHaveLength(200);
  });
});
