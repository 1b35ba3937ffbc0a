import { ErrorCode, QueryError } from '../errors/index.js';
import { operators, type Operator } from '../planner/index.js';
import { keyspaceOf } from './operators/keyspace-of.js';
import type { RunContext } from './runtime.js';

/** Most documents a correlated subquery may read with a primary scan (the reference's limit). */
export const CORRELATED_PRIMARY_DOCS = 1000;

/**
 * The reference's guard against a correlated subquery that scans a whole keyspace for every
 * outer row: given a correlated subquery's plan, a check (run before each execution) that
 * raises 5370 "Unable to run subquery - cause: Correlated subquery's keyspace (ALIAS) cannot
 * have more than 1000 documents without appropriate secondary index" when one of its
 * PrimaryScan3 keyspaces holds more than {@link CORRELATED_PRIMARY_DOCS} documents; undefined
 * when the plan has no primary scan. Source: couchbase/query `planner/build_scan.go` (the
 * check made when a correlated subquery is planned; the reference plans subqueries as they run),
 * `errors` E_SUBQUERY_BUILD; the suite's gsi/subqexp case_allow_primary_seqscan_for_corr_subq.json.
 */
export function correlatedPrimaryGuard(plan: Operator): ((rc: RunContext) => void) | undefined {
  const scans: { keyspace: string; alias: string }[] = [];
  for (const op of operators(plan)) {
    if (op['#operator'] === 'PrimaryScan3') scans.push({ keyspace: op.keyspace, alias: op.as ?? op.keyspace });
  }
  if (scans.length === 0) return undefined;
  return (rc) => {
    for (const s of scans) {
      if (keyspaceOf(rc, s.keyspace).count() <= CORRELATED_PRIMARY_DOCS) continue;
      throw new QueryError({
        code: ErrorCode.SUBQUERY_BUILD,
        phase: 'execution',
        message: `Unable to run subquery - cause: Correlated subquery's keyspace (${s.alias}) cannot have more than ${CORRELATED_PRIMARY_DOCS} documents without appropriate secondary index`,
      });
    }
  };
}
