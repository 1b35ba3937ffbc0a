import { appendFileSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { decodeAt, encodeRecord, HEADER_BYTES, putRecord, RecordType } from '../../../src/storage/file/record.js';
import { StoreDamageError } from '../../../src/storage/file/index.js';
import { bucketPath, recordingLogger, tempDir } from './helpers.js';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

function dataFile(dir: string): string {
  const b = bucketPath(dir, 'b');
  return join(b, readdirSync(b).find((f) => f.startsWith('data.'))!);
}

async function fill(dir: string, n: number): Promise<void> {
  const db = await Database.open({ path: dir });
  for (let i = 0; i < n; i++) await db.upsert('b', `k${i}`, { i, text: 'x'.repeat(50) });
  await db.close();
}

/** A database of `n` documents whose data file has the byte at `at(file length)` flipped. */
async function corrupt(n: number, at: (length: number) => number): Promise<{ t: { dir: string }; file: string; bytes: Buffer; offset: number }> {
  const t = tempDir();
  cleanup = t.cleanup;
  await fill(t.dir, n);
  const file = dataFile(t.dir);
  const bytes = readFileSync(file);
  const offset = at(bytes.length);
  bytes[offset] ^= 0xff;
  writeFileSync(file, bytes);
  return { t, file, bytes, offset };
}

describe('record format', () => {
  it('round-trips and detects a changed byte, an unknown type and a short buffer', () => {
    const r = encodeRecord(RecordType.PUT, '["k",1,0,1,{"a":1}]');
    const d = decodeAt(r, 0);
    expect('type' in d && d.type === RecordType.PUT && d.size === r.length && d.payload.toString()).toBe('["k",1,0,1,{"a":1}]');
    const bad = Buffer.from(r);
    bad[HEADER_BYTES + 3] ^= 1;
    expect(decodeAt(bad, 0)).toMatchObject({ status: 'bad', why: 'checksum mismatch' });
    const unknown = Buffer.from(r);
    unknown[4] = 0x7a;
    expect(decodeAt(unknown, 0)).toMatchObject({ status: 'bad' });
    expect(decodeAt(r.subarray(0, r.length - 1), 0)).toMatchObject({ status: 'short', need: r.length });
  });
});

describe('record encoding', () => {
  it('writes a string payload as UTF-8 (multi-byte text, length in bytes) and a Buffer payload as it is', () => {
    const text = '["Müller",1,0,1,{"t":"naïve café 𐀀 東京"}]';
    for (const payload of [text, Buffer.from(text, 'utf8')]) {
      const r = encodeRecord(RecordType.PUT, payload);
      expect(r.readUInt32LE(0)).toBe(Buffer.byteLength(text, 'utf8'));
      expect(r.length).toBe(HEADER_BYTES + Buffer.byteLength(text, 'utf8'));
      const d = decodeAt(r, 0);
      expect('type' in d && d.payload.toString('utf8')).toBe(text);
    }
  });
});

describe('recovery', () => {
  it('cuts a torn tail back to the last good record, with a warning', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    await fill(t.dir, 20);
    const file = dataFile(t.dir);
    const good = readFileSync(file).length;
    const rec = putRecord('k99', 1, 0, 99, { torn: true });
    appendFileSync(file, rec.subarray(0, rec.length - 5)); // a record cut short
    const logger = recordingLogger();
    const db = await Database.open({ path: t.dir, logger });
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]).toMatch(/torn tail at offset \d+ .*cut back/);
    expect(logger.warnings[0]).toContain(file);
    expect(db.count('b')).toBe(20);
    expect(db.get('b', 'k99')).toBeUndefined();
    expect(readFileSync(file).length).toBe(good);
    await db.upsert('b', 'k20', { i: 20 }); // the file is usable after the cut
    await db.close();
    const again = await Database.open({ path: t.dir, logger });
    expect(again.count('b')).toBe(21);
    expect(logger.warnings).toHaveLength(1);
    await again.close();
  });

  it('treats a bad checksum in the last record as a torn tail', async () => {
    const { t } = await corrupt(5, (length) => length - 2);
    const logger = recordingLogger();
    const db = await Database.open({ path: t.dir, logger });
    expect(db.count('b')).toBe(4);
    expect(logger.warnings[0]).toMatch(/checksum mismatch/);
    await db.close();
  });

  it('reports damage in the middle with file and offset, and never drops it silently', async () => {
    const { t, file, bytes, offset } = await corrupt(20, (length) => Math.floor(length / 2));
    const err = await Database.open({ path: t.dir, logger: recordingLogger() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreDamageError);
    const e = err as StoreDamageError;
    expect(e.file).toBe(file);
    expect(e.offset).toBeLessThanOrEqual(offset);
    expect(e.message).toMatch(/is damaged at offset \d+ .*next good record is at offset \d+/);
    expect(readFileSync(file)).toEqual(bytes); // nothing was cut
    // The lock was released: repair skips the damaged record and reports it.
    const logger = recordingLogger();
    const db = await Database.open({ path: t.dir, logger, repair: true });
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]).toMatch(/damaged bytes \d+–\d+ .*skipped/);
    expect(db.count('b')).toBe(19);
    await db.close();
  });
});

