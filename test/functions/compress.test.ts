/**
 * COMPRESS / UNCOMPRESS. Expected values: the reference engine's literal answers
 * (n1ql-reference, couchbase/query 3582af6c) and the examples of its docs (stringfun.adoc).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QueryError } from '../../src/errors/index.js';
import { call, MISSING, table } from './table.js';

table('COMPRESS', [
  // Byte-identical to the reference where the input has no repeats.
  [['aaaa'], 'eJxKTExMBAQAAP//A84BhQ=='],
  [[''], 'eJwBAAD//wAAAAE='],
  [['a'], 'eJxKBAQAAP//AGIAYg=='],
  [['This is the string to compress'], 'eJwKycgsVsgsVijJSFUoLinKzEtXKMlXSM7PLShKLS4GBAAA//+ouQs8'],
  [['héllo wörld ☃ 😀'], 'eJzKOLwyJydfofzwtqKcFIVHM5oVPsyf0QAIAAD//39QC1I='],
  [[1], null],
  [[true], null],
  [[[1]], null],
  [[{ a: 1 }], null],
  [[null], null],
  [[MISSING], MISSING],
]);

table('UNCOMPRESS', [
  [['eJxKTExMBAQAAP//A84BhQ=='], 'aaaa'],
  [['eJwBAAD//wAAAAE='], ''],
  // The reference's output for inputs whose zlib bytes tokenql does not reproduce.
  [['eJzySM3JMSCJAAQAAP//tSYREw=='], 'Hell0Hell0Hell0Hell0Hell0Hell0Hell0Hell0Hell0Hell0'],
  [['eJxKTEpOSU1Lz8jMGmWNskZZw5UFCAAA//85hYyM'], 'abcdefghij'.repeat(100)],
  // Standard zlib framing, gzip (also several members), CR/LF inside the base64.
  [['eJyrVkpUsjKsBQAIKgIJ'], '{"a":1}'],
  [['H4sIAAAAAAAAA8tIzcnJBwCGphA2BQAAAA=='], 'hello'],
  [['H4sIAAAAAAAAA0tMAgBtSIOeAgAAAB+LCAAAAAAAAANLTgEA2o/WRQIAAAA='], 'abcd'],
  [['eJxKTExM\nBAQAAP//A84BhQ=='], 'aaaa'],
  // Bytes that are not UTF-8: one U+FFFD each.
  [['eJz7/88RAAU9Aj8='], '\ufffd\ufffdA'],
  // Input after a complete stream is not read.
  [['eJxLTAIAASYAxHp6eg=='], 'ab'],
  [['eJxKTExMBAQAAP//A84BhQ==x'], 'aaaa'],
  // Not the start of zlib or gzip data: the argument itself.
  [['abc'], 'abc'],
  [[''], ''],
  [['!!!'], '!!!'],
  [[' eJxKTExMBAQAAP//A84BhQ=='], ' eJxKTExMBAQAAP//A84BhQ=='],
  [['y0jNyckHAA=='], 'y0jNyckHAA=='],
  [['eA=='], 'eA=='],
  [['AAAA'], 'AAAA'],
  [['H4sI'], 'H4sI'],
  [['eLsCcQE6y0jNyckHAAYsAhU='], 'eLsCcQE6y0jNyckHAAYsAhU='],
  [[5], null],
  [[[1]], null],
  [[null], null],
  [[MISSING], MISSING],
]);

describe('UNCOMPRESS of broken data', () => {
  // The reference: 5010 "Error evaluating projection", reason "Error evaluating uncompress()" with the Go cause.
  const cases: [string, string][] = [
    ['eJzLSM3JyVc=', 'unexpected EOF'],
    ['eJw=', 'unexpected EOF'],
    ['eJzLSM3JyQcABiwCFA', 'unexpected EOF'],
    ['eJzLSM3JyQcABiwCFA==  ', 'zlib: invalid checksum'],
    ['H4sIAAAAAAAAA8tIzcnJBwCGphA3BQAAAA==', 'gzip: invalid checksum'],
    ['eJxKTExMBAQAAP//A84B!hQ==', 'illegal base64 data at input byte 20'],
  ];
  for (const [s, cause] of cases) {
    it(`${s} → 5010 (${cause})`, () => {
      let err: unknown;
      try {
        call('UNCOMPRESS', s);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).code).toBe(5010);
      expect((err as QueryError).message).toBe(`Error evaluating uncompress() - cause: ${cause}`);
    });
  }
});

describe('COMPRESS round trip', () => {
  it('UNCOMPRESS(COMPRESS(s)) = s for any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => call('UNCOMPRESS', call('COMPRESS', s)) === s));
  });
  it('ends with a final empty stored block before the Adler-32, as Go writes it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (s) => {
        const b = Buffer.from(call('COMPRESS', s) as string, 'base64');
        return b.subarray(b.length - 8, b.length - 4).equals(Buffer.from([0, 0, 0xff, 0xff]));
      }),
    );
  });
  it('long inputs (past the framing search) round-trip too', () => {
    const s = 'tokenql '.repeat(20000) + 'é';
    expect(call('UNCOMPRESS', call('COMPRESS', s))).toBe(s);
  });
});
