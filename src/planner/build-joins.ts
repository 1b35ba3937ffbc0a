import type { Expr, ExpressionTerm, FromTerm, JoinTerm, KeyspaceTerm, SelectStatement } from '../ast/index.js';
import { implicitName, someExpr } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { lookupFunction } from '../eval/functions/registry.js';
import { keyspaceAlias, primaryIndexName, resolveKeyspace, type Catalog } from './catalog.js';
import { chooseScan } from './choose-scan.js';
import { formalize } from '../semantic/formalize.js';
import type { BlockHints } from './hints.js';
import { equiPairs } from './join-keys.js';
import type { FromStepPlan, JoinPlan, ScanPlan, SelectPlan, SourcePlan } from './logical-plan.js';
import { conjunctsOf } from './sarg-index.js';
import { int64Replacer, jsonCopy } from '../values/index.js';

/** A FROM clause as its first term and the UNNEST / JOIN / NEST steps applied to it, in order. */
export interface FlatFrom {
  base: KeyspaceTerm | ExpressionTerm;
  steps: (Exclude<FromTerm, KeyspaceTerm | ExpressionTerm>)[];
}

function syntaxError(message: string, e: { loc?: import('../errors/index.js').SourcePosition }): QueryError {
  return new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message, position: e.loc });
}

/**
 * Flattens a left-deep FROM chain. `a RIGHT JOIN b ON c` becomes `b LEFT JOIN a ON c`, as the
 * reference rewrites it; the reference accepts RIGHT only as the first join of a FROM clause
 * whose first term is a keyspace or expression, with an ANSI ON clause (else a syntax error,
 * 3000). Source: couchbase/query `parser/n1ql/n1ql.y` (`ansi_join_clause` RIGHT rule).
 */
export function flattenFrom(from: FromTerm): FlatFrom {
  const steps: FlatFrom['steps'] = [];
  let t: FromTerm = from;
  while (t.kind === 'UnnestTerm' || t.kind === 'JoinTerm') {
    steps.unshift(t);
    t = t.left;
  }
  const base = t;
  steps.forEach((s, i) => {
    if (s.kind !== 'JoinTerm' || s.type !== 'RIGHT') return;
    if (i !== 0 || s.nest || !s.on) throw syntaxError('syntax error: RIGHT JOIN is allowed only as the first join of a FROM clause, with an ON clause', s);
  });
  const first = steps[0];
  if (first?.kind === 'JoinTerm' && first.type === 'RIGHT') {
    const swapped: JoinTerm = { ...first, type: 'LEFT', left: first.right, right: base };
    return { base: first.right, steps: [swapped, ...steps.slice(1)] };
  }
  return { base, steps };
}

/** The alias of a join's inner term (a keyspace's alias or last path part, an expression's alias). */
export function termAlias(t: KeyspaceTerm | ExpressionTerm): string {
  if (t.kind === 'KeyspaceTerm') return keyspaceAlias(t.keyspace);
  const name = t.alias ?? implicitName(t.expr);
  if (name !== undefined) return name;
  throw syntaxError('FROM expression needs an alias (AS name)', t);
}

/** The names an expression reads as identifiers (free or not: a conservative answer). */
function identifiers(e: Expr): Set<string> {
  const out = new Set<string>();
  someExpr(e, (x) => {
    if (x.kind === 'Identifier') out.add(x.name);
    return false;
  });
  return out;
}

/** The placeholder parameter standing for outer-row expression `i` while spans are chosen. */
const placeholder = (i: number) => `\u0000outer${i}`;

/**
 * Replaces, in `e`, every largest part that reads only outer aliases (`a.word`, `META(a).id`)
 * by a named parameter placeholder: to the sargable-predicate code such a part is a value known
 * before the inner scan starts (as it is, per outer row), so the ON clause gives spans.
 */
