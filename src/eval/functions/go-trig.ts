/**
 * Go's `math.Sin`, `Cos`, `Tan`, `Atan`, `Atan2`, `Asin` and `Acos`, which the reference's
 * trigonometric functions call. Go computes them in software with the Cephes algorithms
 * (polynomials after a reduction modulo π/4 in extended precision), not with the platform's
 * libm that V8's `Math.sin` … follow, and the two differ in the last bits: Go's COS(PI()/2) is
 * 6.123233995736757e-17, `Math.cos(Math.PI / 2)` 6.123233995736766e-17. These functions give
 * Go's bits. Arguments of magnitude 2^29 or more (where Go switches to a Payne–Hanek reduction)
 * fall back to `Math.*`.
 * Source: Go `src/math/sin.go`, `tan.go`, `atan.go`, `atan2.go`, `asin.go` (from Cephes 2.8,
 * Stephen L. Moshier); the coefficients are Cephes's.
 */

const PI4A = 7.85398125648498535156e-1; // π/4 split into three parts
const PI4B = 3.77489470793079817668e-8;
const PI4C = 2.69515142907905952645e-15;
const FOUR_OVER_PI = 1.2732395447351628; // Go's constant 4/Pi rounded once
const REDUCE_THRESHOLD = 1 << 29;

const SIN = [1.58962301576546568060e-10, -2.50507477628578072866e-8, 2.75573136213857245213e-6, -1.98412698295895385996e-4, 8.33333333332211858878e-3, -1.66666666666666307295e-1];
const COS = [-1.13585365213876817300e-11, 2.08757008419747316778e-9, -2.75573141792967388112e-7, 2.48015872888517045348e-5, -1.38888888888730564116e-3, 4.16666666666665929218e-2];
const TAN_P = [-1.30936939181383777646e4, 1.15351664838587416140e6, -1.79565251976484877988e7];
const TAN_Q = [1.0, 1.36812963470692954678e4, -1.32089234440210967447e6, 2.50083801823357915839e7, -5.38695755929454629881e7];

/** Octant `j` (0–7, zeros mapped to the origin) and remainder `z` of a non-negative x < 2^29. */
function reduce(x: number): [number, number] {
  let j = Math.floor(x * FOUR_OVER_PI);
  let y = j;
  if (j % 2 === 1) {
    j++;
    y++;
  }
  return [j % 8, x - y * PI4A - y * PI4B - y * PI4C];
}

/** sin(z) for z in [-π/4, π/4]. */
function sinPoly(z: number): number {
  const zz = z * z;
  return z + z * zz * (((((SIN[0] * zz + SIN[1]) * zz + SIN[2]) * zz + SIN[3]) * zz + SIN[4]) * zz + SIN[5]);
}

/** cos(z) for z in [-π/4, π/4]. */
function cosPoly(z: number): number {
  const zz = z * z;
  return 1.0 - 0.5 * zz + zz * zz * (((((COS[0] * zz + COS[1]) * zz + COS[2]) * zz + COS[3]) * zz + COS[4]) * zz + COS[5]);
}

/** Go `math.Sin`. */
export function goSin(x: number): number {
  if (x === 0 || Number.isNaN(x)) return x;
  if (!Number.isFinite(x)) return NaN;
  let sign = x < 0;
  const ax = Math.abs(x);
  if (ax >= REDUCE_THRESHOLD) return Math.sin(x);
  let [j, z] = reduce(ax);
  if (j > 3) {
    sign = !sign;
    j -= 4;
  }
  const y = j === 1 || j === 2 ? cosPoly(z) : sinPoly(z);
  return sign ? -y : y;
}

/** Go `math.Cos`. */
export function goCos(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  const ax = Math.abs(x);
  if (ax >= REDUCE_THRESHOLD) return Math.cos(x);
  let [j, z] = reduce(ax);
  let sign = false;
  if (j > 3) {
    j -= 4;
    sign = !sign;
  }
  if (j > 1) sign = !sign;
  const y = j === 1 || j === 2 ? sinPoly(z) : cosPoly(z);
  return sign ? -y : y;
}

