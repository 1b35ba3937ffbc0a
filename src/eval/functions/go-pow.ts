/**
 * Go's `math.Pow(x, y)` for an integer exponent `y`, the reference's `10^digits` in ROUND,
 * ROUND_NEAREST and TRUNC (`math.Pow(10, float64(prec))`). Go multiplies the mantissas of the
 * repeated squares of `x` (from `Frexp`) for the bits of |y|, takes the reciprocal for a
 * negative `y`, and scales by the summed exponent with `Ldexp`. This is not what V8's `**`
 * computes: `10 ** -4` is 0.00009999999999999999 where Go gives 0.0001.
 * Source: Go `math/pow.go` `pow` (the `yf == 0` path), `math/frexp.go`, `math/ldexp.go`.
 */

const view = new DataView(new ArrayBuffer(8));

/** Go `math.Frexp` of a finite, non-zero `x`: `[frac, exp]` with |frac| in [0.5, 1) and x = frac × 2^exp. */
function frexp(x: number): [number, number] {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const e = (hi >>> 20) & 0x7ff;
  if (e === 0) {
    // Subnormal: normalize first (Go's `normalize`: × 2^52).
    const [f, ee] = frexp(x * 2 ** 52);
    return [f, ee - 52];
  }
  view.setUint32(0, (hi & 0x800fffff) | (1022 << 20));
  return [view.getFloat64(0), e - 1022];
}

/** Go `math.Ldexp(frac, exp)`: frac × 2^exp with one rounding (for a subnormal result). */
function ldexp(frac: number, exp: number): number {
  if (frac === 0 || !Number.isFinite(frac)) return frac;
  const [f, e] = frexp(frac);
  // The result's exponent in 1.f form: f is in [0.5, 1), i.e. 1.f × 2^-1.
  let total = exp + e - 1;
  if (total < -1075) return frac < 0 ? -0 : 0;
  if (total > 1023) return frac < 0 ? -Infinity : Infinity;
  let m = 1;
  if (total < -1022) {
    total += 53;
    m = 2 ** -53;
  }
  view.setFloat64(0, f);
  view.setUint32(0, (view.getUint32(0) & 0x800fffff) | ((total + 1023) << 20));
  return m * view.getFloat64(0);
}

/** Go `math.Pow(x, y)` for a finite `x` and an integer `y`. */
export function goPowInt(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (y === 1) return x;
  if (Number.isNaN(x)) return NaN;
  if (x === 0) return y < 0 ? (Object.is(x, -0) && Math.abs(y) % 2 === 1 ? -Infinity : Infinity) : Object.is(x, -0) && Math.abs(y) % 2 === 1 ? -0 : 0;
  let a1 = 1;
  let ae = 0;
  let [x1, xe] = frexp(x);
  for (let i = Math.abs(y); i !== 0; i = Math.floor(i / 2)) {
    if (xe < -(1 << 12) || 1 << 12 < xe) {
      // Catastrophic overflow: straight to the result.
      ae += xe;
      break;
    }
    if (i % 2 === 1) {
      a1 *= x1;
      ae += xe;
    }
    x1 *= x1;
    xe *= 2;
    if (x1 < 0.5) {
      x1 += x1;
      xe--;
    }
  }
  if (y < 0) {
    a1 = 1 / a1;
    ae = -ae;
  }
  return ldexp(a1, ae);
}
