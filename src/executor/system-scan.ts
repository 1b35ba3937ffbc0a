import type { Value } from '../values/index.js';
import type { RunContext } from './runtime.js';
import type { SystemKeyspace } from '../planner/catalog.js';

const DATASTORE = 'tokenql';

/** A store keyspace name split as the reference addresses it: `b` (a bucket) or `b.scope.collection`. */
function keyspacePath(name: string): { bucket: string; scope?: string; collection?: string } {
  const p = name.split('.');
  return p.length === 3 ? { bucket: p[0]!, scope: p[1]!, collection: p[2]! } : { bucket: name };
}

/** The node name `system:sequences` gives this process's cached values under (the reference: the node's UUID). */
const SEQUENCE_NODE = 'tokenql';

/**
 * A `system:keyspaces` row (couchbase/query `datastore/system/system_keyspace_keyspaces.go`): a
 * bucket's default collection as `{datastore_id, id, name, namespace, namespace_id, path}`, a
 * named collection with `bucket` and `scope` besides and its full `path`.
 */
function keyspaceRow(name: string): Record<string, Value> {
  const p = keyspacePath(name);
  if (p.collection === undefined) return { datastore_id: DATASTORE, id: name, name, namespace: 'default', namespace_id: 'default', path: `default:${name}` };
  return {
    bucket: p.bucket,
    datastore_id: DATASTORE,
    id: p.collection,
    name: p.collection,
    namespace: 'default',
    namespace_id: 'default',
    path: `default:${p.bucket}.${p.scope}.${p.collection}`,
    scope: p.scope!,
  };
}

/** The buckets of the store: every undotted keyspace and the bucket of every dotted one. */
function bucketNames(rc: RunContext): string[] {
  return [...new Set(rc.system.keyspaces().map((k) => keyspacePath(k.name).bucket))].sort();
}

/** The scopes of the store: `_default` of every bucket and the scope of every named collection. */
function scopeRows(rc: RunContext): Value[] {
  const seen = new Map<string, Value>();
  const add = (bucket: string, scope: string) =>
    seen.set(`${bucket}.${scope}`, { bucket, datastore_id: DATASTORE, name: scope, namespace: 'default', namespace_id: 'default', path: `default:${bucket}.${scope}` });
  for (const b of bucketNames(rc)) add(b, '_default');
  for (const k of rc.system.keyspaces()) {
    const p = keyspacePath(k.name);
    if (p.scope !== undefined) add(p.bucket, p.scope);
  }
  return [...seen.values()];
}

/**
 * Rows of the `system:` keyspaces, with the reference's field names (couchbase/query
 * `datastore/system/system_keyspace_*.go`, docs "Get System Information"). One `case` per
 * keyspace; the data comes from `rc.system` (the engine fills it: the store, the index
 * catalogue, the RequestRegistry, the prepared-statement cache, the request's users …). A
 * keyspace whose provider is absent (an embedded database has no users) has no rows.
 */
export function systemRows(keyspace: SystemKeyspace, rc: RunContext): Value[] {
  switch (keyspace) {
    case 'datastores':
      return [{ id: DATASTORE, url: DATASTORE }];
    case 'namespaces':
      return [{ datastore_id: DATASTORE, id: 'default', name: 'default' }];
    case 'buckets':
      return bucketNames(rc).map((name) => ({ datastore_id: DATASTORE, name, namespace: 'default', namespace_id: 'default', path: `default:${name}` }));
    case 'scopes':
      return scopeRows(rc);
    case 'keyspaces':
      return rc.system.keyspaces().map((k) => keyspaceRow(k.name));
    case 'keyspaces_info':
      return rc.system.keyspaces().map((k) => {
        const row: Record<string, Value> = { ...keyspaceRow(k.name), count: k.count };
        // The size costs a pass over the documents: computed only when a statement reads it.
        if (k.size) Object.defineProperty(row, 'size', { enumerable: true, configurable: true, get: k.size });
        return row;
      });
    case 'indexes':
      return rc.system.indexes();
    case 'dual':
      return [null];
    case 'active_requests':
      return rc.system.activeRequests?.() ?? [];
    case 'completed_requests':
      return rc.system.completedRequests?.() ?? [];
    case 'sequences': {
      // One row per sequence, as the reference's FetchSequence builds it (value: this node's current value and `~next_block`).
      const reg = rc.sequenceRegistry;
      return reg ? reg.names().map((n) => reg.row(n, SEQUENCE_NODE) as Value) : [];
    }
    case 'transactions':
      return rc.system.transactions?.() ?? [];
    case 'functions':
      return rc.udf?.rows() ?? [];
    case 'prepareds':
      return rc.system.prepareds?.() ?? [];
    case 'my_user_info':
      return rc.system.myUserInfo?.() ?? [];
    case 'user_info':
      return rc.system.userInfo?.() ?? [];
    case 'applicable_roles':
      return (rc.system.userInfo?.() ?? []).flatMap(applicableRoles);
    case 'group_info':
      return rc.system.groupInfo?.() ?? [];
    case 'nodes':
      return rc.system.nodes?.() ?? [];
    case 'dictionary':
      return rc.system.dictionary?.() ?? [];
    case 'tasks_cache':
      return rc.system.tasksCache?.() ?? [];
  }
}

/** The document key (`META().id`) of a system keyspace's row, where it has one: `default:f` for `system:functions`. */
export function systemKey(keyspace: string, item: Value): string | undefined {
  // A prepared statement's key is its name (the reference's META(p).id).
  if (keyspace === 'prepareds') return typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name : undefined;
  if (keyspace !== 'functions') return undefined;
  const id = (item as { identity?: { namespace?: string; bucket?: string; scope?: string; name?: string } }).identity;
  if (!id) return undefined;
  return id.bucket !== undefined ? `${id.namespace}:${id.bucket}.${id.scope}.${id.name}` : `${id.namespace}:${id.name}`;
}

/**
 * `system:applicable_roles` of one `system:user_info` row: one `{grantee, role, bucket_name?,
 * scope_name?, collection_name?}` per role the user holds (docs "system:applicable_roles").
 */
function applicableRoles(user: Value): Value[] {
  const u = user as { id?: Value; roles?: Value };
  if (!Array.isArray(u.roles)) return [];
  return u.roles.map((r) => {
    const role = (r ?? {}) as Record<string, Value>;
    const out: Record<string, Value> = { grantee: u.id ?? null, role: role.role ?? null };
    for (const k of ['bucket_name', 'scope_name', 'collection_name']) if (role[k] !== undefined) out[k] = role[k]!;
    return out;
  });
}
