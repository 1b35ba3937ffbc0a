import type { DeleteStatement, Statement } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { buildPlan, type Catalog } from '../planner/index.js';
import type { Value } from '../values/index.js';
import { compileStatement } from './run-statement.js';
import type { RunContext } from './runtime.js';

/** What cancels a running request by its id (the database's RequestRegistry). */
export interface RequestCanceller {
  cancel(requestId: string): boolean;
}

/** `DELETE FROM system:active_requests …`: the one write the system keyspaces take. */
export function isActiveRequestsDelete(s: Statement): s is DeleteStatement {
  return s.kind === 'Delete' && s.keyspace.namespace === 'system' && s.keyspace.path.join('.') === 'active_requests';
}

/**
 * Runs `DELETE FROM system:active_requests [USE KEYS …] [WHERE …] [LIMIT …]` as the reference
 * does (couchbase/query `datastore/system/system_keyspace_active_requests.go` Delete): the rows
 * the clauses select are the requests to cancel, each aborted with 1080 "Request cancelled";
 * `mutationCount` is the number cancelled. RETURNING is not supported.
 */
export async function cancelActiveRequests(s: DeleteStatement, catalog: Catalog, rc: RunContext, requests: RequestCanceller | undefined): Promise<{ results: Value[]; mutationCount: number }> {
  if (s.returning) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'plan', message: 'RETURNING on system:active_requests is not supported', position: s.loc });
  const alias = s.keyspace.alias ?? 'active_requests';
  const select: Statement = {
    kind: 'Select',
    body: {
      kind: 'Subselect',
      distinct: false,
      raw: true,
      projection: [{ kind: 'Term', expr: { kind: 'Field', target: { kind: 'Identifier', name: alias }, name: 'requestId' } }],
      from: { kind: 'KeyspaceTerm', keyspace: { ...s.keyspace, alias }, ...(s.useKeys ? { useKeys: s.useKeys } : {}) },
      ...(s.where ? { where: s.where } : {}),
    },
    ...(s.limit ? { limit: s.limit } : {}),
  };
  const { results: ids } = await compileStatement(buildPlan(select, catalog)).run(rc);
  let n = 0;
  for (const id of ids) if (typeof id === 'string' && requests?.cancel(id)) n++;
  return { results: [], mutationCount: n };
}
