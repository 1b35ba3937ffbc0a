import { ErrorCode, QueryError } from '../errors/index.js';
import { compileExpr, rootEnv, type Env, type Evaluator, type Scope } from '../eval/index.js';
import type { ScanPlan } from '../planner/plan.js';
import type { KeyRange } from '../storage/index.js';
import type { RunContext } from './runtime.js';
import type { Value } from '../values/index.js';

/**
 * A compiled scan: the document keys it selects, in index order, without duplicates.
 * `scalarBounds(rc)` tells whether every span bound taken from the query evaluates to a plain
 * string, number or boolean (then exact spans select exactly the rows the predicate accepts).
 * An IndexScan3 stops after `limit` documents, calls `onEntry` with each document's first entry,
 * and, given `accept`, selects only the documents it accepts (the live ones), which alone count
 * towards the limit; `accept` and `onEntry` must not change the index (it is being walked).
 * An IntersectScan or UnionScan takes neither (no limit is pushed into them).
 */
export type CompiledScan = ((rc: RunContext, limit?: number, onEntry?: (id: string, key: Value[]) => void, accept?: (id: string) => boolean, env?: Env) => string[]) & {
  scalarBounds: (rc: RunContext, env?: Env) => boolean;
};

interface CompiledRange {
  low?: Evaluator;
  high?: Evaluator;
  inclusion: 0 | 1 | 2 | 3;
}

/**
 * Compiles an index scan plan. IndexScan3 walks the spans of an online index in key order
 * (DistinctScan semantics: each document once); IntersectScan keeps the documents every scan
 * selects; UnionScan those any scan selects. Span bounds are evaluated once per execution
 * (they may be parameters). Raises 12016 if the index is gone.
 * Source: couchbase/query `execution/{index_scan3,distinct_scan,intersect_scan,union_scan}.go`.
 */
export function compileScan(scan: ScanPlan, scope: Scope): CompiledScan {
  if (scan.kind === 'IntersectScan' || scan.kind === 'UnionScan') {
    const parts = scan.scans.map((s) => compileScan(s, scope));
    const never = () => false;
    if (scan.kind === 'UnionScan') {
      return Object.assign(
        (rc: RunContext) => {
          const seen = new Set<string>();
          for (const p of parts) for (const id of p(rc)) seen.add(id);
          return [...seen];
        },
        { scalarBounds: never },
      );
    }
    return Object.assign(
      (rc: RunContext) => {
        const [first, ...rest] = parts.map((p) => p(rc));
        const sets = rest.map((ids) => new Set(ids));
        return first.filter((id) => sets.every((s) => s.has(id)));
      },
      { scalarBounds: never },
    );
  }
  const spans = scan.spans.map((sp) =>
    sp.ranges.map(
      (r): CompiledRange => ({
        low: r.low ? compileExpr(r.low, scope) : undefined,
        high: r.high ? compileExpr(r.high, scope) : undefined,
        inclusion: r.inclusion,
      }),
    ),
  );
  const userBounds: Evaluator[] = [];
  scan.spans.forEach((sp, i) =>
    sp.ranges.forEach((r, j) => {
      if (!r.user) return;
      if (spans[i][j].low) userBounds.push(spans[i][j].low!);
      if (spans[i][j].high) userBounds.push(spans[i][j].high!);
    }),
  );
  const scalarBounds = (rc: RunContext, outer?: Env): boolean => {
    const env = outer ?? rootEnv();
    return userBounds.every((b) => {
      const v = b(env, rc);
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
    });
  };
  const run = (rc: RunContext, limit?: number, onEntry?: (id: string, key: Value[]) => void, accept?: (id: string) => boolean, outer?: Env): string[] => {
    const tree = rc.indexTree(scan.keyspace, scan.index);
    if (!tree) {
      throw new QueryError({ code: ErrorCode.INDEX_NOT_FOUND, phase: 'execution', message: `Index Not Found - cause: GSI index ${scan.index} not found.` });
    }
    // Span bounds may read the outer row of a nested-loop join (its values bound the inner scan).
    const env = outer ?? rootEnv();
    const seen = new Set<string>();
    const max = limit ?? Infinity;
    for (const span of spans) {
      const ranges: KeyRange[] = span.map((r) => ({ low: r.low?.(env, rc), high: r.high?.(env, rc), inclusion: r.inclusion }));
      tree.scan(ranges, (key, docs) => {
        for (const id of docs) {
          if (seen.has(id) || (accept && !accept(id))) continue;
          onEntry?.(id, key);
          seen.add(id);
          if (seen.size >= max) return false;
        }
        return true;
      });
      if (seen.size >= max) break;
    }
    return [...seen];
  };
  return Object.assign(run, { scalarBounds });
}