/** Go `math.Tan`. */
export function goTan(x: number): number {
  if (x === 0 || Number.isNaN(x)) return x;
  if (!Number.isFinite(x)) return NaN;
  const sign = x < 0;
  const ax = Math.abs(x);
  if (ax >= REDUCE_THRESHOLD) return Math.tan(x);
  // Go does not take the octant modulo 8 here; only bit 2 of it is read.
  let j = Math.floor(ax * FOUR_OVER_PI);
  let yj = j;
  if (j % 2 === 1) {
    j++;
    yj++;
  }
  const z = ax - yj * PI4A - yj * PI4B - yj * PI4C;
  const zz = z * z;
  let y = zz > 1e-14 ? z + z * ((zz * ((TAN_P[0] * zz + TAN_P[1]) * zz + TAN_P[2])) / ((((zz + TAN_Q[1]) * zz + TAN_Q[2]) * zz + TAN_Q[3]) * zz + TAN_Q[4])) : z;
  if (Math.floor(j / 2) % 2 === 1) y = -1 / y;
  return sign ? -y : y;
}

/** Cephes `xatan`: atan on [0, 0.66]. */
function xatan(x: number): number {
  const z0 = x * x;
  const z =
    (z0 * ((((-8.750608600031904122785e-1 * z0 - 1.615753718733365076637e1) * z0 - 7.50085579231470466734e1) * z0 - 1.22886668449013617341e2) * z0 - 6.485021904942025371773e1)) /
    (((((z0 + 2.485846490142306297962e1) * z0 + 1.650270098316988542046e2) * z0 + 4.328810604912902668951e2) * z0 + 4.853903996359136964868e2) * z0 + 1.945506571482613964425e2);
  return x * z + x;
}

const MOREBITS = 6.12323399573676588613e-17; // π/2 = PIO2 + MOREBITS
const TAN3PIO8 = 2.4142135623730950488; // tan(3π/8)

/** Cephes `satan`: atan of a positive x, reduced to [0, 0.66]. */
function satan(x: number): number {
  if (x <= 0.66) return xatan(x);
  if (x > TAN3PIO8) return Math.PI / 2 - xatan(1 / x) + MOREBITS;
  return Math.PI / 4 + xatan((x - 1) / (x + 1)) + 0.5 * MOREBITS;
}

/** Go `math.Atan`. */
export function goAtan(x: number): number {
  if (x === 0 || Number.isNaN(x)) return x;
  return x > 0 ? satan(x) : -satan(-x);
}

/** Go `math.Atan2(y, x)`. */
export function goAtan2(y: number, x: number): number {
  if (Number.isNaN(y) || Number.isNaN(x)) return NaN;
  const copysign = (m: number, s: number) => (s < 0 || Object.is(s, -0) ? -m : m);
  if (y === 0) return x >= 0 && !Object.is(x, -0) ? copysign(0, y) : copysign(Math.PI, y);
  if (x === 0) return copysign(Math.PI / 2, y);
  if (!Number.isFinite(x)) {
    if (x > 0) return copysign(Number.isFinite(y) ? 0 : Math.PI / 4, y);
    return copysign(Number.isFinite(y) ? Math.PI : 2.356194490192345, y);
  }
  if (!Number.isFinite(y)) return copysign(Math.PI / 2, y);
  const q = goAtan(y / x);
  if (x < 0) return q <= 0 ? q + Math.PI : q - Math.PI;
  return q;
}

/** Go `math.Asin`. */
export function goAsin(x: number): number {
  if (x === 0) return x;
  const sign = x < 0;
  const ax = Math.abs(x);
  if (ax > 1 || Number.isNaN(x)) return NaN;
  const t = Math.sqrt(1 - ax * ax);
  const r = ax > 0.7 ? Math.PI / 2 - satan(t / ax) : satan(ax / t);
  return sign ? -r : r;
}

/** Go `math.Acos`: π/2 − Asin(x). */
export function goAcos(x: number): number {
  return Math.PI / 2 - goAsin(x);
}