export function withOuterPlaceholders(e: Expr, outerAliases: ReadonlySet<string>, taken: Expr[]): Expr {
  const ids = identifiers(e);
  const volatile = someExpr(e, (x) => x.kind === 'Subquery' || (x.kind === 'FunctionCall' && !!lookupFunction(x.name.toLowerCase())?.volatile));
  if (ids.size > 0 && !volatile && [...ids].every((n) => outerAliases.has(n))) {
    taken.push(e);
    return { kind: 'NamedParam', name: placeholder(taken.length - 1) };
  }
  return mapChildren(e, (c) => withOuterPlaceholders(c, outerAliases, taken));
}

/** Puts the outer-row expressions back in place of their placeholders. */
export function restorePlaceholders<T>(v: T, taken: Expr[]): T {
  return jsonCopy(v, (_k, x) => {
    if (x && x.kind === 'NamedParam' && typeof x.name === 'string' && x.name.startsWith('\u0000outer')) return taken[Number(x.name.slice(6))];
    return x;
  }) as T;
}

/** A shallow structural map over an expression's direct sub-expressions (binding scopes included). */
function mapChildren(e: Expr, f: (c: Expr) => Expr): Expr {
  // A subquery's statement is not an expression to map (its outer references stay as written).
  if (e.kind === 'Subquery') return e;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k === 'loc') continue;
    if (isExpr(v)) out[k] = f(v);
    else if (Array.isArray(v)) out[k] = v.map((x) => (isExpr(x) ? f(x) : isRecord(x) ? mapRecord(x, f) : x));
    else if (isRecord(v) && k !== 'query') out[k] = mapRecord(v, f);
    else out[k] = v;
  }
  return out as unknown as Expr;
}

function mapRecord(r: Record<string, unknown>, f: (c: Expr) => Expr): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) out[k] = isExpr(v) ? f(v) : v;
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isExpr = (v: unknown): v is Expr => isRecord(v) && typeof v.kind === 'string' && v.kind !== 'Subselect';

/** True if the scan's spans read an outer-row value (a placeholder). */
function readsOuter(scan: ScanPlan): boolean {
  return JSON.stringify(scan).includes('\\u0000outer');
}

/** Context of the join steps of one block. */
export interface JoinContext {
  catalog: Catalog;
  /** Names bound outside the block (a correlated subquery's enclosing names). */
  outerNames: ReadonlySet<string>;
  /** The block's WHERE (comma joins take their condition from it). */
  where?: Expr;
  /** The block's optimizer hints, and the record of which were followed. */
  hints: BlockHints;
  /** Plans a subquery join term (injected by build-select, which owns SELECT planning). */
  buildSubquery: (q: SelectStatement, outerNames: ReadonlySet<string>) => SelectPlan;
}


/**
 * Plans one JOIN / NEST step over the aliases bound so far (`available`, in FROM order).
 * Lookup joins fetch by key (`Join`/`Nest`); index joins scan an index of the inner keyspace
 * whose leading key is the ON KEY expression (`IndexJoin`/`IndexNest`, 4100 without one); ANSI
 * joins run as `NestedLoopJoin` over an `IndexScan3` when the ON clause gives spans on an inner
 * index from the outer row's values, else as `HashJoin` when it has equi-join pairs, else as a
 * nested loop over the inner scan. `USE HASH` / `USE NL` are followed where they can be (never
 * changing the rows). Source: couchbase/query `planner/build_join.go`, `build_ansi_join.go`.
 * @throws QueryError 4020 duplicate alias, 3200 lookup and ANSI joins mixed, 4100 no index for an index join
 */
