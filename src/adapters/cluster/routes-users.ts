/**
 * Local users (issue 4 §3): `PUT /settings/rbac/users/local/{name}` (form `password`, `roles`,
 * `name`), `DELETE` of the same path, and `GET /settings/rbac/users`. Passwords are kept only as
 * a salted scrypt hash and never returned.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendJson } from '../http/server.js';
import type { ClusterContext } from './context.js';
import type { Errors } from './fields.js';
import { formOf } from './form.js';
import { forbidden, guard } from './guard.js';
import { SECURITY_ADMIN_WRITE, formatRole, isAdminRole, isAllowed, parseRole, type Role } from './rbac.js';

const READ = { object: 'admin.security', operation: 'read' };
const WRITE = { object: 'admin.security', operation: 'write' };
const BAD_USER = /[\s()<>@,;:\\"/[\]?={}\x00-\x1f\x7f]/;

function userId(request: FastifyRequest): string {
  return (request.params as { user: string }).user;
}

/** Parses a comma-separated role list; bucket roles must name an existing bucket or `*`. */
export function parseRoles(text: string, bucketExists: (b: string) => boolean): { roles: Role[]; bad: string[] } {
  const roles: Role[] = [];
  const bad: string[] = [];
  for (const piece of text.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const role = parseRole(piece);
    if (role && (role.bucket === undefined || role.bucket === '*' || bucketExists(role.bucket))) roles.push(role);
    else bad.push(piece);
  }
  return { roles, bad };
}

function roleJson(r: Role): Record<string, string> {
  return r.bucket === undefined ? { role: r.name } : { role: r.name, bucket_name: r.bucket };
}

/** Users holding the Full Admin role. */
function adminCount(ctx: ClusterContext): number {
  return ctx.state.users().filter((u) => u.roles.some((r) => parseRole(r)?.name === 'admin')).length;
}

export function userRoutes(app: FastifyInstance, ctx: ClusterContext): void {
  app.put('/settings/rbac/users/local/:user', async (request, reply) => {
    const me = await guard(ctx, request, reply, WRITE);
    if (!me) return reply;
    const id = userId(request);
    const form = formOf(request);
    const errors: Errors = {};
    if (id === '' || BAD_USER.test(id) || id.length > 128) {
      errors._ = 'Username must not contain spaces, control or any of ()<>@,;:\\"/[]?={} characters and must be valid utf8';
    }
    const { roles, bad } = parseRoles(form.get('roles') ?? '', (b) => ctx.state.hasBucket(b));
    if (bad.length > 0) {
      errors.roles = `Cannot assign roles to user because the following roles are unknown, malformed or role parameters are undefined: [${bad.join(',')}]`;
    }
    const password = form.get('password') ?? undefined;
    if (password === undefined && !ctx.state.user(id)) errors.password = 'Password is required';
    else if (password !== undefined && password.length < 6) errors.password = 'The password must be at least 6 characters long.';
    if (Object.keys(errors).length > 0) return sendJson(reply, 400, { errors });
    // Grants (ns_server menelaus_web_rbac): only a Full Admin manages users who have or get a
    // Full Admin or Security Admin role; nobody but a Full Admin changes their own roles, and a
    // Full Admin cannot drop their own admin role nor leave the cluster without one.
    const old = ctx.state.user(id);
    const oldRoles = (old?.roles ?? []).map(parseRole).filter((r): r is Role => r !== undefined);
    if ([...oldRoles, ...roles].some(isAdminRole) && !isAllowed(me.roles, SECURITY_ADMIN_WRITE)) return forbidden(reply, SECURITY_ADMIN_WRITE);
    const same = (a: Role[], b: Role[]) => a.map(formatRole).sort().join(',') === b.map(formatRole).sort().join(',');
    if (id === me.id && old && !same(oldRoles, roles) && !isAllowed(me.roles, SECURITY_ADMIN_WRITE)) return forbidden(reply, SECURITY_ADMIN_WRITE);
    const wasAdmin = oldRoles.some((r) => r.name === 'admin');
    if (wasAdmin && !roles.some((r) => r.name === 'admin')) {
      if (id === me.id) return sendJson(reply, 400, { errors: { roles: 'You cannot remove your own Full Admin role.' } });
      if (adminCount(ctx) <= 1) return sendJson(reply, 400, { errors: { roles: 'The last Full Admin cannot lose the Full Admin role.' } });
    }
    await ctx.auth.saveUser(id, roles.map(formatRole), password, form.get('name') ?? '');
    return sendJson(reply, 200, '');
  });

  app.delete('/settings/rbac/users/local/:user', async (request, reply) => {
    const me = await guard(ctx, request, reply, WRITE);
    if (!me) return reply;
    const id = userId(request);
    const target = (ctx.state.user(id)?.roles ?? []).map(parseRole).filter((r): r is Role => r !== undefined);
    if (target.some(isAdminRole) && !isAllowed(me.roles, SECURITY_ADMIN_WRITE)) return forbidden(reply, SECURITY_ADMIN_WRITE);
    if (target.some((r) => r.name === 'admin') && (id === me.id || adminCount(ctx) <= 1)) {
      return sendJson(reply, 400, id === me.id ? 'You cannot delete yourself while you are a Full Admin.' : 'The last Full Admin cannot be deleted.');
    }
    if (!(await ctx.state.removeUser(id))) return sendJson(reply, 404, 'User was not found.');
    ctx.auth.forget(id);
    return sendJson(reply, 200, '');
  });

  app.get('/settings/rbac/users', async (request, reply) => {
    if (!(await guard(ctx, request, reply, READ))) return reply;
    const users = ctx.state.users().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return sendJson(reply, 200, users.map((u) => ({
      id: u.id,
      domain: 'local',
      name: u.name,
      roles: u.roles.map(parseRole).filter((r): r is Role => r !== undefined).map(roleJson),
      ...(u.groups?.length ? { groups: u.groups } : {}),
    })));
  });
}
