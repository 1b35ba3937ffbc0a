/**
 * The admin API (spec gateway-reference.md §1 users, §2 sessions) on the admin listener
 * (default 127.0.0.1:4985). As the reference on walrus with the default admin interface, it has
 * no authentication: keep it on loopback. Unknown database: 404. A wrong method (S9 `POST
 * /{db}/_user/{name}`) and an empty name (`DELETE /{db}/_user/`) are the router's 405 (routing.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryOf, rawBody, sendJson } from '../http/server.js';
import { isGoInt, rawMembers } from './json-raw.js';
import { updatePrincipal, userBody } from './principal-update.js';
import { sessionInfoRoute } from './public-routes.js';
import type { GatewayDatabase } from './runtime.js';
import { nameProblems, newSessionUuid } from './users.js';
import { jsonBody, rfc3339, sendEmpty, sendError, strictBody } from './wire.js';

/** 9999-12-31T23:59:59Z in Unix seconds: the last instant RFC 3339 (four-digit years) can write. */
const LAST_RFC3339_SECOND = 253402300799;

type Req = FastifyRequest<{ Params: { db: string; name?: string; id?: string } }>;

export function registerAdminRoutes(app: FastifyInstance, dbs: Map<string, GatewayDatabase>): void {
  const route = (method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE', url: string, handler: (gdb: GatewayDatabase, req: Req, reply: FastifyReply) => unknown) => {
    app.route({
      method, url, exposeHeadRoute: false,
      handler: async (req: Req, reply) => {
        const gdb = dbs.get(req.params.db);
        if (!gdb) return sendError(reply, 404, `no such database "${req.params.db}"`);
        return handler(gdb, req, reply);
      },
    });
  };

  // ---- §1 users
  route('POST', '/:db/_user', (gdb, _req, reply) => reply.code(301).header('location', `/${gdb.name}/_user/`).send());
  route('POST', '/:db/_user/', async (gdb, req, reply) => {
    const body = jsonBody(req);
    if (!body.ok) return sendError(reply, 400, body.error);
    const r = await updatePrincipal(gdb, undefined, body.value);
    return r.reason ? sendError(reply, r.status, r.reason) : sendEmpty(reply, r.status);
  });
  route('PUT', '/:db/_user/:name', async (gdb, req, reply) => {
    const body = jsonBody(req);
    if (!body.ok) return sendError(reply, 400, body.error);
    const r = await updatePrincipal(gdb, req.params.name!, body.value);
    return r.reason ? sendError(reply, r.status, r.reason) : sendEmpty(reply, r.status);
  });
  const getUser = (gdb: GatewayDatabase, req: Req, reply: FastifyReply, head: boolean) => {
    const name = req.params.name!;
    const user = name === 'GUEST' ? gdb.users.guest() : gdb.users.get(name);
    if (!user) return sendError(reply, 404, 'missing');
    if (head) return sendEmpty(reply, 200);
    return sendJson(reply, 200, userBody(gdb, user));
  };
  route('GET', '/:db/_user/:name', (gdb, req, reply) => getUser(gdb, req, reply, false));
  route('HEAD', '/:db/_user/:name', (gdb, req, reply) => getUser(gdb, req, reply, true));
  const listUsers = (gdb: GatewayDatabase, req: Req, reply: FastifyReply, head: boolean) => {
    const q = queryOf(req);
    const nameOnly = q.get('name_only') !== 'false';
    if (q.has('limit') && nameOnly) return sendError(reply, 400, 'Use of limit parameter is only supported when name_only=false');
    if (head) return sendEmpty(reply, 200);
    let names = gdb.users.names();
    const limit = Number(q.get('limit') ?? 0);
    if (limit > 0) names = names.slice(0, limit);
    return sendJson(reply, 200, nameOnly ? names : names.map((n) => userBody(gdb, gdb.users.get(n)!)));
  };
  route('GET', '/:db/_user/', (gdb, req, reply) => listUsers(gdb, req, reply, false));
  route('HEAD', '/:db/_user/', (gdb, req, reply) => listUsers(gdb, req, reply, true));
  route('DELETE', '/:db/_user/:name', async (gdb, req, reply) => {
    const name = req.params.name!;
    if (name === 'GUEST') return sendError(reply, 405, 'The GUEST user cannot be deleted. Only disabled via an update.');
    return (await gdb.users.remove(name)) ? sendEmpty(reply, 200) : sendError(reply, 404, 'missing');
  });

  // ---- §2 sessions (and §3.4 who-am-I, which the admin port answers as the public one)
  route('GET', '/:db/_session', (gdb, req, reply) => sessionInfoRoute(gdb, req, reply));
  route('HEAD', '/:db/_session', (gdb, req, reply) => sessionInfoRoute(gdb, req, reply));
  route('POST', '/:db/_session', async (gdb, req, reply) => {
    const parsed = strictBody(req, ['name', 'ttl']);
    if ('error' in parsed) return sendError(reply, parsed.status, parsed.error);
    const { name, ttl = 86400 } = parsed.value;
    // Go's decoder refuses `10.0` or `1e3` for the int ttl, which JSON.parse reads as integers (§2.1).
    const ttlLiterals = rawMembers(rawBody(req)).filter(([k]) => k === 'ttl').map(([, v]) => v);
    if (typeof ttl !== 'number' || !ttlLiterals.every(isGoInt)) return sendError(reply, 400, 'Bad JSON: ttl must be an integer');
    if (typeof name !== 'string' || name === '' || name === 'GUEST' || nameProblems(name)) return sendError(reply, 400, 'Invalid or missing user name');
    const user = gdb.users.get(name);
    if (!user) return sendError(reply, 404, `No such user "${name}"`);
    // A ttl whose expiry is past 9999-12-31T23:59:59Z has no RFC 3339 `expires`: refused as an
    // invalid ttl (Sync Gateway's int64 nanoseconds overflow past ~292 years; docs/compatibility.md).
    if (ttl <= 0 || Date.now() / 1000 + ttl > LAST_RFC3339_SECOND) return sendError(reply, 400, 'Invalid or missing ttl');
    if (user.disabled) return sendError(reply, 400, 'User is disabled');
    const session = await gdb.sessions.create(user, ttl);
    return sendJson(reply, 200, { session_id: session.id, expires: rfc3339(session.expiration), cookie_name: gdb.cfg.session_cookie_name });
  });
  route('GET', '/:db/_session/:id', (gdb, req, reply) => {
    const check = gdb.sessions.check(req.params.id!);
    return check.ok ? sendJson(reply, 200, gdb.sessionInfo(check.user)) : sendError(reply, 404, 'missing');
  });
  route('DELETE', '/:db/_session/:id', async (gdb, req, reply) =>
    (await gdb.sessions.remove(req.params.id!)) ? sendEmpty(reply, 200) : sendError(reply, 404, 'missing'));
  route('DELETE', '/:db/_user/:name/_session/:id', async (gdb, req, reply) => {
    const session = gdb.sessions.get(req.params.id!);
    if (!session || session.username !== req.params.name) return sendError(reply, 404, 'missing');
    await gdb.sessions.remove(session.id);
    return sendEmpty(reply, 200);
  });
  route('DELETE', '/:db/_user/:name/_session', async (gdb, req, reply) => {
    const user = gdb.users.get(req.params.name!);
    if (user) await gdb.users.save({ ...user, session_uuid: newSessionUuid() });
    return sendEmpty(reply, 200); // an unknown user is 200 too (§2.5)
  });

  route('GET', '/:db/', (gdb, _req, reply) => sendJson(reply, 200, gdb.info()));
}
