import type { Expr } from '../ast/index.js';
import type { IndexInfo } from './catalog.js';
import { formalize } from '../semantic/formalize.js';
import { implies } from './implies.js';
import type { ScanPlan } from './logical-plan.js';
import { containsTokenConjuncts } from './rewrite-contains-token.js';
import { foldConjunct } from './fold-logic.js';
import { conjunctsOf, leadingMissing, sargIndex, type IndexSarg } from './sarg-index.js';

function toScan(s: IndexSarg, servesAll = false): ScanPlan {
  const scan: ScanPlan = { kind: 'IndexScan3', index: s.index.name, indexId: s.index.id, keyspace: s.index.keyspace, spans: s.spans, distinct: s.distinct };
  const arrayKey = s.index.keys.findIndex((k) => !!k.array);
  if (arrayKey >= 0) scan.arrayKey = arrayKey;
  if (servesAll) scan.servesWhere = true;
  if (s.exact) scan.decided = s.used;
  if (s.index.partition) scan.partitionKeys = s.index.partition.map((e) => formalize(e, s.index.alias));
  return scan;
}

function bestSargs(conjuncts: Expr[], indexes: IndexInfo[]): IndexSarg[] {
  const out: IndexSarg[] = [];
  for (const ix of indexes) {
    const s = sargIndex(conjuncts, ix);
    if (s) out.push(s);
  }
  // Equal scores: the index whose name comes first in code unit order (not `localeCompare`, whose
  // order depends on the machine's locale: the same statement would get another plan elsewhere).
  // Whole scans of INCLUDE MISSING indexes: a partial index (whose condition the WHERE implies)
  // holds fewer entries, and is the one the reference scans.
  const partialFirst = (a: IndexSarg, b: IndexSarg) => (a.score <= 0 && b.score <= 0 ? Number(!!b.index.where) - Number(!!a.index.where) : 0);
  return out.sort((a, b) => b.score - a.score || partialFirst(a, b) || (a.index.name < b.index.name ? -1 : a.index.name > b.index.name ? 1 : 0));
}

/** One scan for a list of conjuncts: the best index, or an IntersectScan of exact scans on several ANYs. */
function scanFor(conjuncts: Expr[], indexes: IndexInfo[]): { scan: ScanPlan; score: number } | undefined {
  const rewrites = containsTokenConjuncts(conjuncts, indexes);
  const all = conjuncts.concat(rewrites.map((r) => r.any));
  const sargs = bestSargs(all, indexes);
  const direct = sargs[0];
  // ANY conjuncts served by different array indexes: intersect their scans (spec §10.4,
  // the reference's legacy explain case 3).
  const parts: IndexSarg[] = [];
  for (const c of all) {
    if (c.kind !== 'Collection') continue;
    const s = bestSargs([c], indexes).find((x) => x.distinct);
    if (s && !parts.some((p) => p.index.name === s.index.name)) parts.push(s);
  }
  // Prefer intersecting the selective scans; full-range scans only when there is nothing better.
  const selective = parts.filter((p) => p.score >= 20);
  if (selective.length > 0) parts.splice(0, parts.length, ...selective);
  if (parts.length >= 2) return { scan: { kind: 'IntersectScan', scans: parts.map((p) => toScan(p)) }, score: Math.max(...parts.map((p) => p.score)) + 1 };
  const union = unionFor(conjuncts, indexes);
  // A whole scan (an INCLUDE MISSING index no conjunct constrains) is the last resort.
  if (direct && (!union || (direct.score >= union.score && direct.used.length > 0))) {
    // The spans alone decide the result when they are exact and serve every conjunct
    // (a CONTAINS_TOKEN conjunct through its rewrite), so a LIMIT may be pushed into the scan.
    // A conjunct a partial index's condition implies holds for every entry (`WHERE test_id = "x"`
    // on an index `… WHERE test_id = "x"`).
    const condition = direct.index.where ? conjunctsOf(formalize(direct.index.where, direct.index.alias)) : undefined;
    const served = (c: Expr) =>
      direct.used.includes(c) || rewrites.some((r) => r.origin === c && direct.used.includes(r.any)) || (condition !== undefined && implies(condition, c));
    return { scan: toScan(direct, direct.exact && conjuncts.every(served)), score: direct.score };
  }
  return union;
}