/**
 * A record whose checksum is good but whose payload has not the shape of its type is damage,
 * reported with file and offset, and skipped by `repair` (docs/storage.md "Recovery"). A
 * durability audit (B5) found such records crashing the open with a TypeError, or read as
 * documents with a numeric or undefined key, an undefined value or a NaN cas.
 */
describe('records with a good checksum and the wrong payload (B5)', () => {
  const cases: [string, number, string][] = [
    ['PUT null', RecordType.PUT, 'null'],
    ['PUT object', RecordType.PUT, '{"x":1}'],
    ['PUT []', RecordType.PUT, '[]'],
    ['PUT numeric key', RecordType.PUT, '[42,1,0,1,{"a":2}]'],
    ['PUT without value', RecordType.PUT, '["k2"]'],
    ['PUT string cas', RecordType.PUT, '["k3","abc",0,"x",{"a":3}]'],
    ['PUT empty key', RecordType.PUT, '["",1,0,1,{}]'],
    ['DEL string', RecordType.DEL, '"k1"'],
    ['DEL []', RecordType.DEL, '[]'],
    ['DEL negative time', RecordType.DEL, '["k1",1,2,-5]'],
    ['FILE in the middle', RecordType.FILE, '{"format":"tokenql-data","version":1}'],
    ['index record in a data file', RecordType.ADD, '["k1","[1]"]'],
  ];
  for (const [label, type, payload] of cases) {
    for (const where of ['last', 'middle'] as const) {
      it(`${label} (${where} record): damage with file and offset; repair skips it`, async () => {
        const t = tempDir();
        cleanup = t.cleanup;
        await fill(t.dir, 3);
        const file = dataFile(t.dir);
        const offset = readFileSync(file).length;
        appendFileSync(file, encodeRecord(type as never, payload));
        if (where === 'middle') appendFileSync(file, putRecord('after', 1, 0, 99, { after: true }));
        const bytes = readFileSync(file);
        const err = await Database.open({ path: t.dir, logger: recordingLogger() }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StoreDamageError);
        expect(err).toMatchObject({ file, offset });
        expect((err as Error).message).toContain(`${file} is damaged at offset ${offset}`);
        expect(readFileSync(file)).toEqual(bytes); // nothing changed on disk
        const logger = recordingLogger();
        const db = await Database.open({ path: t.dir, logger, repair: true });
        expect(logger.errors).toHaveLength(1);
        expect(logger.errors[0]).toContain(`${file}: damaged bytes ${offset}–`);
        expect([...db.scan('b')].map((d) => d.key)).toEqual(where === 'middle' ? ['after', 'k0', 'k1', 'k2'] : ['k0', 'k1', 'k2']);
        const meta = await db.upsert('b', 'new', { n: 1 }); // the counters are numbers
        expect(Number.isFinite(meta.cas) && Number.isFinite(meta.seqno)).toBe(true);
        await db.close();
      });
    }
  }
});

