import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASETS, CLI_TIMEOUT, runCli } from './run-cli.js';

describe('tokenql load', { timeout: CLI_TIMEOUT }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'tokenql-load-'));

  it('loads the good lines, reports bad ones with their line numbers, exit 0', async () => {
    const file = join(dir, 'docs.jsonl');
    writeFileSync(file, '{"id":"a"}\n{"id":"b"}\n{"id": oops}\n{"id":"c"}\n');
    const r = await runCli(['load', 'things', file, '--key', 'thing::%id%']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^loaded 3 documents into things \(1 failed\) in \d+\.\d+ s\n$/);
    expect(r.stderr).toMatch(/^line 3: /m);
  });

  it('reports a missing key field for each document, exit 1 when nothing loaded', async () => {
    const file = join(dir, 'nokey.jsonl');
    writeFileSync(file, '{"x":1}\n');
    const r = await runCli(['load', 'k', file, '--key', '%id%']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('line 1: key template field %id% is missing in the document');
  });

  it('exits 1 when the file cannot be read, and leaves no keyspace behind in the data directory', async () => {
    const data = join(dir, 'data-missing');
    const r = await runCli(['load', 'ghost', join(dir, 'missing.jsonl'), '--data', data]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: cannot read .*missing\.jsonl: ENOENT/);
    const ks = await runCli(['query', '--data', data, '--format', 'jsonl', '-e', 'SELECT RAW name FROM system:keyspaces']);
    expect(ks.stdout).toBe('{"results":[]}\n');
  });

  it('takes --key KEYSPACE=TEMPLATE for its own keyspace, as the other commands write it', async () => {
    const file = join(dir, 'ids.jsonl');
    writeFileSync(file, '{"id":"a"}\n{"id":"b"}\n');
    const data = join(dir, 'data-keys');
    expect((await runCli(['load', 'things', file, '--key', 'things=t::%id%', '--data', data])).code).toBe(0);
    const keys = await runCli(['query', '--data', data, '--format', 'jsonl', '-e', 'SELECT RAW META().id FROM things ORDER BY META().id']);
    expect(keys.stdout).toBe('{"results":["t::a","t::b"]}\n');
  });

  it('reads JSON Lines or a JSON array from standard input when FILE is -', async () => {
    const data = join(dir, 'data-stdin');
    const lines = await runCli(['load', 'piped', '-', '--key', '%id%', '--data', data], { input: '{"id":"a","n":1}\n\n{"id": oops}\n{"id":"b","n":2}\n' });
    expect(lines.code).toBe(0);
    expect(lines.stdout).toMatch(/^loaded 2 documents into piped \(1 failed\)/);
    expect(lines.stderr).toMatch(/^line 3: /m);
    const array = await runCli(['load', 'piped', '-', '--key', '%id%', '--data', data], { input: ' \n[{"id":"c","n":3},\n {"id":"d","n":4}]\n' });
    expect(array.code).toBe(0);
    expect(array.stdout).toMatch(/^loaded 2 documents into piped \(0 failed\)/);
    const q = await runCli(['query', '--data', data, '--format', 'jsonl', '-e', 'SELECT RAW [META().id, n] FROM piped ORDER BY n']);
    expect(q.stdout).toBe('{"results":[["a",1],["b",2],["c",3],["d",4]]}\n');
  });

  it('loads a cbimport sample zip with keys from the file names', async () => {
    const r = await runCli(['load', 'beer', `${DATASETS}/beer-sample.zip`]);
    expect(r.code).toBe(0);
    // cbimport's behaviour: the zip's design_docs/indexes.json (CREATE PRIMARY INDEX … defer_build, BUILD INDEX) is applied.
    expect(r.stdout).toMatch(/^loaded 7303 documents into beer \(0 failed, 2 index statements applied\)/);
    expect(r.stderr).not.toContain('not applied');
    const none = await runCli(['load', 'beer', `${DATASETS}/beer-sample.zip`, '--no-indexes']);
    expect(none.stdout).toMatch(/^loaded 7303 documents into beer \(0 failed\)/);
  });

  it('reports duplicates as failures with --mode insert', async () => {
    const file = join(dir, 'dups.jsonl');
    writeFileSync(file, '{"id":1}\n{"id":1}\n');
    const r = await runCli(['load', 'd', file, '--key', '%id%', '--mode', 'insert']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^loaded 1 document into d \(1 failed\)/);
    expect(r.stderr).toMatch(/^line 2: /m);
  });
});
