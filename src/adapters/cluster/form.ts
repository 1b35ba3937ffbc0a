/**
 * Request parameters of the cluster admin API (spec compaction-reference §0.5): read only from an
 * `application/x-www-form-urlencoded` body (content type matched by prefix); any other body is
 * ignored. Bracketed names are literal keys, raw or percent-encoded; `+` is a space; the first
 * value of a repeated key wins (`URLSearchParams.get`).
 */
import type { FastifyRequest } from 'fastify';
import { rawBody } from '../http/server.js';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The form parameters of a request (empty unless the body is form-encoded). */
export function formOf(request: FastifyRequest): URLSearchParams {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith(FORM_TYPE)) return new URLSearchParams();
  return new URLSearchParams(rawBody(request));
}