/**
 * Damage in a data file's first (file) record (a durability audit, B6): the open used to take it
 * for a torn tail, cut the file to 0 bytes and then refuse, and `repair` did not help. It is
 * damage: refused with nothing changed on disk; `repair: true` skips the damaged bytes and keeps
 * the records after them (docs/storage.md "Recovery").
 */
describe('damage in the first record of a data file (B6)', () => {
  const damages: [string, number, (b: Buffer) => Buffer][] = [
    ['cut to 20 bytes (empty bucket)', 0, (b) => b.subarray(0, 20)],
    ['a byte flipped (empty bucket)', 0, (b) => flip(b, 9)],
    ['a byte flipped, documents after it', 3, (b) => flip(b, 9)],
    ['the length field damaged, documents after it', 3, (b) => flip(b, 1)],
    ['an index file record, documents after it', 3, (b) => Buffer.concat([encodeRecord(RecordType.FILE, '{"format":"tokenql-index","version":1}'), b.subarray(46)])],
  ];
  for (const [label, docs, damage] of damages) {
    it(`${label}: refused without a change, repaired with repair: true`, async () => {
      const t = tempDir();
      cleanup = t.cleanup;
      const db = await Database.open({ path: t.dir });
      await db.createBucket('b');
      for (let i = 0; i < docs; i++) await db.upsert('b', `k${i}`, { i });
      await db.upsert('other', 'x', { a: 1 });
      await db.close();
      const file = dataFile(t.dir);
      expect(readFileSync(file).subarray(0, 46)).toEqual(encodeRecord(RecordType.FILE, '{"format":"tokenql-data","version":1}'));
      const bytes = damage(readFileSync(file));
      writeFileSync(file, bytes);

      const logger = recordingLogger();
      const err = await Database.open({ path: t.dir, logger }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreDamageError);
      expect(err).toMatchObject({ file, offset: 0 });
      expect((err as Error).message).toMatch(/damaged at offset 0 \(file record: /);
      expect(logger.warnings).toEqual([]);
      expect(readFileSync(file)).toEqual(bytes); // nothing changed on disk

      const repaired = await Database.open({ path: t.dir, logger, repair: true });
      expect(logger.errors).toHaveLength(1);
      expect(logger.errors[0]).toMatch(/damaged bytes 0–\d+ .* skipped/);
      expect([...repaired.scan('b')].map((d) => d.key)).toEqual(Array.from({ length: docs }, (_, i) => `k${i}`));
      expect(repaired.get('other', 'x')?.value).toEqual({ a: 1 });
      await repaired.upsert('b', 'new', { n: 1 });
      await repaired.close();
      const clean = recordingLogger();
      const again = await Database.open({ path: t.dir, logger: clean }); // the file was rewritten: no repair needed
      expect([...clean.errors, ...clean.warnings]).toEqual([]);
      expect(again.count('b')).toBe(docs + 1);
      await again.close();
    });
  }
});

describe('damage in the first record of an index file (B6)', () => {
  it('rebuilds the index file instead of cutting it to 0 bytes', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = await Database.open({ path: t.dir });
    await db.createBucket('b');
    await db.query('CREATE INDEX ix ON b(n)');
    await db.close();
    const dir = bucketPath(t.dir, 'b');
    const file = join(dir, readdirSync(dir).find((f) => f.startsWith('index-ix.'))!);
    writeFileSync(file, flip(readFileSync(file), 9)); // its only record, the file record
    const logger = recordingLogger();
    const again = await Database.open({ path: t.dir, logger });
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]).toMatch(/index-ix\.1\.tql: damaged at offset 0 .*rebuilt/);
    await again.upsert('b', 'k', { n: 1 });
    await again.close();
    const clean = recordingLogger();
    const third = await Database.open({ path: t.dir, logger: clean });
    expect([...clean.errors, ...clean.warnings]).toEqual([]);
    expect((await third.query('SELECT RAW META().id FROM b WHERE n = 1')).results).toEqual(['k']);
    await third.close();
  });
});

function flip(b: Buffer, at: number): Buffer {
  const c = Buffer.from(b);
  c[at] ^= 0xff;
  return c;
}
