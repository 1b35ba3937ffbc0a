import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, runCli } from './run-cli.js';

describe('tokenql shell with piped stdin', { timeout: CLI_TIMEOUT }, () => {
  it('runs the statements in order (multi-line ones too) and exits 0', async () => {
    const r = await runCli(['shell'], { input: 'SELECT 1 AS a;\nSELECT\n  2 AS b\n;\nSELECT 3 AS c; SELECT 4 AS d;\n' });
    expect(r.code).toBe(0);
    for (const [name, value] of [['a', 1], ['b', 2], ['c', 3], ['d', 4]] as const) {
      expect(r.stdout).toMatch(new RegExp(`│ ${name} │[\\s\\S]*│ ${value} │`));
    }
    expect(r.stdout.indexOf('│ a │')).toBeLessThan(r.stdout.indexOf('│ d │'));
  });

  it('exits 1 when a statement failed, still running the others, and shows the caret', async () => {
    const r = await runCli(['shell'], { input: 'SELECT FROM;\nSELECT 5 AS e;\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error \d+: /);
    expect(r.stderr).toContain('^');
    expect(r.stdout).toContain('│ 5 │');
  });

  it('points errors of piped input at the input\'s line and column', async () => {
    const r = await runCli(['shell'], { input: 'SELECT 1;\n\\timing\nSELECT\n  x FORM y;\nSELECT 2; SELECT z FORM w\n' });
    expect(r.stderr).toContain(' --> line 4, column 10\n4 |   x FORM y');
    expect(r.stderr).toContain(' --> line 5, column 25');
  });

  it('runs backslash commands: \\format, \\timing, \\keyspaces, \\load, \\help', async () => {
    const input = [
      '\\format json',
      "SELECT 'x' AS s;",
      '\\timing',
      'SELECT 1 AS one;',
      '\\load product ../shared/datasets/product.jsonl %productId%_arrayIndex',
      '\\keyspaces',
      '\\help',
      '\\quit',
      'SELECT "not run" AS nope;',
    ].join('\n');
    const r = await runCli(['shell'], { input });
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"s": "x"');
    expect(r.stdout).toMatch(/\(1 row, [\d.]+ ms elapsed, [\d.]+ ms execution\)/);
    expect(r.stdout).toMatch(/loaded 900 documents into product \(0 failed\)/);
    expect(r.stdout).toContain('product (900 documents)');
    expect(r.stdout).toContain('\\format table|json');
    expect(r.stdout).not.toContain('not run');
  });

  it('loads the demo keyspace with --demo and prints the banner (to stderr when piped)', async () => {
    const r = await runCli(['shell', '--demo'], { input: 'SELECT COUNT(*) AS n FROM demo' });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('tokenql 0.1.0 — demo keyspace loaded (10000 documents). Type \\help for help, statements end with ;');
    expect(r.stdout).toContain('│ 10000 │'); // an unterminated last statement runs at end of input
  });

  it('reports an unknown backslash command', async () => {
    const r = await runCli(['shell'], { input: '\\nope\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unknown command \\nope');
  });
});
