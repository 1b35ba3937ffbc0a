import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonArrayScanner, type ScannedElement } from '../../../src/load/json-array-scanner.js';

function scan(chunks: string[]): ScannedElement[] {
  const s = new JsonArrayScanner();
  return [...chunks.flatMap((c) => s.push(c)), ...s.end()];
}

describe('JsonArrayScanner', () => {
  it('splits elements with their start lines, ignoring brackets and commas in strings', () => {
    const text = '[\n  {"a": "x,]}"},\n  [1, 2],\n  "s\\"]",\n  3\n]\n';
    expect(scan([text])).toEqual([
      { text: '{"a": "x,]}"}', line: 2 },
      { text: '[1, 2]', line: 3 },
      { text: '"s\\"]"', line: 4 },
      { text: '3\n', line: 5 },
    ]);
  });

  it('reports an unclosed array, an empty element and trailing content', () => {
    expect(scan(['[1,'])).toEqual([{ text: '1', line: 1 }, { error: 'unexpected end of file: the array is not closed with ]', line: 1 }]);
    expect(scan(['[1,,2]'])).toContainEqual({ error: 'empty array element', line: 1 });
    expect(scan(['[1] x'])).toContainEqual({ error: 'unexpected content after the closing ] of the array', line: 1 });
    expect(scan(['{"a":1}'])).toEqual([{ error: 'the file does not start with [', line: 1 }]);
  });

  it('gives the same elements however the text is cut into chunks', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(fc.array(json, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (values, cuts, pretty) => {
        const text = JSON.stringify(values, null, pretty ? 2 : undefined);
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks: string[] = [];
        let prev = 0;
        for (const p of [...points, text.length]) {
          chunks.push(text.slice(prev, p));
          prev = p;
        }
        const out = scan(chunks);
        expect(out.every((e) => 'text' in e)).toBe(true);
        expect(out.map((e) => JSON.parse((e as { text: string }).text))).toEqual(JSON.parse(text));
      }),
    );
  });
});
