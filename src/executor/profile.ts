import type { RunOperator } from './operator-context.js';
import type { RowStream } from './runtime.js';
import { sourceOf, withSource } from './stream-source.js';

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
  IndexCountDistinctScan2: 'indexCountScan',
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

/** The phases whose rows are documents or index entries read from a keyspace (QueryOptions.progress). */
const SCAN_PHASES = new Set(['primaryScan', 'indexScan', 'keyScan']);

/**
 * Wraps a running operator so that, when the request profiles (`rc.profile`), the rows it
 * emits are counted under its phase (`phaseCounts`) and its runs under `phaseOperators`; and,
 * when the request counts its progress (`rc.progress`), a scan's rows are added to `scanned` as
 * they come. Otherwise the operator runs unwrapped.
 */
export function withProfile(name: string, run: RunOperator): RunOperator {
  const phase = phaseOf(name);
  if (!phase) return run;
  const scan = SCAN_PHASES.has(phase);
  return (input, outer, rc) => {
    const progress = scan ? rc.progress : undefined;
    if (!rc.profile && !progress) return run(input, outer, rc);
    let stats: { inDocs: number; outDocs: number; time: number; operators?: number } | undefined;
    if (rc.profile) {
      stats = rc.profile.get(phase) ?? { inDocs: 0, outDocs: 0, time: 0, operators: 0 };
      stats.operators = (stats.operators ?? 0) + 1;
      rc.profile.set(phase, stats);
    }
    const inner = run(input, outer, rc);
    const counted = (function* (): RowStream {
      for (const batch of inner) {
        if (stats) stats.outDocs += batch.length;
        if (progress) progress.scanned += batch.length;
        yield batch;
      }
    })();
    // Counting progress alone keeps what the scan's stream is (stream-source.ts): an Order that
    // reads the keyspace instead of the rows counts the documents it reads itself (scan-top-k.ts).
    const source = stats ? undefined : sourceOf(inner);
    return source ? withSource(counted, source) : counted;
  };
}