export function planJoin(t: JoinTerm, available: string[], previous: FromStepPlan[], ctx: JoinContext): JoinPlan {
  const alias = termAlias(t.right);
  if (available.includes(alias)) {
    throw new QueryError({ code: ErrorCode.DUPLICATE_ALIAS, phase: 'semantic', message: `Duplicate JOIN alias '${alias}'`, position: t.right.loc });
  }
  const ansi = !t.onKeys && !t.onKey;
  const priorJoin = previous.find((p) => p.op !== 'Unnest');
  if (priorJoin) {
    const priorAnsi = priorJoin.op.startsWith('NestedLoop') || priorJoin.op.startsWith('Hash');
    if (priorAnsi !== ansi) {
      const msg = ansi ? `Cannot mix non ANSI JOIN on ${priorJoin.alias} with ANSI JOIN on ${alias}.` : `Cannot mix ANSI JOIN on ${priorJoin.alias} with non ANSI JOIN on ${alias}.`;
      throw new QueryError({ code: ErrorCode.JOIN_MIX, phase: 'plan', message: msg, position: t.loc });
    }
  }
  const outer = t.type === 'LEFT';
  if (!ansi) return planKeyJoin(t, alias, outer, available, ctx);
  return planAnsiJoin(t, alias, outer, available, ctx);
}

function innerKeyspace(t: JoinTerm, ctx: JoinContext): { name: string; term: KeyspaceTerm } {
  if (t.right.kind !== 'KeyspaceTerm') throw syntaxError(`${t.nest ? 'NEST' : 'JOIN'} must be done on a keyspace`, t.right);
  const ks = resolveKeyspace(t.right.keyspace, ctx.catalog);
  if (ks.system) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'plan', message: 'JOIN / NEST on system keyspaces is not supported', position: t.right.loc });
  return { name: ks.name, term: t.right };
}

function planKeyJoin(t: JoinTerm, alias: string, outer: boolean, available: string[], ctx: JoinContext): JoinPlan {
  const { name, term } = innerKeyspace(t, ctx);
  // A join method hint means nothing to a lookup or index join (the reference ignores it).
  if (term.useKeys || term.useIndex) throw syntaxError('USE KEYS and USE INDEX are not allowed on the right side of a lookup or index JOIN / NEST', term);
  if (t.onKeys) return { op: t.nest ? 'Nest' : 'Join', keyspace: name, alias, outer, onKeys: t.onKeys, ...(t.validate ? { validate: true } : {}) };
  const forAlias = t.forAlias!;
  if (!available.includes(forAlias)) throw new QueryError({ code: ErrorCode.UNKNOWN_FOR, phase: 'plan', message: `Unknown ${t.nest ? 'NEST' : 'JOIN'} for alias '${forAlias}'`, position: t.loc });
  // Spans on an index whose leading key is the ON KEY expression, bounded by the outer document's key.
  const indexes = (ctx.catalog.indexes?.(name) ?? []).filter((ix) => ix.state === 'online' && !ix.isPrimary && !ix.where);
  const keyOf: Expr = { kind: 'Field', target: { kind: 'FunctionCall', name: 'meta', args: [{ kind: 'Identifier', name: forAlias }] }, name: 'id' } as Expr;
  const cond: Expr = { kind: 'Binary', op: '=', left: t.onKey!, right: keyOf } as Expr;
  const taken: Expr[] = [];
  const withPh = withOuterPlaceholders(cond, new Set(available), taken);
  const scan = chooseScan(withPh, alias, indexes, new Set(ctx.outerNames));
  if (!scan || scan.kind !== 'IndexScan3' || !readsOuter(scan)) {
    throw new QueryError({ code: ErrorCode.NO_INDEX_JOIN, phase: 'plan', message: `No index available for join term ${alias}`, position: t.right.loc });
  }
  return { op: t.nest ? 'IndexNest' : 'IndexJoin', keyspace: name, alias, outer, onKey: t.onKey!, forAlias, scan: restorePlaceholders(scan, taken) as ScanPlan & { kind: 'IndexScan3' } };
}

/**
 * The WHERE conjuncts an inner ANSI join (not a nest, not an outer join) can evaluate together
 * with its ON clause: those that read the inner alias and otherwise only aliases bound before
 * it. Such a conjunct filters the joined rows either way, so applying it at the join is
 * equivalent and lets it choose spans or hash keys (a comma join has only these).
 */
