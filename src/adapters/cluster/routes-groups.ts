/**
 * User groups on the admin listener (ns_server `menelaus_web_rbac.erl` handle_put_group,
 * handle_delete_group, handle_get_groups, handle_get_group): `PUT /settings/rbac/groups/{id}`
 * (form `roles`, required, and `description`), `DELETE` of the same path, `GET
 * /settings/rbac/groups` and `GET /settings/rbac/groups/{id}`. Groups are the database's
 * principals, the same N1QL's CREATE GROUP makes; a member holds the group's roles.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PrincipalGroup } from '../../index.js';
import { sendJson } from '../http/server.js';
import type { ClusterContext } from './context.js';
import type { Errors } from './fields.js';
import { formOf } from './form.js';
import { forbidden, guard } from './guard.js';
import { SECURITY_ADMIN_WRITE, formatRole, isAdminRole, isAllowed, parseRole, type Role } from './rbac.js';
import { parseRoles } from './routes-users.js';

const READ = { object: 'admin.security', operation: 'read' };
const WRITE = { object: 'admin.security', operation: 'write' };
const BAD_NAME = /[\s()<>@,;:\\"/[\]?={}\x00-\x1f\x7f]/;

const groupId = (request: FastifyRequest): string => (request.params as { group: string }).group;
const rolesOf = (g: PrincipalGroup | undefined): Role[] => (g?.roles ?? []).map(parseRole).filter((r): r is Role => r !== undefined);

/** ns_server's group JSON: `{id, roles: [{role, bucket_name?}], description?}`. */
function groupJson(g: PrincipalGroup): Record<string, unknown> {
  const roles = rolesOf(g).map((r) => (r.bucket === undefined ? { role: r.name } : { role: r.name, bucket_name: r.bucket }));
  return { id: g.id, roles, ...(g.description ? { description: g.description } : {}) };
}

export function groupRoutes(app: FastifyInstance, ctx: ClusterContext): void {
  const principals = ctx.db.principals;

  app.put('/settings/rbac/groups/:group', async (request, reply) => {
    const me = await guard(ctx, request, reply, WRITE);
    if (!me) return reply;
    const id = groupId(request);
    if (id === '' || BAD_NAME.test(id) || id.length > 128) {
      return sendJson(reply, 400, { errors: { _: 'Group name must not contain spaces, control or any of ()<>@,;:\\"/[]?={} characters and must be valid utf8' } });
    }
    const form = formOf(request);
    const errors: Errors = {};
    const rolesText = form.get('roles');
    if (rolesText === null || rolesText === undefined) errors.roles = 'The value must be supplied';
    const { roles, bad } = parseRoles(rolesText ?? '', (b) => ctx.state.hasBucket(b));
    if (bad.length > 0) errors.roles = `Cannot assign roles to user because the following roles are unknown, malformed or role parameters are undefined: [${bad.join(',')}]`;
    if (Object.keys(errors).length > 0) return sendJson(reply, 400, { errors });
    const old = principals.group(id);
    // Only a Full Admin manages a group that has or gets a Full Admin or Security Admin role.
    if ([...rolesOf(old), ...roles].some(isAdminRole) && !isAllowed(me.roles, SECURITY_ADMIN_WRITE)) return forbidden(reply, SECURITY_ADMIN_WRITE);
    await principals.putGroup({ id, description: form.get('description') ?? old?.description ?? '', roles: [...new Set(roles.map(formatRole))].sort() });
    return sendJson(reply, 200, '');
  });

  app.delete('/settings/rbac/groups/:group', async (request, reply) => {
    const me = await guard(ctx, request, reply, WRITE);
    if (!me) return reply;
    const id = groupId(request);
    if (rolesOf(principals.group(id)).some(isAdminRole) && !isAllowed(me.roles, SECURITY_ADMIN_WRITE)) return forbidden(reply, SECURITY_ADMIN_WRITE);
    if (!(await principals.removeGroup(id))) return sendJson(reply, 404, 'Group was not found.');
    return sendJson(reply, 200, '');
  });

  app.get('/settings/rbac/groups', async (request, reply) => {
    if (!(await guard(ctx, request, reply, READ))) return reply;
    return sendJson(reply, 200, principals.groups().map(groupJson));
  });

  app.get('/settings/rbac/groups/:group', async (request, reply) => {
    if (!(await guard(ctx, request, reply, READ))) return reply;
    const g = principals.group(groupId(request));
    if (!g) return sendJson(reply, 404, 'Unknown group.');
    return sendJson(reply, 200, groupJson(g));
  });
}
