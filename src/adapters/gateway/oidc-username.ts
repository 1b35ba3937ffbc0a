/**
 * The gateway user name of a verified ID token (spec gateway-reference.md §5.3, Sync Gateway's
 * `getJWTUsername` and `InitUserPrefix`), with the Go formatting it depends on: `url.QueryEscape`,
 * `strconv.FormatFloat(f, 'f', -1, 64)` and the host and path of `url.ParseRequestURI`.
 */
import type { JWTPayload } from 'jose';
import type { OidcProviderConfig } from './config.js';

/** Go `url.QueryEscape`: everything but letters, digits and `-_.~` is escaped; space is `+`. */
export function queryEscape(s: string): string {
  return encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
    .replace(/%20/g, '+');
}

/**
 * Go `strconv.FormatFloat(v, 'f', -1, 64)`: the shortest digits that read back as `v`, never with
 * an exponent (`1e-7` → `0.0000001`, `1e23` → `100000000000000000000000`). `v` must be finite.
 */
export function formatFloatPlain(v: number): string {
  const [mantissa, exponent] = v.toExponential().split('e'); // the shortest round-trip digits
  const negative = mantissa!.startsWith('-');
  const digits = mantissa!.replace(/[-.]/g, '');
  const point = Number(exponent) + 1; // digits before the decimal point
  let s: string;
  if (point <= 0) s = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) s = digits + '0'.repeat(point - digits.length);
  else s = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${s}` : s;
}

/**
 * `Host + Path` of Go's `url.ParseRequestURI(raw)` (an absolute URI, or an absolute path), or
 * undefined where it fails: no scheme and no leading `/`, an opaque URI (`mailto:x`), a bad port,
 * a malformed escape. The host is kept as written (no lower-casing, default ports kept) and the
 * path is percent-decoded; a query is dropped.
 */
export function requestUriHostPath(raw: string): string | undefined {
  let rest = raw;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  else if (/^[^/?]*:/.test(rest) && /^[0-9+.-:]/.test(rest)) return undefined; // "missing protocol scheme"
  const q = rest.indexOf('?');
  if (q >= 0) rest = rest.slice(0, q);
  if (!rest.startsWith('/')) return undefined;
  let host = '';
  if (scheme && rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    rest = slash < 0 ? '' : rest.slice(slash);
    host = authority.slice(authority.lastIndexOf('@') + 1);
    if (!/^(\[[^\]]*\]|[^:[\]]*)(:[0-9]*)?$/.test(host)) return undefined;
  }
  try {
    return host + decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

/**
 * The user name of a token (§5.3): `username_claim`'s value (a string, or a number written as Go
 * writes a float64), else `sub`; escaped with {@link queryEscape} and prefixed with `user_prefix`,
 * or, for `sub` without one, with the escaped host and path of the issuer (the provider's name
 * when the issuer is not a request URI). Undefined when the claim is missing, empty or of another type.
 */
export function oidcUsername(p: OidcProviderConfig, claims: JWTPayload): string | undefined {
  let value: string;
  if (p.username_claim) {
    const v = claims[p.username_claim];
    if (typeof v === 'string') value = v;
    else if (typeof v === 'number' && Number.isFinite(v)) value = formatFloatPlain(v);
    else return undefined;
    if (value === '') return undefined;
    return p.user_prefix ? `${p.user_prefix}_${queryEscape(value)}` : queryEscape(value);
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') return undefined;
  if (p.user_prefix) return `${p.user_prefix}_${queryEscape(claims.sub)}`;
  const hostPath = requestUriHostPath(p.issuer);
  const prefix = hostPath === undefined ? p.label : queryEscape(hostPath);
  return `${prefix}_${queryEscape(claims.sub)}`;
}
