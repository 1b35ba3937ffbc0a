import type { Value } from '../values/index.js';
import type { RunContext } from './runtime.js';

/** The node name `system:sequences` gives this process's cached values under (the reference: the node's UUID). */
const SEQUENCE_NODE = 'tokenql';

/**
 * Rows of the `system:` keyspaces. `system:keyspaces` has one object per keyspace with the
 * reference's fields (`datastore_id`, `id`, `name`, `namespace_id`, `path`); `system:indexes` the
 * index catalogue; `system:namespaces` the one `default` namespace; `system:dual` one empty row;
 * `system:active_requests` / `system:completed_requests` the database's RequestRegistry.
 */
export function systemRows(keyspace: 'keyspaces' | 'indexes' | 'namespaces' | 'dual' | 'active_requests' | 'completed_requests' | 'sequences' | 'transactions' | 'functions', rc: RunContext): Value[] {
  switch (keyspace) {
    case 'keyspaces':
      return rc.system.keyspaces().map((k) => ({
        datastore_id: 'tokenql',
        id: k.name,
        name: k.name,
        namespace_id: 'default',
        path: `default:${k.name}`,
        count: k.count,
      }));
    case 'indexes':
      return rc.system.indexes();
    case 'namespaces':
      return [{ datastore_id: 'tokenql', id: 'default', name: 'default' }];
    case 'dual':
      return [{}];
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
  }
}

/** The document key (`META().id`) of a system keyspace's row, where it has one: `default:f` for `system:functions`. */
export function systemKey(keyspace: string, item: Value): string | undefined {
  if (keyspace !== 'functions') return undefined;
  const id = (item as { identity?: { namespace?: string; bucket?: string; scope?: string; name?: string } }).identity;
  if (!id) return undefined;
  return id.bucket !== undefined ? `${id.namespace}:${id.bucket}.${id.scope}.${id.name}` : `${id.namespace}:${id.name}`;
}
