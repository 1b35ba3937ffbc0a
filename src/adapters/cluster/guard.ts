/**
 * The request-handling order after the route matched (spec compaction-reference §0.2):
 * cluster-UUID guard, authentication (401), authorisation (403), bucket existence and
 * bucket-UUID guard (404), then the handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryOf, sendJson, sendText } from '../http/server.js';
import type { Authenticator, Identity } from './auth.js';
import { formatPermission, isAllowed, type Permission } from './rbac.js';
import type { ClusterState } from './state.js';

export const NOT_FOUND_TEXT = 'Requested resource not found.\r\n';
const REALM = 'Basic realm="Couchbase Server Admin / REST"';

/** 401 with an empty body (and the challenge unless the UI asked for none, §0.3). */
export function unauthorized(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (request.headers['invalid-auth-response'] !== 'on') reply.header('WWW-Authenticate', REALM);
  return reply.code(401).send('');
}

/**
 * 429 with `Retry-After` and an empty body: too many failed logins of this user name or from this
 * address (an addition, docs/security.md; ns_server has no login limiter).
 */
export function tooManyRequests(reply: FastifyReply, retryAfter: number): FastifyReply {
  return reply.code(429).header('Retry-After', String(retryAfter)).send('');
}

/** 403 naming the missing permission (§0.4). */
export function forbidden(reply: FastifyReply, p: Permission): FastifyReply {
  return sendJson(reply, 403, { message: 'Forbidden. User needs the following permissions', permissions: [formatPermission(p)] });
}

export interface GuardDeps {
  state: ClusterState;
  auth: Authenticator;
}

/**
 * Runs the checks of §0.2 for a matched route. Returns the identity, or undefined after having
 * answered. `permission` undefined: any authenticated user with a role may call the route.
 */
export async function guard(deps: GuardDeps, request: FastifyRequest, reply: FastifyReply, permission?: Permission): Promise<Identity | undefined> {
  const query = queryOf(request);
  const uuid = query.get('uuid');
  if (uuid !== null && uuid !== deps.state.clusterUuid()) {
    sendText(reply, 404, 'Cluster uuid does not match the requested.\r\n');
    return undefined;
  }
  const identity = await deps.auth.authenticate(request.headers.authorization, request.ip);
  if (identity && 'retryAfter' in identity) {
    tooManyRequests(reply, identity.retryAfter);
    return undefined;
  }
  if (!identity) {
    unauthorized(request, reply);
    return undefined;
  }
  request.logUser = identity.id;
  if (permission && !isAllowed(identity.roles, permission)) {
    forbidden(reply, permission);
    return undefined;
  }
  if (permission?.bucket !== undefined) {
    const meta = deps.state.bucket(permission.bucket);
    if (!meta) {
      sendText(reply, 404, NOT_FOUND_TEXT);
      return undefined;
    }
    const bucketUuid = query.get('bucket_uuid');
    if (bucketUuid !== null && bucketUuid !== meta.uuid) {
      sendText(reply, 404, 'Bucket uuid does not match the requested.\r\n');
      return undefined;
    }
  }
  return identity;
}