function pushedFilter(t: JoinTerm, alias: string, available: string[], ctx: JoinContext): Expr | undefined {
  if (!ctx.where || t.nest || t.type !== 'INNER') return undefined;
  const known = new Set([...available, alias, ...ctx.outerNames]);
  const usable = conjunctsOf(ctx.where).filter((c) => {
    const ids = identifiers(c);
    return ids.has(alias) && [...ids].every((n) => known.has(n)) && !someExpr(c, (x) => x.kind === 'Subquery');
  });
  return andOf(usable);
}

function andOf(cs: Expr[]): Expr | undefined {
  return cs.length ? cs.reduce((l, r) => ({ kind: 'Binary', op: 'AND', left: l, right: r }) as Expr) : undefined;
}

function planAnsiJoin(t: JoinTerm, alias: string, outer: boolean, available: string[], ctx: JoinContext): JoinPlan {
  const filter = pushedFilter(t, alias, available, ctx);
  // What the join evaluates on each candidate pair: the ON clause and the pushed WHERE conjuncts.
  const on = andOf([...(t.on ? [t.on] : []), ...(filter ? [filter] : [])]);
  const right = t.right;
  const { hint, text: hintText } = ctx.hints.joinHint(alias, right.joinHint);
  const nest = t.nest;
  const outerSet = new Set(available);
  const pairs = on ? equiPairs(on, alias, outerSet) : [];
  // Correlated inner terms (a subquery or path reading an outer alias) must run per outer row.
  const correlated = (right.kind === 'ExpressionTerm' && subqueryReads(right.expr, outerSet)) || (right.kind === 'KeyspaceTerm' && isCorrelatedPath(right, outerSet, ctx.outerNames, ctx.catalog));
  let inner: SourcePlan;
  let indexed = false;
  const taken: Expr[] = [];
  if (right.kind === 'KeyspaceTerm' && !isCorrelatedPath(right, outerSet, ctx.outerNames, ctx.catalog)) {
    const ks = resolveKeyspace(right.keyspace, ctx.catalog);
    if (ks.system) {
      inner = { op: 'SystemScan', keyspace: ks.system, alias };
    } else if (right.useKeys) {
      inner = { op: 'KeyScan', keyspace: ks.name, namespace: 'default', alias, keys: right.useKeys };
    } else {
      const { usable: named, report } = ctx.hints.indexes(alias, ctx.catalog.indexes?.(ks.name) ?? [], right.useIndex, ctx.catalog);
      const withPh = on ? withOuterPlaceholders(on, outerSet, taken) : undefined;
      const scan = hint?.startsWith('HASH') ? undefined : chooseScan(withPh, alias, named, new Set(ctx.outerNames));
      if (scan && readsOuter(scan)) {
        indexed = true;
        report(scan);
        inner = { op: 'IndexScan', keyspace: ks.name, namespace: 'default', alias, scan: restorePlaceholders(scan, taken) };
      } else {
        // The inner side's own conjuncts may still choose an index (constant spans).
        const own = on ? conjunctsOf(on).filter((c) => ![...identifiers(c)].some((n) => outerSet.has(n))) : [];
        const ownWhere = own.length ? own.reduce((l, r) => ({ kind: 'Binary', op: 'AND', left: l, right: r }) as Expr) : undefined;
        const ownScan = chooseScan(ownWhere, alias, named, new Set(ctx.outerNames));
        report(ownScan);
        inner = ownScan
          ? { op: 'IndexScan', keyspace: ks.name, namespace: 'default', alias, scan: ownScan }
          : { op: 'PrimaryScan3', keyspace: ks.name, namespace: 'default', alias, index: primaryIndexName(ctx.catalog, ks.name) };
      }
    }
  } else {
    inner = expressionSource(right, alias, ctx, available);
  }
  const base = { alias, outer, ...(t.on ? { on: t.on } : {}), ...(filter ? { filter } : {}), inner };
  const nlOp = nest ? 'NestedLoopNest' : 'NestedLoopJoin';
  const keysReadOuter = inner.op === 'KeyScan' && [...identifiers(inner.keys)].some((n) => outerSet.has(n));
  // An enclosing name (a WITH binding, an outer query's alias) that a FROM term of this block
  // also binds means that term's row here: a conjunct reading it is no inner-only filter.
  const innerOnly = on ? conjunctsOf(on).filter((c) => {
    const ids = identifiers(c);
    return ids.has(alias) && [...ids].every((n) => n === alias || (ctx.outerNames.has(n) && !outerSet.has(n))) && !someExpr(c, (x) => x.kind === 'Subquery');
  }) : [];
  const innerFilter = andOf(innerOnly);
  const nl = { ...base, correlated: indexed || correlated || keysReadOuter, ...(innerFilter ? { innerFilter } : {}) };
  const hashOp = nest ? 'HashNest' : 'HashJoin';
  const canHash = pairs.length > 0 && !correlated && !indexed;
  if (hint === 'NL') {
    ctx.hints.followed.push(hintText!);
    return { op: nlOp, ...nl };
  }
  if (hint === 'HASH_BUILD' || hint === 'HASH_PROBE' || hint === 'HASH') {
    // A hash nest and an outer hash join build on the inner side only.
    const probeOk = hint === 'HASH_BUILD' || (!nest && !outer);
    if (canHash && probeOk) {
      ctx.hints.followed.push(hintText!);
      const build = hint === 'HASH_BUILD' ? 'inner' : hint === 'HASH_PROBE' ? 'outer' : nest || outer ? 'inner' : 'smaller';
      return { op: hashOp, ...base, ...hashSides(pairs, on), outerAliases: [...available], build };
    }
    ctx.hints.notFollowed.push(`${hintText!}: USE_HASH hint cannot be followed`);
    return { op: nlOp, ...nl };
  }
  if (indexed || !canHash) return { op: nlOp, ...nl };
  return { op: hashOp, ...base, ...hashSides(pairs, on), outerAliases: [...available], build: nest || outer ? 'inner' : 'smaller' };
}

