import type { KeyspaceRef } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';

export type { IndexInfo } from '../catalog/index.js';
import type { IndexInfo } from '../catalog/index.js';

/** What the planner needs to know about the store. */
export interface Catalog {
  hasKeyspace(name: string): boolean;
  /** The indexes of a keyspace (every state); none when omitted. */
  indexes?(keyspace: string): IndexInfo[];
  /** Adds a warning to the statement's warnings (planner advice, e.g. token options that miss an index). */
  warn?(message: string): void;
}

/** The default namespace (the reference's `default`). */
export const DEFAULT_NAMESPACE = 'default';

/** Virtual keyspaces of the `system` namespace that can be queried. */
export const SYSTEM_KEYSPACES = [
  'keyspaces', 'indexes', 'namespaces', 'dual', 'active_requests', 'completed_requests',
  'datastores', 'buckets', 'scopes', 'keyspaces_info', 'prepareds', 'my_user_info', 'user_info', 'applicable_roles', 'nodes', 'dictionary',
  'sequences', 'transactions', 'functions', 'tasks_cache', 'group_info',
] as const;
export type SystemKeyspace = (typeof SYSTEM_KEYSPACES)[number];

/**
 * The store keyspace a reference names: `bucket` → `bucket`; `bucket._default._default` →
 * `bucket`; other `bucket.scope.collection` paths keep their dotted name.
 */
export function keyspaceName(ref: KeyspaceRef): string {
  const p = ref.path;
  if (p.length === 3 && p[1] === '_default' && p[2] === '_default') return p[0];
  return p.join('.');
}

export { keyspaceAlias } from '../ast/index.js';

/** Resolves a keyspace reference or raises 12003 "Keyspace not found". */
export function resolveKeyspace(ref: KeyspaceRef, catalog: Catalog): { name: string; namespace: string; system?: SystemKeyspace } {
  const namespace = ref.namespace ?? DEFAULT_NAMESPACE;
  if (namespace === 'system') {
    const name = ref.path.join('.');
    if ((SYSTEM_KEYSPACES as readonly string[]).includes(name)) return { name, namespace, system: name as SystemKeyspace };
  } else if (namespace === DEFAULT_NAMESPACE) {
    const name = keyspaceName(ref);
    if (catalog.hasKeyspace(name)) return { name, namespace };
  }
  const shown = `${namespace}:${ref.path.join('.')}`;
  throw new QueryError({
    code: ErrorCode.KEYSPACE_NOT_FOUND,
    phase: 'plan',
    message: `Keyspace not found in CB datastore: ${shown}`,
    position: ref.loc,
  });
}

/** The primary scan of a keyspace: its online primary index, else the implicit sequential scan. */
/** The id of the keyspace's online primary index, or undefined (the sequential scan). */
export function primaryIndexId(catalog: Catalog, keyspace: string): string | undefined {
  return catalog.indexes?.(keyspace).find((i) => i.isPrimary && i.state === 'online')?.id;
}

export function primaryIndexName(catalog: Catalog, keyspace: string): string {
  const p = catalog.indexes?.(keyspace).find((i) => i.isPrimary && i.state === 'online');
  return p ? p.name : '#sequentialscan';
}
