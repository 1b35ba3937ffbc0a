import type { Catalog } from './catalog.js';
import { formalize, outerBound } from '../semantic/formalize.js';
import { implies } from './implies.js';
import type { ScanPlan, SelectPlan } from './logical-plan.js';
import { conjunctsOf, sargIndex, type IndexSarg } from './sarg-index.js';
import { orderedSpans } from './ordered-spans.js';
import { orderServedBy } from './order-pushdown.js';

/** The logical IndexScan3 of one index's sarg (as choose-scan.ts makes it). */
function scanOf(s: IndexSarg): ScanPlan {
  return { kind: 'IndexScan3', index: s.index.name, indexId: s.index.id, keyspace: s.index.keyspace, spans: s.spans, distinct: false, ...(s.exact ? { decided: s.used } : {}) };
}

/** True if every conjunct of `a` is one of `b`'s. */
const subset = (a: readonly unknown[], b: readonly unknown[]) => a.every((x) => b.includes(x));

/**
 * An IntersectScan for a block whose chosen index scan neither covers nor serves every
 * sargable WHERE conjunct, when other indexes serve the rest (`c0 = 1 AND c10 >= 50` over an
 * index on c0 and one on c10): the documents every scan selects, as the reference's planner
 * intersects the sargable indexes that no other one supersedes when none covers (couchbase/query
 * planner/build_select_scan.go `minimalIndexes` / `buildSecondaryScan`, simplified: an index
 * whose sargable conjuncts another chosen index's include is left out). Only for one keyspace
 * without joins, UNNEST, index hints or pushed ORDER BY / LIMIT, over scalar indexes (online,
 * their condition implied by the WHERE); the chosen scan stays first. The Filter still
 * evaluates the WHERE, so the rows are the same. When one of the indexes serves the ORDER BY
 * (order-pushdown.ts `orderServedBy`, its spans in order) its scan goes first and the
 * intersection keeps its order: an OrderedIntersectScan, without Order (nor a pushed LIMIT).
 */
export function applyIntersectScan(plan: SelectPlan, catalog: Catalog, outerNames: ReadonlySet<string> = new Set()): void {
  const b = plan.body;
  if (b.kind !== 'Subselect' || !b.where || b.steps.length || b.orderServed || b.groupOrder) return;
  const src = b.source;
  if (src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3' || src.coverPaths || src.scan.distinct || src.scan.limit || src.scan.offset) return;
  const from = b.ast.from;
  if (b.ast.hints?.length || (from && 'useIndex' in from && from.useIndex?.length)) return;
  const chosenName = src.scan.index;
  const bound = new Set([...outerBound(outerNames, src.alias), ...(b.let ?? []).map((l) => l.name)]);
  const conjuncts = conjunctsOf(formalize(b.where, src.alias, bound));
  const indexes = (catalog.indexes?.(src.keyspace) ?? []).filter(
    (ix) => ix.state === 'online' && !ix.isPrimary && !ix.keys.some((k) => k.array) && (!ix.where || implies(conjuncts, formalize(ix.where, ix.alias))),
  );
  const sargs = indexes.flatMap((ix) => {
    const s = sargIndex(conjuncts, ix);
    return s && s.used.length ? [s] : [];
  });
  const chosen = sargs.find((s) => s.index.name === chosenName);
  if (!chosen) return;
  const picked: IndexSarg[] = [chosen];
  const rest = sargs.filter((s) => s !== chosen).sort((x, y) => y.score - x.score || (x.index.name < y.index.name ? -1 : 1));
  for (const s of rest) if (!picked.some((p) => subset(s.used, p.used))) picked.push(s);
  if (picked.length < 2) return;
  const scans = [src.scan, ...picked.slice(1).map(scanOf)];
  // An intersected index whose order is the ORDER BY's goes first: its order is the output's
  // (OrderedIntersectScan), and no Order follows. Not for grouped or DISTINCT blocks.
  const ordering = plan.orderBy?.length && !b.group && !b.distinct && !b.let?.length
    ? picked.findIndex((s) => orderedSpans(s.spans.map((sp) => sp.ranges), s.index.keys[0]?.desc) && orderServedBy(plan, s.index, src.alias))
    : -1;
  if (ordering >= 0) {
    const [first] = scans.splice(ordering, 1);
    if (first.kind === 'IndexScan3') first.indexOrder = plan.orderBy!.map((_o, i) => ({ keypos: i, ...(picked[ordering]!.index.keys[i]!.desc ? { desc: true } : {}) }));
    scans.unshift(first!);
    b.orderServed = true;
  }
  src.scan = { kind: 'IntersectScan', scans, ...(ordering >= 0 ? { ordered: true } : {}) };
}
