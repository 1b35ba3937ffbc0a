/**
 * Runs CREATE/ALTER/DROP USER, CREATE/ALTER/DROP GROUP, GRANT and REVOKE against a
 * {@link PrincipalAdministration}, with the reference's checks, errors and warnings (couchbase/query
 * `semantics/sem_stmt_other.go` validateRoles / validateGroups / validateGroupRoles, `execution/
 * user_create.go` … `role_grant.go`, `role_revoke.go`, `auth/role_aliases.go`). The statements
 * return no rows. Who may run them is checked before (the `security_write` privilege,
 * ast/privileges.ts).
 */
import type { KeyspaceRef, RoleSpec, SecurityStatement } from '../ast/index.js';
import { notSupported } from '../errors/index.js';
import type { PrincipalAdministration, PrincipalGroup, PrincipalUser } from './principal-store.js';
import { formatRoleGrant, normalizeRoleName, roleAlias, roleLevel, type RoleGrant } from './role-catalog.js';
import * as E from './security-errors.js';

/** What the statements need besides the principals. */
export interface SecurityContext {
  principals: PrincipalAdministration;
  /** The keyspaces a role may name: `b1` (a bucket's default collection) and `b1.s1.c1`. */
  keyspaceNames(): string[];
  warn(msg: string, code: number): void;
  /**
   * Raises unless the caller may manage Full Admins and Security Admins (the query service: only
   * `admin`); called before changing a user or group that holds or would get such a role. Absent:
   * allowed (an embedded caller).
   */
  authorizeAdmin?: () => void;
}

