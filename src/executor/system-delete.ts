import type { DeleteStatement, Statement } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { buildPlan, type Catalog } from '../planner/index.js';
import type { Value } from '../values/index.js';
import { compileStatement } from './run-statement.js';
import type { RunContext } from './runtime.js';

/** What the system keyspaces that take DELETE act on (the database's registries). */
export interface SystemDeleteTargets {
  /** Running and completed requests: `cancel` aborts a running one, `forget` drops a completed one. */
  requests?: { cancel(requestId: string): boolean; forget(requestId: string): boolean };
  /** The prepared statements the caller sees, by name. */
  prepared?: { remove(name: string): boolean };
}

/**
 * The system keyspaces DELETE acts on, and the field of their rows that identifies one
 * (couchbase/query `datastore/system/system_keyspace_{active_requests,completed_requests,prepareds}.go`
 * Delete): active requests are cancelled, completed requests and prepared statements dropped.
 */
const DELETABLE: Record<string, string> = { active_requests: 'requestId', completed_requests: 'requestId', prepareds: 'name' };

/** `DELETE FROM system:active_requests | completed_requests | prepareds …`: the writes the system keyspaces take. */
export function isSystemDelete(s: Statement): s is DeleteStatement {
  return s.kind === 'Delete' && s.keyspace.namespace === 'system' && s.keyspace.path.length === 1 && s.keyspace.path[0]! in DELETABLE;
}

/**
 * Runs `DELETE FROM system:<keyspace> [USE KEYS …] [WHERE …] [LIMIT …]`: the rows the clauses
 * select (planned as a SELECT of their identifying field) are cancelled (active requests, each
 * aborted with 1080 "Request cancelled") or removed (completed requests, prepared statements);
 * `mutationCount` is how many. RETURNING is not supported.
 */
export async function runSystemDelete(s: DeleteStatement, catalog: Catalog, rc: RunContext, targets: SystemDeleteTargets): Promise<{ results: Value[]; mutationCount: number }> {
  const keyspace = s.keyspace.path[0]!;
  if (s.returning) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'plan', message: `RETURNING on system:${keyspace} is not supported`, position: s.loc });
  const alias = s.keyspace.alias ?? keyspace;
  const field = DELETABLE[keyspace]!;
  const select: Statement = {
    kind: 'Select',
    body: {
      kind: 'Subselect',
      distinct: false,
      raw: true,
      projection: [{ kind: 'Term', expr: { kind: 'Field', target: { kind: 'Identifier', name: alias }, name: field } }],
      from: { kind: 'KeyspaceTerm', keyspace: { ...s.keyspace, alias }, ...(s.useKeys ? { useKeys: s.useKeys } : {}) },
      ...(s.where ? { where: s.where } : {}),
    },
    ...(s.limit ? { limit: s.limit } : {}),
  };
  const { results: ids } = await compileStatement(buildPlan(select, catalog)).run(rc);
  const act = (id: string): boolean => {
    switch (keyspace) {
      case 'active_requests':
        return targets.requests?.cancel(id) ?? false;
      case 'completed_requests':
        return targets.requests?.forget(id) ?? false;
      default:
        return targets.prepared?.remove(id) ?? false;
    }
  };
  let n = 0;
  for (const id of ids) if (typeof id === 'string' && act(id)) n++;
  return { results: [], mutationCount: n };
}
