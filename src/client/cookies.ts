/** `Set-Cookie` parsing for the client's cookie jar and the ID token exchange. */

/** One parsed `Set-Cookie` header. */
export interface SetCookie {
  name: string;
  value: string;
  /** From `Expires=`, when present. */
  expires?: Date;
}

/** Parses `name=value; Path=/db; Expires=<RFC 1123>` (undefined when there is no name). */
export function parseSetCookie(line: string): SetCookie | undefined {
  const [pair = '', ...attrs] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return undefined;
  const cookie: SetCookie = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
  const exp = attrs.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
  if (exp !== undefined && !Number.isNaN(Date.parse(exp.slice(8)))) cookie.expires = new Date(exp.slice(8));
  return cookie;
}