/** An OR conjunct whose every disjunct has a scan → UnionScan of them. */
function unionFor(conjuncts: Expr[], indexes: IndexInfo[]): { scan: ScanPlan; score: number } | undefined {
  let best: { scan: ScanPlan; score: number } | undefined;
  for (const c of conjuncts) {
    if (c.kind !== 'Binary' || c.op !== 'OR') continue;
    const disjuncts = disjunctsOf(c);
    const scans = disjuncts.map((d) => scanFor(conjunctsOf(d), indexes));
    // A disjunct only a whole index scan serves makes the union no better than that scan.
    if (scans.some((s) => !s || (s.score <= 0 && wholeScan(s.scan)))) continue;
    const score = Math.min(...scans.map((s) => s!.score)) - 1;
    // The union alone decides the WHERE when each scan serves its disjunct and its index's
    // condition implies every other conjunct (`test_id = "x" AND (a > 0 OR b > 1)` over two
    // indexes `… WHERE test_id = "x"`).
    const others = conjuncts.filter((o) => o !== c);
    const servesWhere = scans.every((s) => {
      if (s!.scan.kind !== 'IndexScan3' || !s!.scan.servesWhere) return false;
      const ix = indexes.find((i) => i.name === (s!.scan as { index: string }).index);
      const condition = ix?.where ? conjunctsOf(formalize(ix.where, ix.alias)) : [];
      return others.every((o) => implies(condition, o));
    });
    if (!best || score > best.score) best = { scan: sameIndexSpans(scans.map((s) => s!.scan), indexes) ?? { kind: 'UnionScan', scans: scans.map((s) => s!.scan), ...(servesWhere ? { servesWhere } : {}) }, score };
  }
  return best;
}

/**
 * The scans of an OR's disjuncts that all read one INCLUDE MISSING index as one IndexScan3 with
 * their spans (a document in several spans is returned once), as the reference plans `fname =
 * 'x' OR lname = 'y'` on `(fname INCLUDE MISSING, lname, …)`; the Filter then checks the whole
 * WHERE. Undefined otherwise.
 */
function sameIndexSpans(scans: ScanPlan[], indexes: IndexInfo[]): ScanPlan | undefined {
  const first = scans[0];
  if (first?.kind !== 'IndexScan3' || first.distinct || first.arrayKey !== undefined) return undefined;
  const index = indexes.find((ix) => ix.name === first.index);
  if (!index || !leadingMissing(index)) return undefined;
  if (!scans.every((s) => s.kind === 'IndexScan3' && s.index === first.index && !s.distinct)) return undefined;
  const spans = scans.flatMap((s) => (s.kind === 'IndexScan3' ? s.spans : []));
  return { kind: 'IndexScan3', index: first.index, indexId: first.indexId, keyspace: first.keyspace, spans, distinct: false };
}

function disjunctsOf(e: Expr): Expr[] {
  return e.kind === 'Binary' && e.op === 'OR' ? [...disjunctsOf(e.left), ...disjunctsOf(e.right)] : [e];
}

/**
 * Chooses how to scan a keyspace for a WHERE clause: an IndexScan3 on the best sargable online
 * index (partial indexes only when the WHERE implies their condition), an IntersectScan of
 * exact token-index scans for several ANYs, a UnionScan for an OR of sargable terms, or
 * undefined (the caller falls back to the primary / sequential scan). An index whose leading key
 * is `INCLUDE MISSING` holds every document its WHERE admits, so it may serve a query with no
 * WHERE or no conjunct on that key (the whole leading range, later keys still filtering); when
 * none of its keys is sargable, an online primary index is preferred, as the reference does
 * (its suite's `gsi-lkmissing` plans). `bound` are names that
 * are not fields of the keyspace (UNNEST aliases, LET variables, and in a correlated subquery
 * every name the enclosing queries bind: outer aliases, LET, UNNEST and ANY variables).
 */
export function chooseScan(where: Expr | undefined, alias: string, indexes: IndexInfo[], bound: ReadonlySet<string> = new Set()): ScanPlan | undefined {
  // Without a WHERE only an index with an INCLUDE MISSING leading key can serve (it holds every document).
  if (!where && !indexes.some(leadingMissing)) return undefined;
  // Boolean constants folded away (`false OR c2 = false` sargs c2).
  const conjuncts = where ? conjunctsOf(formalize(where, alias, bound)).flatMap(foldConjunct) : [];
  const usable = indexes.filter((ix) => ix.state === 'online' && !ix.isPrimary && (!ix.where || implies(conjuncts, formalize(ix.where, ix.alias))));
  if (usable.length === 0) return undefined;
  const chosen = scanFor(conjuncts, usable);
  // A whole scan of an INCLUDE MISSING index (no key of it sargable) only stands in for a
  // primary index the keyspace lacks: with an online one the reference scans the primary index.
  if (chosen && chosen.score <= 0 && wholeScan(chosen.scan) && indexes.some((ix) => ix.isPrimary && ix.state === 'online')) return undefined;
  return chosen?.scan;
}

/** True if the scan reads an index from end to end (one span of whole ranges). */
function wholeScan(scan: ScanPlan): boolean {
  return scan.kind === 'IndexScan3' && scan.spans.length === 1 && scan.spans[0].ranges.every((r) => r.low === undefined && r.high === undefined);
}
