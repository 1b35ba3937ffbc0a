import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT, runCli } from './run-cli.js';

/** The shell's `\d KEYSPACE` (psql's, cbq's): indexes, then the fields INFER finds, per flavor. */
describe('tokenql shell: \\d KEYSPACE shows the fields INFER finds', { timeout: CLI_TIMEOUT }, () => {
  it('each field with its type(s) and the share of documents that have it, nested fields dotted', async () => {
    const input = [
      "INSERT INTO k (KEY, VALUE) VALUES ('a', {'n': 1, 's': 'x', 'o': {'p': [1]}}), ('b', {'n': 2, 's': 3});",
      'CREATE INDEX ix_n ON k(n);',
      '\\d k',
    ].join('\n');
    const r = await runCli(['shell', '--load', 'k=/dev/null'], { input });
    expect(r.stderr).not.toContain('error');
    expect(r.stdout).toContain(
      [
        'Keyspace k (2 documents)',
        'Indexes:',
        '    ix_n (`n`)',
        'Fields (INFER, 2 documents):',
        '    n    number           100%',
        '    o    object           50%',
        '    o.p  array of number  100%',
        '    s    number | string  50% | 50%',
      ].join('\n'),
    );
  });

  it('one section per flavor when the documents differ', async () => {
    const input = ["INSERT INTO k (KEY, VALUE) VALUES ('a', {'type': 'x', 'a': 1}), ('b', {'type': 'x', 'a': 2}), ('c', {'kind': 'y', 'b': [true]});", '\\d k'].join('\n');
    const r = await runCli(['shell', '--load', 'k=/dev/null'], { input });
    expect(r.stdout).toContain('Fields (INFER, flavor 1 of 2, 2 documents):\n    a     number  100%\n    type  string  100%\n');
    expect(r.stdout).toContain('Fields (INFER, flavor 2 of 2, 1 documents):\n    b     array of boolean  100%\n    kind  string            100%');
  });
});
