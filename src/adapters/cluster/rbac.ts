/**
 * Roles and permissions (spec compaction-reference §1, evidence/role-matrix.txt). A permission is
 * written on the wire as `cluster[.bucket[<b>]][.<object>]!<operation>`; a role grants a set of
 * permission keys (the wire string without the bucket name) either for every bucket or only for
 * the bucket of its parameter (`bucket_admin[b]`; `[*]` means every bucket).
 */

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
const EVERYTHING = '*';

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
  cluster_admin: { param: false, any: [EVERYTHING], except: ['bucket.views!compact', ...SECURITY] },
  backup_admin: { param: false, any: [EVERYTHING], except: SECURITY },
  eventing_admin: { param: false, any: [...READ_ALL, ...BUCKET_WRITE, 'bucket.views!compact'] },
  ro_admin: { param: false, any: READ_ALL },
  replication_admin: { param: false, any: READ_ALL },
  security_admin: { param: false, any: [...READ_ALL, ...SECURITY] },
  bucket_admin: { param: true, any: READ_ALL, own: [...BUCKET_WRITE, 'bucket!delete'] },
  views_admin: { param: true, any: READ_ALL, own: ['bucket.views!compact'] },
  mobile_sync_gateway: { param: true, any: READ_ALL, own: ['bucket.views!compact'] },
  bucket_full_access: { param: true, any: [], own: ['bucket.settings!read', 'bucket.views!read', 'bucket.views!compact'] },
  data_reader: { param: true, any: [], own: ['bucket.settings!read'] },
  external_stats_reader: { param: false, any: [] },
};

/** A parsed role: its name and, for bucket roles, the bucket (`*` for all). */
export interface Role {
  name: string;
  bucket?: string;
}

/** Parses `name` or `name[bucket]` / `name[bucket:scope:collection]`; undefined if unknown or malformed. */
export function parseRole(text: string): Role | undefined {
  const m = /^([a-z_]+)(?:\[([^\]]*)\])?$/.exec(text.trim());
  if (!m) return undefined;
  const def = ROLES[m[1]!];
  if (!def) return undefined;
  if (!def.param) return m[2] === undefined ? { name: m[1]! } : undefined;
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
