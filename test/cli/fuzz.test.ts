import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, runCli } from './run-cli.js';

describe('tokenql fuzz', { timeout: CLI_TIMEOUT }, () => {
  it('runs the properties for --seconds with a progress line and finds nothing on a correct engine', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'tokenql-fuzz-')), 'ce.n1ql');
    const r = await runCli(['fuzz', '--seconds', '2', '--seed', '1', '--property', 'plan', '--property', 'tokens', '--out', out]);
    expect(r.stderr).toMatch(/fuzz: \d+s, \d+ runs of plan, tokens, seed 1/);
    expect(r.stderr).toMatch(/no counterexample in [1-9]\d* runs/);
    // Not on a terminal: the final progress line only, not one per batch.
    expect(r.stderr.trim().split('\n')).toHaveLength(2);
    expect(r.code).toBe(0);
    expect(existsSync(out)).toBe(false);
  });

  it('rejects a bad --seconds and an unknown property', async () => {
    const bad = await runCli(['fuzz', '--seconds', 'soon']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--seconds expects a positive number');
    const unknown = await runCli(['fuzz', '--property', 'nope']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain("unknown property \"nope\" (known: tokens, plan, scan, mutations, index, compaction)");
  });

  it('needs --data for the properties over stored keyspaces', async () => {
    const r = await runCli(['fuzz', '--seconds', '1', '--property', 'index']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('needs --data DIR');
  });

  it('rejects a --seed that is not an integer, a missing --data directory and one without keyspaces', async () => {
    const seed = await runCli(['fuzz', '--seconds', '1', '--seed', 'abc']);
    expect([seed.code, seed.stderr]).toEqual([1, 'error: --seed expects an integer, got "abc"\n']);
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-fuzz-'));
    const missing = await runCli(['fuzz', '--seconds', '1', '--data', join(dir, 'nope')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: no data directory .*nope/);
    expect(existsSync(join(dir, 'nope'))).toBe(false);
    const empty = await runCli(['fuzz', '--seconds', '1', '--data', dir]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^error: no keyspaces in .* to fuzz/);
  });
});
