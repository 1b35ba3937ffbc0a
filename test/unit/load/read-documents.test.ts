import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../../src/load/index.js';
import { readDocuments, type LoadItem } from '../../../src/load/index.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tokenql-load-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function collect(...args: Parameters<typeof readDocuments>): Promise<LoadItem[]> {
  const out: LoadItem[] = [];
  for await (const item of readDocuments(...args)) out.push(item);
  return out;
}

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('readDocuments', () => {
  it('reads JSON Lines, reports a bad line with its number and loads the rest', async () => {
    const path = await file('a.jsonl', '{"id":1}\n{"id":2}\n\n{"id": 3,,}\n{"id":4}\r\n"just a string"\n');
    const items = await collect(path, { key: 'k%id%' });
    expect(items.filter((i) => i.ok).map((i) => (i.ok ? i.key : ''))).toEqual(['k1', 'k2', 'k4']);
    const bad = items.filter((i) => !i.ok);
    expect(bad).toHaveLength(2);
    expect(bad[0]).toMatchObject({ ok: false, source: path, line: 4 });
    expect(bad[1]).toMatchObject({ ok: false, line: 6, message: expect.stringMatching(/needs a JSON object document/) });
    expect(items[3]).toMatchObject({ ok: true, line: 5, value: { id: 4 } });
  });

  it('reports a JSON Lines line that is not valid UTF-8 (not a U+FFFD in the document), takes CR, CRLF and a BOM', async () => {
    const path = join(dir, 'latin1.jsonl');
    const bytes = Buffer.concat([Buffer.from('\ufeff{"id":1}\r{"id":2,"n":"caf'), Buffer.from([0xe9]), Buffer.from('"}\r\n{"id":3,"n":"\ufffd kept"}')]);
    await writeFile(path, bytes);
    const items = await collect(path, { key: 'k%id%' });
    expect(items.map((i) => (i.ok ? [i.line, i.key, i.value] : [i.line, i.message]))).toEqual([
      [1, 'k1', { id: 1 }],
      [2, 'invalid UTF-8'],
      [3, 'k3', { id: 3, n: '\ufffd kept' }],
    ]);
  });

  it('accepts any JSON value as a document and numbers documents without a key template', async () => {
    const path = await file('b.ndjson', '1\n"two"\n[3]\nnull\n');
    const items = await collect(path, {});
    expect(items.map((i) => (i.ok ? [i.key, i.value] : i.message))).toEqual([['1', 1], ['2', 'two'], ['3', [3]], ['4', null]]);
  });

  it('detects JSON Lines in a file without a known extension', async () => {
    const path = await file('c.txt', '  {"a":1}\n{"a":2}\n');
    expect((await collect(path, {})).length).toBe(2);
  });

  it('streams a JSON array file, with the start line of a bad element', async () => {
    const path = await file('d.json', '[\n {"id": "a"},\n {"id": "b" "c"},\n {"id": "d"}\n]\n');
    const items = await collect(path, { key: '%id%' });
    expect(items.map((i) => (i.ok ? i.key : `line ${i.line}`))).toEqual(['a', 'line 3', 'd']);
  });

  it('reports a JSON array element that is not valid UTF-8, as JSON Lines does (a real U+FFFD is kept)', async () => {
    const path = join(dir, 'latin1-array.json');
    const bad = (text: string) => Buffer.from(text, 'latin1'); // é as the single byte 0xE9
    await writeFile(path, Buffer.concat([Buffer.from('\ufeff[{"id":"a"},\n {"id":"b","n":"'), bad('café'), Buffer.from('"},\n {"id":"c","n":"\ufffd kept"}, {"id":"d"}]')]));
    const items = await collect(path, { key: '%id%' });
    expect(items.map((i) => (i.ok ? [i.key, i.value] : [i.line, i.message]))).toEqual([
      ['a', { id: 'a' }],
      [2, 'invalid UTF-8'],
      ['c', { id: 'c', n: '\ufffd kept' }],
      ['d', { id: 'd' }],
    ]);
  });

  it('reports a pretty-printed document, a directory file or a zip entry that is not UTF-8 as a failure naming the line', async () => {
    const single = join(dir, 'latin1-doc.json');
    await writeFile(single, Buffer.concat([Buffer.from('{\n  "n": "caf'), Buffer.from([0xe9]), Buffer.from('"\n}\n')]));
    expect(await collect(single, {})).toEqual([expect.objectContaining({ ok: false, message: 'invalid UTF-8 at line 2' })]);
    const sub = join(dir, 'latin1-dir');
    await mkdir(sub);
    await writeFile(join(sub, 'good.json'), '{"n": "caf\u00e9"}');
    await writeFile(join(sub, 'latin1.json'), Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]));
    const items = await collect(sub, {});
    expect(items.map((i) => (i.ok ? [i.key, i.value] : i.message))).toEqual([['good', { n: 'café' }], 'invalid UTF-8 at line 1']);
  });

  it('reads a pretty-printed single-document .json file', async () => {
    const path = await file('e.json', '{\n  "id": "only",\n  "n": [1, 2]\n}\n');
    expect(await collect(path, { key: '%id%' })).toEqual([{ ok: true, key: 'only', value: { id: 'only', n: [1, 2] }, source: path, line: 1 }]);
  });

  it('reads a directory of .json files with keys from the file names', async () => {
    const sub = join(dir, 'docs-dir');
    await mkdir(sub);
    await writeFile(join(sub, 'beta.json'), '{"n": 2}');
    await writeFile(join(sub, 'alpha.json'), '{"n": 1}');
    await writeFile(join(sub, 'broken.json'), '{"n": ');
    await writeFile(join(sub, 'notes.txt'), 'ignored');
    const items = await collect(sub, {});
    expect(items.filter((i) => i.ok).map((i) => (i.ok ? [i.key, i.value] : null))).toEqual([['alpha', { n: 1 }], ['beta', { n: 2 }]]);
    expect(items.filter((i) => !i.ok)).toEqual([expect.objectContaining({ source: join(sub, 'broken.json') })]);
    const templated = await collect(sub, { key: 'n%n%' });
    expect(templated.filter((i) => i.ok).map((i) => (i.ok ? i.key : ''))).toEqual(['n1', 'n2']);
  });

  it('reads documents from sync and async iterables', async () => {
    const items = await collect([{ a: 1 }, { a: 2 }], { key: (doc, i) => `x${i}` });
    expect(items).toEqual([
      { ok: true, key: 'x0', value: { a: 1 }, source: '<input>' },
      { ok: true, key: 'x1', value: { a: 2 }, source: '<input>' },
    ]);
    async function* gen() {
      yield { id: 'p' };
    }
    expect(await collect(gen(), { key: '%id%' })).toEqual([{ ok: true, key: 'p', value: { id: 'p' }, source: '<input>' }]);
  });

  it('reports progress at the end with bytes read and total', async () => {
    const text = '{"a":1}\n{"a":2}\nnope\n';
    const path = await file('f.jsonl', text);
    const reports: LoadProgress[] = [];
    await collect(path, { onProgress: (p) => reports.push(p) });
    expect(reports.at(-1)).toEqual({ loaded: 2, failed: 1, bytesRead: text.length, totalBytes: text.length });
  });

  it('throws a clear error when the source cannot be read at all', async () => {
    await expect(collect(join(dir, 'missing.jsonl'), {})).rejects.toThrow(/^cannot read .*missing\.jsonl: ENOENT/);
    const notZip = await file('bad.zip', 'not a zip');
    await expect(collect(notZip, {})).rejects.toThrow(/^cannot read .*bad\.zip: /);
  });

  it('reports a bad key template before reading', async () => {
    const path = await file('g.jsonl', '{}\n');
    await expect(collect(path, { key: '#NOPE#' })).rejects.toThrow(/unknown generator/);
  });
});

