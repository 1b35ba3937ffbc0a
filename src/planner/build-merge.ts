import type { ExpressionTerm, JoinHint, KeyspaceTerm, MergeStatement, SelectStatement, Subselect } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { stepOp } from './build-join-tree.js';
import { buildSelect } from './build-select.js';
import { projectionTerms, selectTree } from './build-tree.js';
import { sourceOps } from './source-ops.js';
import { keyspaceAlias, resolveKeyspace, type Catalog } from './catalog.js';
import { joinHintText } from './hints.js';
import { parallel, sequence, type Merge, type Operator } from './plan/index.js';

/**
 * Plans MERGE (couchbase/query `planner/build_merge.go` shapes): the source's scan (a keyspace,
 * a subquery or an expression); for the ANSI merge (`ON cond`) a LEFT OUTER join of the target
 * to it, planned as a SELECT's join is (NestedLoopJoin on an index of the target, or HashJoin;
 * the source's `USE HASH(BUILD|PROBE)` / `USE NL` hint and the target's `USE INDEX` apply to it);
 * LET; the Merge operator (with the LIMIT on its writes) with its update, delete and insert branches;
 * RETURNING's projection.
 * @throws QueryError 3150/3160 (the INSERT's document key does not fit the ON clause), 3180/3190
 *   (hints a lookup merge cannot take), 4020 (the source and target have one alias), 12003, 11003
 */
export function mergeTree(s: MergeStatement, catalog: Catalog, onHints?: (h: Record<string, string[]> | undefined) => void): Operator {
  const ks = resolveKeyspace(s.target.keyspace, catalog);
  if (ks.system) throw new QueryError({ code: ErrorCode.SYSTEM_READ_ONLY, phase: 'plan', message: `system:${ks.name} is read-only`, position: s.target.loc });
  const alias = keyspaceAlias(s.target.keyspace);
  checkClauses(s, alias);
  const source = sourceAlias(s.source);

  // The rows the Merge reads: the source alone (lookup merge) or joined to the target (ANSI merge).
  const from = s.on ? { kind: 'JoinTerm' as const, left: s.source, right: targetTerm(s.target, s.source.joinHint), nest: false, type: 'LEFT' as const, on: s.on, loc: s.on.loc } : s.source;
  const block: Subselect = { kind: 'Subselect', distinct: false, raw: false, projection: [{ kind: 'Star' }], from };
  const select: SelectStatement = { kind: 'Select', body: block };
  const logical = buildSelect(select, catalog);
  if (logical.body.kind !== 'Subselect') throw new Error('MERGE source is one block');
  const body = logical.body;
  // EXPLAIN's optimizer_hints name the source's hint as written (it was given to the target's join side).
  if (s.source.joinHint && body.optimizerHints) {
    const own = joinHintText(source, s.source.joinHint);
    const swap = (texts: string[] | undefined) => texts?.map((x) => x.replace(/^USE_(HASH|NL)\([^)]*\)/, own));
    onHints?.(Object.fromEntries(Object.entries(body.optimizerHints).map(([k, v]) => [k, swap(v)!])));
  }
  const ops: Operator[] = [...sourceOps(body.source, selectTree)];
  if (body.preFilter) throw new Error('MERGE source has no WHERE');
  for (const st of body.steps) ops.push(stepOp(st, selectTree));
  if (s.let?.length) ops.push({ '#operator': 'Let', bindings: s.let.map((l) => ({ var: l.name, expr: l.expr })) });

  const limit = s.limit ? { limit: s.limit } : {};
  const target = { alias, keyspace: ks.name, ...limit, namespace: 'default' };
  const merge: Merge = {
    '#operator': 'Merge',
    ...(alias !== ks.name ? { as: alias } : {}),
    keyspace: ks.name,
    namespace: 'default',
    ...(s.onKey ? { key: s.onKey } : {}),
    ...limit,
    _alias: alias,
    _source: source,
  };
  if (s.update) {
    const u = s.update;
    merge.update = sequence([
      { '#operator': 'Clone' },
      ...(u.set.length ? [{ '#operator': 'Set' as const, set_terms: u.set.map((c) => ({ path: c.path, value: c.value, ...(c.for ? { for: c.for } : {}) })) }] : []),
      ...(u.unset.length ? [{ '#operator': 'Unset' as const, unset_terms: u.unset.map((p) => ({ path: p })) }] : []),
      { '#operator': 'SendUpdate', ...target },
    ]) as Merge['update'];
    if (u.where) merge.update_filter = u.where;
  }
  if (s.delete) {
    merge.delete = { '#operator': 'SendDelete', ...target };
    if (s.delete.where) merge.delete_filter = s.delete.where;
  }
  if (s.insert) {
    const i = s.insert;
    // A lookup merge inserts under its ON KEY.
    const key = s.onKey ?? i.key;
    merge.insert = { '#operator': 'SendInsert', ...target, ...(key ? { key } : {}), ...(i.value ? { value: i.value } : {}), ...(i.options ? { options: i.options } : {}) };
    if (i.where) merge.insert_filter = i.where;
  }
  // The Merge and RETURNING's projection work row by row (a Parallel, as the reference prints them).
  const returning: Operator[] = s.returning ? [{ '#operator': 'InitialProject', ...(s.returning.raw ? { raw: true } : {}), result_terms: projectionTerms(s.returning.terms) }] : [];
  ops.push(parallel(sequence([merge, ...returning])));
  return sequence(ops);
}

