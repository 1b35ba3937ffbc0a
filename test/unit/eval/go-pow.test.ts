// Expected values: Go 1.19 `math.Pow` (pure Go on amd64 and arm64, the reference's
// `math.Pow(10, float64(prec))`), printed with strconv.FormatFloat(f, 'g', -1, 64).
import { describe, expect, it } from 'vitest';
import { goPowInt } from '../../../src/eval/functions/go-pow.js';

describe('goPowInt (Go math.Pow with an integer exponent)', () => {
  const rows: [number, number, number][] = [
    [10, 0, 1],
    [10, 1, 10],
    [10, -4, 0.0001],
    [10, -5, 1e-5],
    [10, -17, 1e-17],
    [10, -20, 1e-20],
    [10, 22, 1e22],
    [10, 26, 1e26],
    [10, 29, 1e29],
    [10, 308, 1.0000000000000006e308],
    [10, 309, Infinity],
    [10, -323, 1e-323],
    [10, -324, 0],
    [2, -1074, 5e-324],
    [2, -1075, 0],
    [2, 1023, 8.98846567431158e307],
    [2, 1024, Infinity],
    [-3, 5, -243],
    [-3, -3, -0.037037037037037035],
    [0.1, 7, 1.0000000000000007e-7],
    [1.5, 100, 4.065611775352153e17],
    [7, -20, 1.253254289419685e-17],
    [-2, 3, -8],
  ];
  for (const [x, y, want] of rows) {
    it(`Pow(${x}, ${y}) = ${want}`, () => expect(goPowInt(x, y)).toBe(want));
  }
  it('differs from V8 where the audit found it (10^-4, 10^-5)', () => {
    expect(10 ** -4).not.toBe(0.0001);
    expect(goPowInt(10, -4)).toBe(0.0001);
  });
});
