/**
 * Roles and permissions of the cluster users, one model for the admin REST API (spec
 * compaction-reference §1, evidence/role-matrix.txt) and the query service (couchbase/query
 * `datastore/couchbase` privileges, ns_server `menelaus_roles.erl` role definitions). A permission
 * is written on the wire as `cluster[.bucket[<b>]][.<object>]!<operation>`; a role grants a set of
 * permission keys (the wire string without the bucket name) either for every bucket or only for
 * the bucket of its parameter (`bucket_admin[b]`; `[*]` means every bucket).
 *
 * The N1QL permissions are `cluster.bucket[b].n1ql.<select|insert|update|delete>!execute`,
 * `cluster.bucket[b].n1ql.index!<create|drop|build|list|alter>` and `cluster.n1ql.meta!read`
 * (system keyspaces). ns_server takes the first pattern of a role that matches the object, so
 * `cluster_admin`, `bucket_admin`, `views_admin`, `security_admin` and `replication_admin` have no
 * N1QL data or index permission on any bucket (their `{[{bucket, …}, n1ql], none}` or
 * `{[{bucket, any}], none}` comes first), and `data_reader`/`data_writer` grant only KV access.
 */

import { roleLevel } from '../../index.js';

/** A permission a route needs. */
export interface Permission {
  /** The bucket named in the URL, for bucket permissions. */
  bucket?: string;
  /** Dotted object after the bucket (`settings`, `views`) or after `cluster` (`settings.autocompaction`). */
  object?: string;
  operation: string;
}

/** The wire string of a permission, e.g. `cluster.bucket[default].settings!read`. */
export function formatPermission(p: Permission): string {
  let s = 'cluster';
  if (p.bucket !== undefined) s += `.bucket[${p.bucket}]`;
  if (p.object) s += `.${p.object}`;
  return `${s}!${p.operation}`;
}

/** The role-table key of a permission: the wire string with `bucket[<b>]` shortened to `bucket`. */
function keyOf(p: Permission): string {
  let s = p.bucket !== undefined ? 'bucket' : '';
  if (p.object) s += s ? `.${p.object}` : p.object;
  return `${s}!${p.operation}`;
}

// What every role with a catch-all read rule may read.
const READ_ALL = [
  'settings.autocompaction!read', 'pools!read', 'tasks!read', 'buckets!read',
  'bucket.settings!read', 'bucket.views!read', 'bucket.stats!read',
];
const BUCKET_WRITE = ['bucket!compact', 'bucket.settings!write'];
const SECURITY = ['admin.security!read', 'admin.security!write'];
/**
 * Managing users who hold (or would get) a Full Admin or Security Admin role: only `admin`
 * (ns_server `cluster.admin.security.admin!write`; security_admin has `{[admin, security, admin], none}`).
 */
export const SECURITY_ADMIN_WRITE: Permission = { object: 'admin.security.admin', operation: 'write' };
const SECURITY_ADMIN_KEY = 'admin.security.admin!write';
const EVERYTHING = '*';

/** N1QL DML permissions on a bucket (query_select … query_delete). */
export const N1QL_SELECT = 'bucket.n1ql.select!execute';
export const N1QL_INSERT = 'bucket.n1ql.insert!execute';
export const N1QL_UPDATE = 'bucket.n1ql.update!execute';
export const N1QL_DELETE = 'bucket.n1ql.delete!execute';
const N1QL_DML = [N1QL_SELECT, N1QL_INSERT, N1QL_UPDATE, N1QL_DELETE];
/** N1QL index permissions on a bucket (query_manage_index). */
const N1QL_INDEX = ['bucket.n1ql.index!create', 'bucket.n1ql.index!drop', 'bucket.n1ql.index!build', 'bucket.n1ql.index!list', 'bucket.n1ql.index!alter'];
const N1QL_BUCKET = [...N1QL_DML, ...N1QL_INDEX];
/** Reading the `system:` keyspaces (query_system_catalog). */
const N1QL_META = 'n1ql.meta!read';
const INDEX_LIST = 'bucket.n1ql.index!list';

interface RoleDef {
  /** Takes a bucket parameter (`name[b]`). */
  param: boolean;
  /** Keys granted for every bucket (or cluster-wide). */
  any: string[];
  /** Keys granted only for the parameter's bucket. */
  own?: string[];
  /** Keys never granted (with `any: ['*']`). */
  except?: string[];
}