/** Roles only a Full Admin grants, revokes, or manages the holders of (ns_server `admin.security.admin`). */
const ADMIN_ROLES = new Set(['admin', 'security_admin', 'security_admin_local', 'security_admin_external']);
const isAdminGrant = (r: string): boolean => ADMIN_ROLES.has(r.replace(/\[.*$/, ''));

/** A user's roles with those of its groups (`groups`: the state to judge against). */
function rolesOf(u: PrincipalUser, groups: (id: string) => PrincipalGroup | undefined): string[] {
  return [...u.roles, ...u.groups.flatMap((g) => groups(g)?.roles ?? [])];
}

/**
 * What ns_server refuses of a change to users and groups: touching a holder of an admin role, or
 * giving one, without the Full Admin's permission ({@link SecurityContext.authorizeAdmin}), and
 * leaving the cluster without a local Full Admin when it had one (11010, ns_server's "The last
 * Full Admin cannot lose the Full Admin role."). `users` and `groups` are the changed principals
 * (null: removed).
 */
function checkChange(ctx: SecurityContext, what: 'user' | 'group', users: Map<string, PrincipalUser | null>, groups: Map<string, PrincipalGroup | null>): void {
  const p = ctx.principals;
  const before = (id: string) => p.group(id);
  const after = (id: string) => (groups.has(id) ? (groups.get(id) ?? undefined) : p.group(id));
  let touchesAdmin = false;
  for (const [key, u] of users) {
    const [domain, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const old = p.user(domain, id);
    if ((old && rolesOf(old, before).some(isAdminGrant)) || (u && rolesOf(u, after).some(isAdminGrant))) touchesAdmin = true;
  }
  for (const [id, g] of groups) if (p.group(id)?.roles.some(isAdminGrant) || g?.roles.some(isAdminGrant)) touchesAdmin = true;
  if (!touchesAdmin) return;
  ctx.authorizeAdmin?.();
  const isAdmin = (u: PrincipalUser, groupsOf: (id: string) => PrincipalGroup | undefined) => u.domain === 'local' && rolesOf(u, groupsOf).some((r) => r === 'admin');
  const all = p.users();
  const hadAdmin = all.some((u) => isAdmin(u, before));
  const keeps = all.some((u) => {
    const key = `${u.domain}:${u.id}`;
    const now = users.has(key) ? users.get(key) : u;
    return now ? isAdmin(now, after) : false;
  }) || [...users.values()].some((u) => u !== null && !all.some((o) => o.domain === u.domain && o.id === u.id) && isAdmin(u, after));
  if (hadAdmin && !keeps) throw E.unableToUpdate(what, 'The last Full Admin cannot lose the Full Admin role.');
}

type Level = 'bucket' | 'scope' | 'collection';

/** `domain:id` of a user name (`joe` is `local:joe`). */
function userOf(ref: KeyspaceRef): { domain: string; id: string } {
  return { domain: ref.namespace ?? 'local', id: ref.path.join('.') };
}

/** A role's keyspace as the reference writes it (`default:b1`, `default:b1.s1.c1`) and its level. */
function keyspaceOf(ref: KeyspaceRef): { full: string; level: Level; path: string[] } {
  const level: Level = ref.path.length === 1 ? 'bucket' : ref.path.length === 2 ? 'scope' : 'collection';
  return { full: `${ref.namespace ?? 'default'}:${ref.path.join('.')}`, level, path: ref.path };
}

/**
 * The target of a role on a keyspace that must exist (couchbase/query `execution/role_grant.go`
 * getRoles): `b1`, `b1:s1` or `b1:s1:c1`; 5240/5241 otherwise.
 */
function targetOf(ref: KeyspaceRef, names: string[]): string {
  const ks = keyspaceOf(ref);
  const [b, s, c] = ks.path as [string, string?, string?];
  const bucket = names.some((n) => n === b || n.startsWith(`${b}.`));
  if (ks.level === 'bucket') {
    if (!names.includes(b)) throw E.noSuchKeyspace(ks.full);
    return b;
  }
  if (ks.level === 'scope') {
    if (!bucket || !(s === '_default' ? names.includes(b) : names.some((n) => n.startsWith(`${b}.${s}.`)))) throw E.noSuchScope(ks.full);
    return `${b}:${s}`;
  }
  const exists = names.includes(`${b}.${s}.${c}`) || (s === '_default' && c === '_default' && names.includes(b));
  if (!exists) throw E.noSuchKeyspace(ks.full);
  return `${b}:${s}:${c}`;
}

/**
 * GRANT/REVOKE's role checks before any change (semantics validateRoles): each role must exist
 * (5250), a cluster-wide role takes no ON (5230), any other needs one (5220), and a role is not
 * granted below its level (5221; the reference checks scope roles on collections, tokenql also
 * bucket roles on scopes or collections, which ns_server refuses).
 */
function checkRoles(roles: string[], on: KeyspaceRef[], describe: (r: string) => string): void {
  const levels = on.map((k) => keyspaceOf(k).level);
  for (const r of roles) {
    const level = roleLevel(r);
    if (level === undefined) throw E.roleNotFound(describe(r));
    if (level === 'cluster') {
      if (levels.length > 0) throw E.roleTakesNoKeyspace(describe(r));
      continue;
    }
    if (levels.length === 0) throw E.roleRequiresKeyspace(describe(r));
    const deepest = levels.includes('collection') ? 'collection' : levels.includes('scope') ? 'scope' : 'bucket';
    if ((level === 'bucket' && deepest !== 'bucket') || (level === 'scope' && deepest === 'collection')) throw E.roleIncorrectLevel(describe(r), deepest);
  }
}

/** The grants a group's `ROLES r [ON ks], …` names, checked (validateGroupRoles: messages show N1QL's short names). */
function groupGrants(specs: RoleSpec[], names: string[]): string[] {
  const out: string[] = [];
  for (const spec of specs) {
    const role = normalizeRoleName(spec.role);
    checkRoles([role], spec.on ? [spec.on] : [], roleAlias);
    out.push(formatRoleGrant(spec.on ? { role, target: targetOf(spec.on, names) } : { role }));
  }
  return [...new Set(out)];
}

/** Runs one user, group or role statement (no rows); raises the reference's error, warns as it does. */
export async function runSecurityStatement(st: SecurityStatement, ctx: SecurityContext): Promise<void> {
  if (st.action === 'GRANT' || st.action === 'REVOKE') return grantOrRevoke(st, ctx);
  if (st.target === 'GROUP') return group(st, ctx);
  return user(st, ctx);
}

async function user(st: SecurityStatement, ctx: SecurityContext): Promise<void> {
  const p = ctx.principals;
  const { domain, id } = userOf(st.names[0]!);
  const key = `${domain}:${id}`;
  if (domain !== 'local' && domain !== 'external') throw notSupported(`a user of domain ${domain} (only local and external users)`, st.names[0]!.loc);
  if (st.roles || st.none === 'ROLES') throw notSupported('ROLES in a user statement (GRANT roles to users)', st.loc);
  const groups = st.none === 'GROUPS' ? [] : st.groups;
  if (st.action !== 'DROP') {
    // semantics VisitCreateUser / VisitAlterUser
    if (st.action === 'CREATE' && domain === 'local' && st.password === undefined) throw E.userAttribute('local', 'password', 'required');
    if (domain === 'external' && st.password !== undefined) throw E.userAttribute('external', 'password', 'not supported');
    if (groups !== undefined) {
      for (const g of groups) if (!p.group(g)) throw E.groupNotFound(g);
    } else if (st.password === undefined && st.description === undefined) throw E.missingAttributes('user');
  }
  const old = p.user(domain, id);
  switch (st.action) {
    case 'CREATE': {
      if (old) {
        if (st.ifNotExists) return;
        throw E.userExists(key);
      }
      const u: PrincipalUser = { domain, id, name: st.description ?? '', roles: [], groups: [...new Set(groups ?? [])] };
      checkChange(ctx, 'user', new Map([[key, u]]), new Map());
      if (st.password !== undefined) u.passwordHash = await p.hashPassword(st.password);
      await p.putUser(u);
      return;
    }
    case 'ALTER': {
      if (!old) throw E.userNotFound(key);
      if (st.description !== undefined) old.name = st.description;
      if (groups !== undefined) old.groups = [...new Set(groups)];
      checkChange(ctx, 'user', new Map([[key, old]]), new Map());
      if (st.password !== undefined) old.passwordHash = await p.hashPassword(st.password);
      await p.putUser(old);
      return;
    }
    case 'DROP':
      if (!old) {
        if (st.ifExists) return;
        throw E.userNotFound(key);
      }
      checkChange(ctx, 'user', new Map([[key, null]]), new Map());
      await p.removeUser(domain, id);
      return;
  }
}

async function group(st: SecurityStatement, ctx: SecurityContext): Promise<void> {
  const p = ctx.principals;
  const ref = st.names[0]!;
  if (ref.namespace !== undefined || ref.path.length !== 1) throw E.groupNotFound(ref.path.join('.'));
  const id = ref.path[0]!;
  if (st.password !== undefined || st.groups || st.none === 'GROUPS') throw notSupported('PASSWORD or GROUPS in a group statement', st.loc);
  const roles = st.none === 'ROLES' ? [] : st.roles;
  // semantics VisitCreateGroup / VisitAlterGroup
  let grants: string[] | undefined;
  if (st.action !== 'DROP') {
    if (roles !== undefined) grants = groupGrants(roles, ctx.keyspaceNames());
    else if (st.description === undefined) throw E.missingAttributes('group');
  }
  const old = p.group(id);
  switch (st.action) {
    case 'CREATE':
      if (old) {
        if (st.ifNotExists) return;
        throw E.groupExists(id);
      }
      if (grants === undefined) throw E.groupAttribute('roles', 'required');
      checkChange(ctx, 'group', new Map(), new Map([[id, { id, description: st.description ?? '', roles: grants }]]));
      await p.putGroup({ id, description: st.description ?? '', roles: grants });
      return;
    case 'ALTER':
      if (!old) throw E.groupNotFound(id);
      if (grants !== undefined) old.roles = grants;
      if (st.description !== undefined) old.description = st.description;
      checkChange(ctx, 'group', new Map(), new Map([[id, old]]));
      await p.putGroup(old);
      return;
    case 'DROP':
      if (!old) {
        if (st.ifExists) return;
        throw E.groupNotFound(id);
      }
      checkChange(ctx, 'group', new Map(), new Map([[id, null]]));
      await p.removeGroup(id);
      return;
  }
}

/**
 * GRANT roles [ON ks, …] TO users|groups / REVOKE … FROM: every role on every keyspace, to each
 * named principal once. A principal that does not exist is an error after the others were changed
 * (the reference reports it and goes on); a role held already (GRANT) or not held (REVOKE) is a
 * warning, as is a principal left without roles.
 */
async function grantOrRevoke(st: SecurityStatement, ctx: SecurityContext): Promise<void> {
  const p = ctx.principals;
  const roles = st.roles!.map((r) => normalizeRoleName(r.role));
  const on = st.on ?? [];
  checkRoles(roles, on, (r) => r);
  const names = ctx.keyspaceNames();
  const grants: RoleGrant[] = [];
  for (const role of roles) {
    if (on.length === 0) grants.push({ role });
    for (const k of on) grants.push({ role, target: targetOf(k, names) });
  }
  const grant = st.action === 'GRANT';
  const isGroup = st.target === 'GROUPS';
  const kind = isGroup ? 'Group' : 'User';
  let missing: Error | undefined;
  const seen = new Set<string>();
  const changedUsers = new Map<string, PrincipalUser | null>();
  const changedGroups = new Map<string, PrincipalGroup | null>();
  for (const ref of st.names) {
    const who = isGroup ? ref.path.join('.') : `${userOf(ref).domain}:${userOf(ref).id}`;
    if (seen.has(who)) continue;
    seen.add(who);
    const target = isGroup ? p.group(who) : p.user(userOf(ref).domain, userOf(ref).id);
    if (!target) {
      missing ??= isGroup ? E.groupNotFound(who) : E.userNotFound(who);
      continue;
    }
    const held = new Set(target.roles);
    for (const g of grants) {
      const text = formatRoleGrant(g);
      if (grant === held.has(text)) {
        const w = (grant ? E.roleAlreadyPresent : E.roleNotPresent)(kind, who, roleAlias(g.role), g.target);
        ctx.warn(w.msg, w.code);
      }
      if (grant) held.add(text);
      else held.delete(text);
    }
    target.roles = grant ? [...held] : target.roles.filter((r) => held.has(r));
    if (!grant && target.roles.length === 0) {
      const w = isGroup ? E.groupWithNoRoles(who) : E.userWithNoRoles(who);
      ctx.warn(w.msg, w.code);
    }
    if (isGroup) changedGroups.set(who, target as PrincipalGroup);
    else changedUsers.set(who, target as PrincipalUser);
  }
  checkChange(ctx, isGroup ? 'group' : 'user', changedUsers, changedGroups);
  for (const g of changedGroups.values()) await p.putGroup(g!);
  for (const u of changedUsers.values()) await p.putUser(u!);
  if (missing) throw missing;
}
