/**
 * The advisor's view of one keyspace of a statement: its formalized WHERE conjuncts and what
 * the statement reads of its documents (projection, ORDER BY, GROUP BY, aggregates), from
 * which the index and covering index recommendations are built (advise-keyspace.ts).
 */
import type { Expr, OrderTerm, ResultTerm, Statement, Subselect } from '../../ast/index.js';
import { formalize } from '../../semantic/formalize.js';
import { keyspaceName, keyspaceAlias } from '../catalog.js';
import { conjunctsOf } from '../sarg-index.js';
import { mergeBlocks, selectJoinBlocks } from './join-blocks.js';
import { unnestKey } from './unnest-key.js';
import { keyText } from './key-text.js';
import { someExpr } from '../../ast/index.js';

/** One keyspace to advise on. */
export interface AdviseBlock {
  /** The keyspace's name (`shellTest`). */
  keyspace: string;
  /** `keyspace_alias` of the answer: the name, or `name_alias` when the statement names an alias. */
  aliasText: string;
  /** Formalized WHERE conjuncts. */
  conjuncts: Expr[];
  /** What the statement reads of the document besides WHERE; undefined when it reads whole documents (no covering index). */
  reads?: { projection: Expr[]; order: { expr: Expr; desc: boolean }[]; group: Expr[]; aggregates: boolean; where?: Expr[] };
  limit: boolean;
  offset: boolean;
  /** The keyspace's side of the equi-join conjuncts of the join it is the inner side of (formalized). */
  joinKeys?: { expr: Expr; type: 6 | 9 }[];
  /** Join conjuncts that name this keyspace and others (formalized; other aliases stay identifiers). */
  joinPaths?: Expr[];
  /** The leading array key of the keyspace's UNNESTs (unnest-key.ts). */
  unnestKey?: { text: string; name: string; covered: string[]; inexact: boolean };
  /** The projection's expressions (formalized), for an index led by what the statement reads. */
  projected?: Expr[];
  /** The conjuncts are one group of a disjunction's branches with a common key. */
  orGroup?: boolean;
  /** Answered as without `use_cbo` (the reference's cost-based advisor skips it). */
  noCbo?: boolean;
}

/** The blocks of a statement the advisor handles; undefined for a shape it does not read. */
export function adviseBlocks(s: Statement): AdviseBlock[] | undefined {
  switch (s.kind) {
    case 'Select': {
      if (s.body.kind !== 'Subselect' || s.with) return undefined;
      const b = s.body;
      if (b.from?.kind === 'ExpressionTerm' && b.from.expr.kind === 'Subquery' && !b.where) return adviseBlocks(b.from.expr.query);
      if (b.from?.kind === 'JoinTerm' && !b.let) return selectJoinBlocks(b, s.orderBy, { limit: s.limit !== undefined, offset: s.offset !== undefined });
      // UNNESTs of the keyspace (inner ones): their aliases stay names, their paths lead an array key.
      const levels: { alias: string; expr: Expr }[] = [];
      let from = b.from;
      while (from?.kind === 'UnnestTerm' && !from.outer && from.alias) {
        levels.unshift({ alias: from.alias, expr: from.expr });
        from = from.left;
      }
      if (from?.kind !== 'KeyspaceTerm' || from.useKeys || b.let) return undefined;
      const ref = from.keyspace;
      const alias = keyspaceAlias(ref);
      const bound = new Set(levels.map((l) => l.alias));
      const f = (e: Expr) => formalize(e, alias, bound);
      if (levels.length) {
        const conjuncts = b.where ? conjunctsOf(f(b.where)) : [];
        const key = unnestKey(levels.map((l) => ({ alias: l.alias, expr: f(l.expr) })), conjuncts);
        if (!key) return undefined;
        // Reads of the UNNEST aliases must be what the array key holds.
        const named = (e: Expr) => someExpr(e, (x) => x.kind === 'Identifier' && bound.has(x.name)) && !key.covered.includes(keyText(e));
        const reads = selectReads(b, s.orderBy, f);
        if (reads) reads.where = key.extras;
        return [
          {
            keyspace: keyspaceName(ref),
            aliasText: ref.alias ? `${keyspaceName(ref)}_${ref.alias}` : keyspaceName(ref),
            conjuncts: conjuncts.filter((c) => !key.used.includes(c)),
            unnestKey: { text: key.text, name: key.name, covered: key.covered, inexact: key.inexact },
            reads: key.coverable && reads && ![...reads.projection, ...reads.order.map((o) => o.expr), ...reads.group].some(named) ? reads : undefined,
            limit: false,
            offset: false,
          },
        ];
      }
      return [
        {
          keyspace: keyspaceName(ref),
          aliasText: ref.alias ? `${keyspaceName(ref)}_${ref.alias}` : keyspaceName(ref),
          conjuncts: b.where ? conjunctsOf(f(b.where)) : [],
          reads: selectReads(b, s.orderBy, f),
          projected: b.projection.flatMap((t) => (t.kind === 'Term' ? [f(t.expr)] : [])),
          limit: s.limit !== undefined,
          offset: s.offset !== undefined,
        },
      ];
    }
    case 'Delete':
    case 'Update': {
      if (s.useKeys || s.let) return undefined;
      const alias = keyspaceAlias(s.keyspace);
      const f = (e: Expr) => formalize(e, alias);
      return [
        {
          keyspace: keyspaceName(s.keyspace),
          aliasText: s.keyspace.alias ? `${keyspaceName(s.keyspace)}_${s.keyspace.alias}` : keyspaceName(s.keyspace),
          conjuncts: s.where ? conjunctsOf(f(s.where)) : [],
          // DELETE reads only the document keys (a covering index can serve it); UPDATE whole documents.
          reads: s.kind === 'Delete' && !s.returning ? { projection: [], order: [], group: [], aggregates: false } : undefined,
          limit: false,
          offset: false,
        },
      ];
    }
    case 'Merge':
      return mergeBlocks(s);
    default:
      return undefined;
  }
}

function selectReads(b: Subselect, orderBy: OrderTerm[] | undefined, f: (e: Expr) => Expr): AdviseBlock['reads'] {
  const projection: Expr[] = [];
  for (const t of b.projection as ResultTerm[]) {
    if (t.kind !== 'Term') return undefined;
    projection.push(f(t.expr));
  }
  return {
    projection,
    order: (orderBy ?? []).map((o) => ({ expr: f(o.expr), desc: o.desc })),
    group: (b.groupBy?.keys ?? []).map((k) => f(k.expr)),
    aggregates: false,
  };
}
