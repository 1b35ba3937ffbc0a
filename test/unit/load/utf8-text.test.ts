import { describe, expect, it } from 'vitest';
import { INVALID_BYTE, Utf8Chunks, utf8Text } from '../../../src/load/utf8-text.js';

/** The text of `chunks` through one decoder. */
function decode(...chunks: number[][]): string {
  const d = new Utf8Chunks();
  return chunks.map((c) => d.write(Buffer.from(c))).join('') + d.end();
}

const bytes = (s: string): number[] => [...Buffer.from(s, 'utf8')];

describe('Utf8Chunks', () => {
  it('decodes valid text whole, whatever the chunk boundaries', () => {
    const text = 'aé€𝄞z';
    const all = bytes(text);
    for (let cut = 0; cut <= all.length; cut++) expect(decode(all.slice(0, cut), all.slice(cut))).toBe(text);
    expect(decode(...all.map((b) => [b]))).toBe(text);
  });

  it.each<[string, number[], string]>([
    ['a lone continuation byte', [0x61, 0x80, 0x62], `a${INVALID_BYTE}b`],
    ['a Latin-1 byte', [0x63, 0xe9], `c${INVALID_BYTE}`],
    ['an overlong form', [0xc0, 0xaf], `${INVALID_BYTE}${INVALID_BYTE}`],
    ['an overlong 3-byte form', [0xe0, 0x80, 0xaf], INVALID_BYTE.repeat(3)],
    ['a UTF-8 encoded surrogate', [0xed, 0xa0, 0x80], INVALID_BYTE.repeat(3)],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], INVALID_BYTE.repeat(4)],
    ['a sequence cut short by the end', [0x61, 0xe2, 0x82], `a${INVALID_BYTE}${INVALID_BYTE}`],
    ['a sequence cut short by ASCII', [0xe2, 0x82, 0x61], `${INVALID_BYTE}${INVALID_BYTE}a`],
  ])('marks each byte of %s', (_what, input, text) => {
    expect(decode(input)).toBe(text);
    expect(decode(...input.map((b) => [b]))).toBe(text);
  });

  it('keeps a real U+FFFD (the bytes EF BF BD) apart from the marker', () => {
    expect(decode(bytes('x\ufffdy'))).toBe('x\ufffdy');
  });
});

describe('utf8Text', () => {
  it('returns the text without its BOM', () => {
    expect(utf8Text(Buffer.from('\ufeff{"a":1}'))).toBe('{"a":1}');
  });

  it('names the line of the first byte that is not UTF-8', () => {
    expect(() => utf8Text(Buffer.from([0x7b, 0x0a, 0x0a, 0x22, 0xe9, 0x22]))).toThrow('invalid UTF-8 at line 3');
  });
});