function hashSides(pairs: { inner: Expr; outer: Expr }[], on?: Expr): { innerExprs: Expr[]; outerExprs: Expr[]; exact?: boolean } {
  const exact = on !== undefined && conjunctsOf(on).length === pairs.length;
  return { innerExprs: pairs.map((p) => p.inner), outerExprs: pairs.map((p) => p.outer), ...(exact ? { exact } : {}) };
}

/** True if a subquery mentions one of `names` as an identifier anywhere (a correlated subquery). */
function subqueryReads(e: Expr, names: ReadonlySet<string>): boolean {
  const text = JSON.stringify(e, int64Replacer);
  return [...names].some((n) => text.includes(`"kind":"Identifier","name":${JSON.stringify(n)}`));
}

/**
 * A keyspace term whose first part is an alias bound before it (`JOIN a.items AS i ON …`), or a
 * bare name bound outside the query that is no keyspace (a user-defined function's parameter:
 * `JOIN data AS r`), which reads that value.
 */
function isCorrelatedPath(t: KeyspaceTerm, outerAliases: ReadonlySet<string>, outerNames: ReadonlySet<string>, catalog: Catalog): boolean {
  const ref = t.keyspace;
  if (ref.namespace !== undefined) return false;
  if (ref.path.length >= 2) return outerAliases.has(ref.path[0]) || outerNames.has(ref.path[0]);
  return outerNames.has(ref.path[0]) && !catalog.hasKeyspace(ref.path[0]);
}

/** The source of an expression / subquery join term (or a keyspace path of an outer alias). */
function expressionSource(right: KeyspaceTerm | ExpressionTerm, alias: string, ctx: JoinContext, available: string[]): SourcePlan {
  let expr: Expr;
  if (right.kind === 'KeyspaceTerm') {
    const ref = right.keyspace;
    expr = { kind: 'Identifier', name: ref.path[0] };
    for (const n of ref.path.slice(1)) expr = { kind: 'Field', target: expr, name: n } as Expr;
  } else expr = right.expr;
  if (expr.kind === 'Subquery') {
    return { op: 'SubqueryScan', query: ctx.buildSubquery(expr.query, new Set([...ctx.outerNames, ...available])), alias };
  }
  return { op: 'ExpressionScan', expr, alias };
}
