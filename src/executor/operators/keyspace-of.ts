import { ErrorCode, QueryError } from '../../errors/index.js';
import type { KeyspaceStore } from '../../storage/index.js';
import { refusingWrites } from '../durability.js';
import type { RunContext } from '../runtime.js';

/**
 * The store keyspace a scan reads or a DML statement writes (whose writes fail when the
 * request's durability level cannot be met, executor/durability.ts).
 * @throws QueryError 12003 when it is gone (dropped since planning)
 */
export function keyspaceOf(rc: RunContext, name: string): KeyspaceStore {
  const ks = rc.store.keyspace(name);
  if (!ks) throw new QueryError({ code: ErrorCode.KEYSPACE_NOT_FOUND, phase: 'execution', message: `Keyspace not found in CB datastore: default:${name}` });
  // The request's durability_level the keyspace's bucket cannot meet: its writes are refused.
  const impossible = rc.durabilityImpossible?.(name);
  return impossible ? refusingWrites(ks, impossible) : ks;
}
