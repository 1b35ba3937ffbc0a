/**
 * Wire conventions of the gateway (spec gateway-reference.md §0): the error body
 * `{"error":<label>,"reason":<message>}`, empty success bodies without Content-Type, the
 * `WWW-Authenticate` value, cookie parsing (case-sensitive, first occurrence wins, §3.1 step 4)
 * and the session cookie's attributes (§3.3).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rawBody, sendJson } from '../http/server.js';
import type { DatabaseConfig } from './config.js';

export const WWW_AUTHENTICATE = 'Basic realm="Couchbase Sync Gateway"';

/** `not_found` and `conflict`, else Go's `http.StatusText` (not always Node's: 413 is `Payload Too Large` there). */
const LABELS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'not_found', 405: 'Method Not Allowed',
  406: 'Not Acceptable', 409: 'conflict', 411: 'Length Required', 412: 'Precondition Failed',
  413: 'Request Entity Too Large', 414: 'Request URI Too Long', 415: 'Unsupported Media Type',
  416: 'Requested Range Not Satisfiable', 422: 'Unprocessable Entity', 429: 'Too Many Requests',
  500: 'Internal Server Error', 501: 'Not Implemented', 503: 'Service Unavailable',
};

/** The `error` label of the reference's error body for an HTTP status (`not_found`, `conflict`, …). */
export function errorLabel(status: number): string {
  return LABELS[status] ?? 'Error';
}

/** The reference's error body: `{"error": <label>, "reason": <message>}`. */
export function errorBody(status: number, reason: string): { error: string; reason: string } {
  return { error: errorLabel(status), reason };
}

/** Sends the reference's error body. */
export function sendError(reply: FastifyReply, status: number, reason: string): FastifyReply {
  return sendJson(reply, status, errorBody(status, reason));
}

/** Sends a status with an empty body and no Content-Type (§0 "Success bodies"). */
export function sendEmpty(reply: FastifyReply, status: number): FastifyReply {
  return reply.code(status).send();
}

/** Standard base64 with its padding, as Go's `base64.StdEncoding` requires. */
const PADDED_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The credentials of a `Basic` Authorization header as Go's `Request.BasicAuth` reads them
 * (§3.1 step 2): the scheme in any case and one space, then padded standard base64 (line
 * breaks ignored) of `user:password`. Malformed base64 (unpadded, spaces), no colon or an empty
 * user name: undefined, "no Basic credentials".
 */
export function parseBasicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  if (header === undefined || header.slice(0, 6).toLowerCase() !== 'basic ') return undefined;
  const encoded = header.slice(6).replace(/[\r\n]/g, '');
  if (!PADDED_BASE64.test(encoded)) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The value of the first cookie named exactly `name` (quotes stripped), or undefined. */
export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    return part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

/** `Wed, 21 Oct 2015 07:28:00 GMT` */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/** `2022-01-21T15:24:44Z` (RFC 3339, UTC, second precision). */
export function rfc3339(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** `/` plus the first path segment of the request (`/db`, `/db.scope.coll`). */
export function cookiePath(request: FastifyRequest): string {
  return '/' + (request.url.split('?')[0]!.split('/')[1] ?? '');
}

/** The Set-Cookie of a new session (§3.3): Path, Expires, then HttpOnly, Secure, SameSite as configured. */
export function sessionCookie(cfg: DatabaseConfig, request: FastifyRequest, id: string, expiresMs: number): string {
  let c = `${cfg.session_cookie_name}=${id}; Path=${cookiePath(request)}; Expires=${httpDate(expiresMs)}`;
  if (cfg.session_cookie_http_only) c += '; HttpOnly';
  if (cfg.session_cookie_secure) c += '; Secure';
  const sameSite = cfg.same_site_cookie && cfg.same_site_cookie !== 'Default' ? cfg.same_site_cookie
    : cfg.cors && cfg.session_cookie_secure ? 'None' : undefined;
  if (sameSite) c += `; SameSite=${sameSite}`;
  return c;
}

/** The refreshed cookie of the sliding expiry (§4.3): only Path and Expires. */
export function refreshedCookie(cfg: DatabaseConfig, request: FastifyRequest, id: string, expiresMs: number): string {
  return `${cfg.session_cookie_name}=${id}; Path=${cookiePath(request)}; Expires=${httpDate(expiresMs)}`;
}

/** A JSON body parsed as an object; `error` holds the reference's 400 reason. */
export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export function jsonBody(request: FastifyRequest): JsonBody {
  const text = rawBody(request);
  if (text.trim() === '') return { ok: false, error: 'Bad JSON: EOF' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Bad JSON: ${(err as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'Bad JSON: expected a JSON object' };
  return { ok: true, value: value as Record<string, unknown> };
}

/**
 * Strict decoding (§2.1, §3.3): only these fields; the content type JSON or absent (the
 * reference's `ReadJSONFromMIME` refuses only a Content-Type that is there and not JSON: 415).
 */
export function strictBody(request: FastifyRequest, fields: string[]): { status: number; error: string } | { value: Record<string, unknown> } {
  const type = request.headers['content-type'];
  if (type !== undefined && !/^application\/json/i.test(type)) {
    return { status: 415, error: `Invalid content type ${type} - expected application/json` };
  }
  const body = jsonBody(request);
  if (!body.ok) return { status: 400, error: body.error };
  for (const k of Object.keys(body.value)) if (!fields.includes(k)) return { status: 400, error: `JSON Unknown Field: "${k}"` };
  return { value: body.value };
}

/**
 * The CORS login check of POST/DELETE `/_session` (§3.3 step 1): with an `Origin` header the
 * origin must be in `cors.login_origin` (or `*`); the answer is then echoed in
 * `Access-Control-Allow-Origin`. Returns false after sending 400 `No CORS`.
 */
export function corsLoginCheck(cfg: DatabaseConfig, request: FastifyRequest, reply: FastifyReply): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (cfg.cors) reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Allow-Credentials', 'true');
  const allowed = cfg.cors?.login_origin ?? [];
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  sendError(reply, 400, 'No CORS');
  return false;
}