/** The reference's checks of a MERGE's clauses (couchbase/query `algebra/merge.go` Formalize). */
function checkClauses(s: MergeStatement, alias: string): void {
  const err = (code: number, message: string, position = s.loc) => new QueryError({ code, phase: 'semantic', message, position });
  if (s.onKey) {
    if (s.target.useIndex) throw err(ErrorCode.MERGE_NO_INDEX_HINT, 'MERGE with ON KEY clause cannot have USE INDEX hint specified on target.');
    if (s.source.joinHint) throw err(ErrorCode.MERGE_NO_JOIN_HINT, 'MERGE with ON KEY clause cannot have join hint specified on source.');
    if (s.insert?.key) throw err(ErrorCode.MERGE_INSERT_NO_KEY, 'MERGE with ON KEY clause cannot have document key specification in INSERT action.');
  } else if (s.insert && !s.insert.key) {
    throw err(ErrorCode.MERGE_INSERT_MISSING_KEY, 'MERGE with ON clause must have document key specification in INSERT action.');
  }
  if (sourceAlias(s.source) === alias) {
    const loc = s.source.loc;
    throw err(ErrorCode.DUPLICATE_ALIAS, `Duplicate MERGE alias '${alias}'${loc ? ` (near line ${loc.line}, column ${loc.column})` : ''}`, loc);
  }
}

/** The source's alias: a keyspace's alias or name; an expression or subquery must have one (4010 / 3000). */
function sourceAlias(t: KeyspaceTerm | ExpressionTerm): string {
  if (t.kind === 'KeyspaceTerm') return keyspaceAlias(t.keyspace);
  if (t.alias !== undefined) return t.alias;
  const at = t.loc ? ` (near line ${t.loc.line}, column ${t.loc.column})` : '';
  if (t.expr.kind === 'Subquery') throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: `Subquery in FROM clause must have an alias${at}.`, position: t.loc });
  throw new QueryError({ code: 4010, phase: 'semantic', message: `FROM expression term${at} must have a name or alias`, position: t.loc });
}

/**
 * The target as the inner term of the ANSI merge's join: its USE INDEX, and the source's join
 * hint turned to the target's side. `USE HASH(PROBE)` on the source makes the target the build
 * side; `USE HASH(BUILD)` asks for the source as build side, which tokenql's outer HashJoin
 * cannot do (it builds on the inner side): it gives a HashJoin built on the target too, with the
 * same rows (docs/merge.md).
 */
function targetTerm(t: KeyspaceTerm, sourceHint: JoinHint | undefined): KeyspaceTerm {
  const joinHint: JoinHint | undefined = sourceHint === 'HASH_BUILD' || sourceHint === 'HASH_PROBE' ? 'HASH_BUILD' : sourceHint;
  return { kind: 'KeyspaceTerm', keyspace: t.keyspace, ...(t.useIndex ? { useIndex: t.useIndex } : {}), ...(joinHint ? { joinHint } : {}), loc: t.loc };
}
