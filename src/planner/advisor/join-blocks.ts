/**
 * Advisor blocks of a statement over several keyspaces: ANSI JOINs and MERGE (couchbase/query
 * `planner/build_advise_ee.go`; the suite's `gsi/advise` answers). Each keyspace is advised on
 * the conjuncts (of WHERE and every ON) that name it alone; the inner keyspace of a join is
 * also advised on its side of each equi-join conjunct (`a1.c11 = a2.c21` → key `c21` of `a2`,
 * "9. non-static join predicate").
 */
import type { Expr, KeyspaceRef, KeyspaceTerm, MergeStatement, OrderTerm, ResultTerm, Subselect } from '../../ast/index.js';
import { childrenOf, someExpr } from '../../ast/index.js';
import { formalize, KS } from '../../semantic/formalize.js';
import { keyspaceAlias, keyspaceName } from '../catalog.js';
import { conjunctsOf } from '../sarg-index.js';
import type { AdviseBlock } from './block.js';

interface Term {
  ref?: KeyspaceRef;
  alias: string;
  /** The inner side of a join (or MERGE's target): join conjuncts give it keys. */
  inner: boolean;
}

/** The aliases an expression names. */
function aliasesOf(e: Expr, aliases: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  someExpr(e, (x) => {
    if (x.kind === 'Identifier' && aliases.has(x.name)) out.add(x.name);
    return false;
  });
  return out;
}

const only = (s: Set<string>, a: string): boolean => s.size === 1 && s.has(a);

/** The document paths of the keyspace (`KS`) in a formalized expression. */
function ksPaths(e: Expr, out: Expr[]): Expr[] {
  let root: Expr = e;
  while (root.kind === 'Field' || root.kind === 'Element' || root.kind === 'Slice') root = root.target;
  if (root !== e && root.kind === 'Identifier' && root.name === KS) {
    out.push(e);
    return out;
  }
  for (const c of childrenOf(e)) ksPaths(c, out);
  return out;
}

function blocksOf(
  terms: Term[],
  conjuncts: Expr[],
  reads: { projection: ResultTerm[]; order: OrderTerm[]; group: Expr[] } | undefined,
  limit: { limit: boolean; offset: boolean },
): AdviseBlock[] {
  const aliases = new Set(terms.map((t) => t.alias));
  const out: AdviseBlock[] = [];
  for (const t of terms) {
    if (!t.ref) continue;
    const others = new Set([...aliases].filter((a) => a !== t.alias));
    const f = (e: Expr) => formalize(e, t.alias, others);
    const local: Expr[] = [];
    const joinKeys: Expr[] = [];
    const joinPaths: Expr[] = [];
    for (const c of conjuncts) {
      const names = aliasesOf(c, aliases);
      if (only(names, t.alias)) local.push(f(c));
      else if (names.has(t.alias)) {
        joinPaths.push(...ksPaths(f(c), []));
        if (c.kind === 'Binary' && c.op === '=') {
          const [l, r] = [aliasesOf(c.left, aliases), aliasesOf(c.right, aliases)];
          if (only(l, t.alias) && r.size && !r.has(t.alias)) joinKeys.push(f(c.left));
          else if (only(r, t.alias) && l.size && !l.has(t.alias)) joinKeys.push(f(c.right));
        }
      }
    }
    // The outer side of a join with no filter of its own: the join conjuncts' NOT NULL it derives.
    const derived = !t.inner && local.length === 0;
    if (!t.inner && !derived) joinKeys.length = 0;
    let blockReads: AdviseBlock['reads'];
    if (reads && !reads.projection.some((p) => p.kind === 'Star' || (p.kind === 'PathStar' && aliasesOf(p.expr, aliases).has(t.alias)))) {
      const mine = (e: Expr) => only(aliasesOf(e, aliases), t.alias);
      blockReads = {
        projection: [...reads.projection.flatMap((p) => (p.kind === 'Term' && mine(p.expr) ? [f(p.expr)] : [])), ...joinPaths],
        order: reads.order.filter((o) => mine(o.expr)).map((o) => ({ expr: f(o.expr), desc: o.desc })),
        group: reads.group.filter(mine).map(f),
        aggregates: false,
      };
    }
    out.push({
      keyspace: keyspaceName(t.ref),
      aliasText: t.ref.alias ? `${keyspaceName(t.ref)}_${t.ref.alias}` : keyspaceName(t.ref),
      conjuncts: local,
      joinKeys: joinKeys.map((expr) => ({ expr, type: derived ? 6 : 9 })),
      joinPaths,
      reads: blockReads,
      ...limit,
    });
  }
  return out;
}

/** The blocks of a SELECT whose FROM is a chain of ANSI JOINs; undefined for other shapes. */
export function selectJoinBlocks(b: Subselect, orderBy: OrderTerm[] | undefined, limit: { limit: boolean; offset: boolean }): AdviseBlock[] | undefined {
  const terms: Term[] = [];
  const conjuncts: Expr[] = b.where ? conjunctsOf(b.where) : [];
  let from = b.from;
  const joins: Term[] = [];
  while (from && from.kind === 'JoinTerm') {
    if (!from.on || from.nest || from.type !== 'INNER' || from.right.kind !== 'KeyspaceTerm') return undefined;
    joins.unshift({ ref: from.right.keyspace, alias: keyspaceAlias(from.right.keyspace), inner: true });
    conjuncts.push(...conjunctsOf(from.on));
    from = from.left;
  }
  if (!from || from.kind !== 'KeyspaceTerm' || joins.length === 0) return undefined;
  terms.push({ ref: from.keyspace, alias: keyspaceAlias(from.keyspace), inner: false }, ...joins);
  // A LIMIT is no pushdown through a join.
  return blocksOf(terms, conjuncts, { projection: b.projection, order: orderBy ?? [], group: (b.groupBy?.keys ?? []).map((k) => k.expr) }, { limit: false, offset: false && limit.offset });
}

/** The blocks of a MERGE: its source (when a keyspace), then its target (the join's inner side). */
export function mergeBlocks(s: MergeStatement): AdviseBlock[] | undefined {
  if (!s.on) return undefined;
  const src: Term =
    s.source.kind === 'KeyspaceTerm'
      ? { ref: (s.source as KeyspaceTerm).keyspace, alias: keyspaceAlias((s.source as KeyspaceTerm).keyspace), inner: false }
      : { alias: s.source.alias ?? '', inner: false };
  const tgt: Term = { ref: s.target.keyspace, alias: keyspaceAlias(s.target.keyspace), inner: true };
  const blocks = blocksOf([src, tgt], conjunctsOf(s.on), undefined, { limit: false, offset: false });
  // A MERGE from an expression is answered by the rule-based advisor even with use_cbo.
  return src.ref ? blocks : blocks.map((x) => ({ ...x, noCbo: true }));
}
