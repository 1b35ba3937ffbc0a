import { ErrorCode, QueryError } from '../../errors/index.js';
import type { KeyspaceStore } from '../../storage/index.js';
import type { RunContext } from '../runtime.js';

/** The store keyspace a scan reads. @throws QueryError 12003 when it is gone (dropped since planning). */
export function keyspaceOf(rc: RunContext, name: string): KeyspaceStore {
  const ks = rc.store.keyspace(name);
  if (!ks) throw new QueryError({ code: ErrorCode.KEYSPACE_NOT_FOUND, phase: 'execution', message: `Keyspace not found in CB datastore: default:${name}` });
  return ks;
}