describe('readDocuments from a Readable (standard input, a pipe)', () => {
  /** A stream of exactly these chunks. */
  const chunks = (...parts: (string | Buffer)[]) => Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

  it('reads JSON Lines with line numbers across chunk boundaries, a CRLF split between two chunks included', async () => {
    const items = await collect(chunks('{"id":"a"}\r', '\n{"id": oops}\n{"id":', '"b"}\n'), { key: '%id%' });
    expect(items.map((i) => (i.ok ? i.key : `bad ${i.line}`))).toEqual(['a', 'bad 2', 'b']);
    expect(items[0]).toMatchObject({ source: '<stream>', line: 1 });
  });

  it('reads a JSON array when the first character is [, however late it comes, and a character split between chunks', async () => {
    const e = Buffer.from('é');
    const items = await collect(chunks('\uFEFF', '  \n', '[{"id":"', e.subarray(0, 1), e.subarray(1), '"}, bad, {"id":"z"}]'), { key: '%id%' });
    expect(items.map((i) => (i.ok ? i.key : `bad ${i.line}`))).toEqual(['é', 'bad 2', 'z']);
  });

  it('reports an element with bytes that are not UTF-8, one split between chunks included', async () => {
    const items = await collect(chunks('[{"id":"a","n":"\u00e9', Buffer.from([0xc3]), Buffer.from([0xa9]), '"}, {"id":"b","n":"', Buffer.from([0xc3]), '"}, {"id":"c"}]'), { key: '%id%' });
    expect(items.map((i) => (i.ok ? [i.key, i.value] : [i.line, i.message]))).toEqual([['a', { id: 'a', n: 'éé' }], [1, 'invalid UTF-8'], ['c', { id: 'c' }]]);
  });

  it('reads nothing from an empty or blank stream', async () => {
    expect(await collect(chunks())).toEqual([]);
    expect(await collect(chunks(' \n\n'))).toEqual([]);
  });
});
