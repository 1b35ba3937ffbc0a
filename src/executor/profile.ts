import type { RunOperator } from './operator-context.js';
import type { RowStream } from './runtime.js';

/**
 * The reference's profiling phase of each operator (couchbase/query `execution/base.go`
 * phase names as `profile=phases` reports them in `phaseCounts` / `phaseOperators`), or
 * undefined for operators the reference does not count.
 */
const PHASES: Record<string, string> = {
  PrimaryScan3: 'primaryScan',
  PrimaryScan: 'primaryScan',
  IndexScan3: 'indexScan',
  IndexCountScan2: 'indexCountScan',
  KeyScan: 'keyScan',
  ExpressionScan: 'exprScan',
  Fetch: 'fetch',
  Filter: 'filter',
  Unnest: 'unnest',
  InitialGroup: 'group',
  Order: 'sort',
  InitialProject: 'project',
  SendInsert: 'insert',
  SendUpsert: 'upsert',
  SendUpdate: 'update',
  SendDelete: 'delete',
};

/** The profiling phase of an operator, or undefined. */
export function phaseOf(name: string): string | undefined {
  return PHASES[name];
}

/**
 * Wraps a running operator so that, when the request profiles (`rc.profile`), the rows it
 * emits are counted under its phase (`phaseCounts`) and its runs under `phaseOperators`.
 * Without profiling the operator runs unwrapped.
 */
export function withProfile(name: string, run: RunOperator): RunOperator {
  const phase = phaseOf(name);
  if (!phase) return run;
  return (input, outer, rc) => {
    if (!rc.profile) return run(input, outer, rc);
    const stats = rc.profile.get(phase) ?? { inDocs: 0, outDocs: 0, time: 0, operators: 0 };
    stats.operators = (stats.operators ?? 0) + 1;
    rc.profile.set(phase, stats);
    return (function* (): RowStream {
      for (const batch of run(input, outer, rc)) {
        stats.outDocs += batch.length;
        yield batch;
      }
    })();
  };
}
