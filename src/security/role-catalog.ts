/**
 * The roles a cluster knows and what each may be granted on, one list for the N1QL statements
 * (GRANT, CREATE GROUP … ROLES) and the cluster adapter's REST users API. Source: ns_server
 * `menelaus_roles.erl` `roles()` — a role's parameters are none (cluster-wide), `[bucket_name]`
 * (a bucket), `?RBAC_SCOPE_PARAMS` (a bucket or a scope) or `?RBAC_COLLECTION_PARAMS` (a bucket,
 * scope or collection) — plus `security_admin`, the name older servers (and the project's REST
 * tests) use for the Security Admin role. The permissions each role grants are the cluster
 * adapter's (adapters/cluster/rbac.ts).
 *
 * N1QL shows `query_select`, `query_insert`, `query_update` and `query_delete` by their short
 * names `select` … `delete` and accepts both (couchbase/query `auth/role_aliases.go`).
 */

/** What a role may be granted on: nothing (cluster-wide), a bucket, a bucket or scope, or a bucket, scope or collection. */
export type RoleLevel = 'cluster' | 'bucket' | 'scope' | 'collection';

const C = 'cluster';
const B = 'bucket';
const S = 'scope';
const K = 'collection';

/** Every role by name, with the deepest level it may be granted on. */
const ROLES: Readonly<Record<string, RoleLevel>> = {
  admin: C,
  ro_admin: C,
  security_admin: C,
  security_admin_local: C,
  security_admin_external: C,
  cluster_admin: C,
  eventing_admin: C,
  backup_admin: C,
  bucket_admin: B,
  scope_admin: S,
  bucket_full_access: B,
  views_admin: B,
  views_reader: B,
  replication_admin: C,
  data_reader: K,
  data_writer: K,
  data_dcp_reader: K,
  data_backup: B,
  data_monitoring: K,
  fts_admin: B,
  fts_searcher: K,
  query_select: K,
  query_update: K,
  query_insert: K,
  query_delete: K,
  query_manage_index: K,
  query_system_catalog: C,
  query_external_access: C,
  query_manage_global_functions: C,
  query_execute_global_functions: C,
  query_manage_functions: S,
  query_execute_functions: S,
  query_manage_global_external_functions: C,
  query_execute_global_external_functions: C,
  query_manage_external_functions: S,
  query_execute_external_functions: S,
  query_manage_sequences: S,
  query_use_sequences: S,
  query_use_sequential_scans: K,
  query_manage_system_catalog: C,
  replication_target: B,
  analytics_manager: B,
  analytics_reader: C,
  analytics_select: K,
  analytics_admin: C,
  mobile_sync_gateway: B,
  sync_gateway_configurator: K,
  sync_gateway_app: K,
  sync_gateway_app_ro: K,
  sync_gateway_replicator: K,
  sync_gateway_dev_ops: C,
  external_stats_reader: C,
  eventing_manage_functions: S,
};

const SHORT_TO_LONG: Readonly<Record<string, string>> = { select: 'query_select', insert: 'query_insert', update: 'query_update', delete: 'query_delete' };
const LONG_TO_SHORT: Readonly<Record<string, string>> = { query_select: 'select', query_insert: 'insert', query_update: 'update', query_delete: 'delete' };

/** The level of a role (`undefined`: no such role). */
export function roleLevel(name: string): RoleLevel | undefined {
  return Object.hasOwn(ROLES, name) ? ROLES[name] : undefined;
}

/** A role name as N1QL writes it, in the cluster's form: lower case, `select` → `query_select`. */
export function normalizeRoleName(name: string): string {
  const lc = name.toLowerCase();
  return SHORT_TO_LONG[lc] ?? lc;
}

/** A role name as N1QL shows it: `query_select` → `select`, others unchanged. */
export function roleAlias(name: string): string {
  return LONG_TO_SHORT[name] ?? name;
}

/** Every role name, sorted. */
export function allRoleNames(): string[] {
  return Object.keys(ROLES).sort();
}

/** A granted role: its name and, for a bucket/scope/collection role, its target `b`, `b:s` or `b:s:c` (`*`: every bucket). */
export interface RoleGrant {
  role: string;
  target?: string;
}

/** `name` or `name[target]`, the form ns_server's REST API takes and stores (`bucket_admin[b1]`, `data_reader[b1:s1:c1]`). */
export function formatRoleGrant(g: RoleGrant): string {
  return g.target === undefined ? g.role : `${g.role}[${g.target}]`;
}

/** Parses `name` or `name[target]` (no validation); undefined if malformed. */
export function parseRoleGrant(text: string): RoleGrant | undefined {
  const m = /^([A-Za-z_]+)(?:\[([^\]]*)\])?$/.exec(text.trim());
  if (!m) return undefined;
  return m[2] === undefined ? { role: m[1]! } : { role: m[1]!, target: m[2] };
}

/**
 * A role as `system:user_info` / `system:group_info` show it (ns_server's `GET /settings/rbac/users`
 * with N1QL's short names): `{role, bucket_name?, scope_name?, collection_name?}`; a collection
 * role granted on a bucket shows `scope_name` and `collection_name` `*`.
 */
export function roleRow(g: RoleGrant): Record<string, string> {
  const out: Record<string, string> = { role: roleAlias(g.role) };
  if (g.target === undefined) return out;
  const [bucket, scope, collection] = g.target.split(':');
  out.bucket_name = bucket!;
  // A scope or collection role granted on a bucket holds for all of its scopes (and collections): `*`.
  const level = roleLevel(g.role);
  if (scope !== undefined || level === 'scope' || level === 'collection') out.scope_name = scope ?? '*';
  if (collection !== undefined || level === 'collection') out.collection_name = collection ?? '*';
  return out;
}
