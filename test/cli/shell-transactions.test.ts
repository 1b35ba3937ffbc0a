import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, runCli } from './run-cli.js';

describe('tokenql shell follows a transaction as cbq does', { timeout: CLI_TIMEOUT }, () => {
  it('BEGIN WORK opens it, the statements after it belong to it, ROLLBACK TO SAVEPOINT keeps it, COMMIT ends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tokenql-shell-tx-'));
    const file = join(dir, 't.jsonl');
    writeFileSync(file, '{"id": "a", "n": 1}\n');
    const input = [
      '\\format json',
      `\\load t ${file} %id%`,
      'BEGIN WORK;',
      "INSERT INTO t VALUES ('b', {'n': 2});",
      'SAVEPOINT s1;',
      "INSERT INTO t VALUES ('c', {'n': 3});",
      'ROLLBACK TO SAVEPOINT s1;',
      'SELECT RAW META().id FROM t ORDER BY META().id;',
      'COMMIT;',
      'COMMIT;',
    ].join('\n');
    const r = await runCli(['shell'], { input });
    rmSync(dir, { recursive: true, force: true });
    // The second COMMIT runs outside any transaction (the reference's 17002).
    expect(r.stderr).toContain('COMMIT statement is not supported outside the transaction');
    expect(r.stderr.match(/error/g)).toHaveLength(1);
    expect(r.stdout.replace(/\s+/g, '')).toContain('["a","b"]');
  });
});