const ROLES: Record<string, RoleDef> = {
  admin: { param: false, any: [EVERYTHING] },
  cluster_admin: { param: false, any: [EVERYTHING], except: ['bucket.views!compact', ...SECURITY, SECURITY_ADMIN_KEY, ...N1QL_BUCKET] },
  backup_admin: { param: false, any: [EVERYTHING], except: [...SECURITY, SECURITY_ADMIN_KEY] },
  eventing_admin: { param: false, any: [...READ_ALL, ...BUCKET_WRITE, 'bucket.views!compact', N1QL_META] },
  ro_admin: { param: false, any: [...READ_ALL, INDEX_LIST, N1QL_META] },
  replication_admin: { param: false, any: [...READ_ALL, N1QL_META] },
  security_admin: { param: false, any: [...READ_ALL, ...SECURITY, N1QL_META] },
  bucket_admin: { param: true, any: [...READ_ALL, N1QL_META], own: [...BUCKET_WRITE, 'bucket!delete'] },
  views_admin: { param: true, any: [...READ_ALL, N1QL_META], own: ['bucket.views!compact'] },
  mobile_sync_gateway: { param: true, any: READ_ALL, own: ['bucket.views!compact', ...N1QL_BUCKET] },
  bucket_full_access: { param: true, any: [], own: ['bucket.settings!read', 'bucket.views!read', 'bucket.views!compact', ...N1QL_BUCKET] },
  data_reader: { param: true, any: [], own: ['bucket.settings!read'] },
  data_writer: { param: true, any: [], own: ['bucket.settings!read'] },
  query_select: { param: true, any: [], own: ['bucket.settings!read', N1QL_SELECT] },
  query_insert: { param: true, any: [], own: ['bucket.settings!read', N1QL_INSERT] },
  query_update: { param: true, any: [], own: ['bucket.settings!read', N1QL_UPDATE] },
  query_delete: { param: true, any: [], own: ['bucket.settings!read', N1QL_DELETE] },
  query_manage_index: { param: true, any: [], own: ['bucket.settings!read', ...N1QL_INDEX] },
  query_system_catalog: { param: false, any: ['bucket.settings!read', INDEX_LIST, N1QL_META] },
  external_stats_reader: { param: false, any: [] },
};

/** A parsed role: its name and, for bucket roles, the bucket (`*` for all). */
export interface Role {
  name: string;
  bucket?: string;
}

/**
 * Parses `name` or `name[bucket]` / `name[bucket:scope:collection]`; undefined if unknown or
 * malformed. A role of the cluster's catalogue (security/role-catalog.ts) that this table gives no
 * permissions (`query_use_sequential_scans`, `analytics_reader` …) parses and grants nothing here.
 */
export function parseRole(text: string): Role | undefined {
  const m = /^([a-z_]+)(?:\[([^\]]*)\])?$/.exec(text.trim());
  if (!m) return undefined;
  const def = ROLES[m[1]!];
  const level = roleLevel(m[1]!);
  if (!def && level === undefined) return undefined;
  if (!(def ? def.param : level !== 'cluster')) return m[2] === undefined ? { name: m[1]! } : undefined;
  if (m[2] === undefined || m[2] === '') return undefined;
  return { name: m[1]!, bucket: m[2].split(':')[0]! };
}

/** The text of a role as users are shown and stored (`bucket_admin[default]`). */
export function formatRole(r: Role): string {
  return r.bucket === undefined ? r.name : `${r.name}[${r.bucket}]`;
}

/** True if any of the roles grants the permission. */
export function isAllowed(roles: readonly Role[], p: Permission): boolean {
  const key = keyOf(p);
  return roles.some((r) => {
    const def = ROLES[r.name];
    if (!def) return false;
    if (def.except?.includes(key)) return false;
    if (def.any.includes(EVERYTHING) || def.any.includes(key)) return true;
    if (!def.own?.includes(key)) return false;
    return r.bucket === '*' || (p.bucket !== undefined ? r.bucket === p.bucket : r.bucket === undefined);
  });
}

/** Names of all roles known (for error messages and the docs). */
export function roleNames(): string[] {
  return Object.keys(ROLES);
}

/** True if the role may be granted only by a Full Admin (`admin`, `security_admin`: ns_server `admin.security.admin`). */
export function isAdminRole(r: Role): boolean {
  return r.name === 'admin' || r.name === 'security_admin';
}

/**
 * A user as `system:user_info` / `system:my_user_info` show it (ns_server's user record, as
 * `GET /settings/rbac/users` lists it): `{id, domain: "local", name, roles: [{role,
 * bucket_name?}]}`.
 */
export function userInfoRow(user: { id: string; name: string; roles: string[]; groups?: string[] }): { id: string; domain: string; name: string; roles: { role: string; bucket_name?: string }[]; groups?: string[] } {
  const roles = user.roles.map(parseRole).filter((r): r is Role => r !== undefined);
  const row = { id: user.id, domain: 'local', name: user.name, roles: roles.map((r) => (r.bucket !== undefined ? { role: r.name, bucket_name: r.bucket } : { role: r.name })) };
  // ns_server lists a user's groups; shown when it has some (users made over REST have none).
  return user.groups?.length ? { ...row, groups: [...user.groups] } : row;
}
