/**
 * `system:user_info` and `system:group_info` rows of a {@link PrincipalAdministration}, as the
 * reference shows its cluster's users and groups (ns_server `GET /settings/rbac/users` and
 * `/settings/rbac/groups` with N1QL's short role names): a user `{id, domain, name?, roles,
 * groups}` (no `name` when it has none), a group `{id, description?, roles}`.
 */
import type { Value } from '../values/index.js';
import type { PrincipalAdministration } from './principal-store.js';
import { parseRoleGrant, roleRow } from './role-catalog.js';

const rows = (roles: string[]): Value[] => roles.map((r) => roleRow(parseRoleGrant(r) ?? { role: r }));

/** One row per user, sorted by id. */
export function userInfoRows(p: PrincipalAdministration): Value[] {
  return p.users().map((u) => ({ id: u.id, domain: u.domain, ...(u.name ? { name: u.name } : {}), roles: rows(u.roles), groups: [...u.groups] }));
}

/** One row per group, sorted by id. */
export function groupInfoRows(p: PrincipalAdministration): Value[] {
  return p.groups().map((g) => ({ id: g.id, ...(g.description ? { description: g.description } : {}), roles: rows(g.roles) }));
}
