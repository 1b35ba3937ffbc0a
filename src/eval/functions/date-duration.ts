/**
 * Durations as Go writes and reads them (`DURATION_TO_STR`, `STR_TO_DURATION`): nanoseconds
 * ⇄ text such as `1h2m3.5s`, `1.5ms`, `250µs`, `0s`.
 *
 * Source: couchbase/query `expression/func_date.go` (`DurationToStr`, `StrToDuration`), which
 * call Go's `time.Duration.String` and `time.ParseDuration`.
 */

/** Fraction digits of `v` with `prec` places, trailing zeros dropped (Go `fmtFrac`). */
function frac(v: bigint, prec: number): [string, bigint] {
  let digits = '';
  let print = false;
  for (let i = 0; i < prec; i++) {
    const digit = v % 10n;
    print ||= digit !== 0n;
    if (print) digits = String(digit) + digits;
    v /= 10n;
  }
  return [print ? '.' + digits : '', v];
}

/** Go `time.Duration(ns).String()` for an integer number of nanoseconds. */
export function durationToStr(ns: bigint): string {
  if (ns === 0n) return '0s';
  const neg = ns < 0n;
  let u = neg ? -ns : ns;
  let out: string;
  if (u < 1000000000n) {
    if (u < 1000n) return (neg ? '-' : '') + u + 'ns';
    const [prec, unit] = u < 1000000n ? [3, 'µs'] : [6, 'ms'];
    const [f, w] = frac(u, prec);
    out = String(w) + f + unit;
  } else {
    const [f, w] = frac(u, 9);
    u = w;
    out = String(u % 60n) + f + 's';
    u /= 60n;
    if (u > 0n) {
      out = String(u % 60n) + 'm' + out;
      u /= 60n;
      if (u > 0n) out = String(u) + 'h' + out;
    }
  }
  return (neg ? '-' : '') + out;
}

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  'µs': 1000n,
  'μs': 1000n,
  ms: 1000000n,
  s: 1000000000n,
  m: 60000000000n,
  h: 3600000000000n,
};

const MAX = 9223372036854775807n;

/** Go `time.ParseDuration`: nanoseconds, or undefined for text it rejects. */
export function parseDuration(s: string): bigint | undefined {
  let neg = false;
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return undefined;
  let total = 0n;
  const re = /^(\d*)(?:\.(\d*))?([^\d.]+)/;
  while (s !== '') {
    const m = re.exec(s);
    if (!m || (m[1] === '' && (m[2] === undefined || m[2] === ''))) return undefined;
    const unit = UNITS[m[3]];
    if (unit === undefined) return undefined;
    let v = BigInt(m[1] || '0') * unit;
    if (m[2]) {
      // The fraction, scaled by the unit and truncated (Go keeps the first digits that fit).
      const digits = m[2].slice(0, 18);
      v += (BigInt(digits) * unit) / 10n ** BigInt(digits.length);
    }
    total += v;
    if (total > MAX + (neg ? 1n : 0n)) return undefined;
    s = s.slice(m[0].length);
  }
  return neg ? -total : total;
}
