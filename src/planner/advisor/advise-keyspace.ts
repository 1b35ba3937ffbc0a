/**
 * The index and covering index the advisor recommends for one keyspace (couchbase/query
 * `planner/build_advise_ee.go`, `iaplan`; rules read from the suite's `gsi/advise` answers):
 * - every WHERE conjunct an index key serves gives a key; keys are ordered by predicate type
 *   (equality, IN, inclusive range, exclusive range, NOT NULL), a disjunction on one common key
 *   leads;
 * - `field = 'string'` conjuncts become the partial index's WHERE ("flavor") when other keys
 *   exist; `x IS MISSING` keys make the index partial on themselves;
 * - the covering index adds, after those keys, what the statement reads (projection, ORDER BY,
 *   GROUP BY, the fields of the conjuncts no key serves); a leading key that no predicate
 *   restricts indexes MISSING too;
 * - `index_property` names the pushdowns the index allows (GROUP BY/aggregates, ORDER, OFFSET,
 *   LIMIT); an entry with one has no `recommending_rule`.
 */
import type { Expr } from '../../ast/index.js';
import { childrenOf, someExpr } from '../../ast/index.js';
import { isAggregateName } from '../../eval/index.js';
import { KS } from '../../semantic/formalize.js';
import { isStatic } from '../../semantic/static-expr.js';
import type { AdviseBlock } from './block.js';
import { disjunction, label, simplePredicate, type KeyPred } from './classify.js';
import { keyText, nameParts } from './key-text.js';

/** One recommended index, as the answer prints it. */
export interface IndexAdvice {
  index_statement: string;
  keyspace_alias: string;
  recommending_rule?: string;
  index_property?: string;
  update_statistics?: string;
}

/** The recommendations for one keyspace. */
export interface KeyspaceAdvice {
  indexes: IndexAdvice[];
  covering: IndexAdvice[];
}

interface Key {
  text: string;
  name: string;
  desc?: boolean;
  includeMissing?: boolean;
}

const isMetaId = (e: Expr): boolean => e.kind === 'Field' && e.name === 'id' && e.target.kind === 'FunctionCall' && e.target.name === 'meta';

function statement(b: AdviseBlock, keys: Key[], where: string[], extraNames: string[]): string {
  const name = 'adv_' + [...keys.map((k) => k.name + (k.desc ? 'DESC' : '')), ...extraNames].join('_');
  const text = keys.map((k) => k.text + (k.desc ? ' DESC' : '') + (k.includeMissing ? ' INCLUDE MISSING' : '')).join(',');
  return `CREATE INDEX ${name} ON \`${b.keyspace}\`(${text})${where.length ? ' WHERE ' + where.join(' AND ') : ''}`;
}

/** The maximal document paths of an expression (what a covering index must hold of it). */
function paths(e: Expr, out: Expr[]): void {
  if (isStatic(e)) return;
  if (e.kind === 'Field' || e.kind === 'Element' || e.kind === 'Slice') {
    out.push(e);
    return;
  }
  if (e.kind === 'FunctionCall' && e.name === 'meta') return;
  someExpr(e, (x) => {
    if (x === e) return false;
    if (x.kind === 'Field' || x.kind === 'Element') {
      out.push(x);
      return false;
    }
    return false;
  });
}

/** The expressions a read term asks a covering index for: an aggregate's arguments, else the term. */
function readExprs(e: Expr): Expr[] {
  if (isStatic(e) || isMetaId(e)) return [];
  if (e.kind === 'FunctionCall' && isAggregateName(e.name) && !e.over) return e.args.filter((a) => !isStatic(a));
  return [e];
}

const hasAggregate = (e: Expr): boolean => someExpr(e, (x) => x.kind === 'FunctionCall' && isAggregateName(x.name) && !x.over);
/** True if an expression reads the whole document (the keyspace's alias itself, not a path in it). */
function readsWhole(e: Expr): boolean {
  if (e.kind === 'Identifier') return e.name === KS;
  if (e.kind === 'FunctionCall' && e.name === 'meta') return false;
  if (e.kind === 'Field' || e.kind === 'Element' || e.kind === 'Slice' || e.kind === 'DynamicField') {
    let t: Expr = e;
    while (t.kind === 'Field' || t.kind === 'Element' || t.kind === 'Slice' || t.kind === 'DynamicField') t = t.target;
    if (t.kind === 'Identifier' && t.name === KS) return false;
  }
  return childrenOf(e).some(readsWhole);
}

/** Recommendations for one keyspace; undefined when the advisor has none. */
export function adviseKeyspace(b: AdviseBlock, cbo = false): KeyspaceAdvice {
  const preds: KeyPred[] = [];
  const others: Expr[] = [];
  for (const c of b.conjuncts) {
    // A range of document keys is the primary index's.
    if (c.kind === 'Binary' && (isMetaId(c.left) || isMetaId(c.right))) continue;
    const p = simplePredicate(c) ?? disjunction(c);
    if (p && !preds.some((q) => q.text === p.text && q.type === p.type)) preds.push(p);
    else if (!p) others.push(c);
  }
  const flavors = preds.filter((p) => p.flavor);
  const plain = preds.filter((p) => !p.flavor).sort((x, y) => x.type - y.type);
  const aggregates = !!b.reads && (b.reads.projection.some(hasAggregate) || b.reads.group.length > 0);

  // The index: keys of the served conjuncts.
  let idxKeys: KeyPred[];
  let where: string[];
  let whereNames: string[] = [];
  if (plain.length && flavors.length) {
    idxKeys = plain;
    where = [...flavors.map((f) => f.flavor!.where), ...plain.filter((p) => p.partial).map((p) => p.partial!)];
    whereNames = flavors.map((f) => f.flavor!.name);
  } else {
    idxKeys = [...flavors, ...plain].sort((x, y) => x.type - y.type);
    where = idxKeys.filter((p) => p.partial).map((p) => p.partial!);
  }
  const rule = [...new Set(idxKeys.map(label))];
  if (whereNames.length) rule.push('10. flavor for partial index');
  const orderTexts = (b.reads?.order ?? []).map((o) => keyText(o.expr));

  const pushdowns = (keys: Key[], covering: boolean): string | undefined => {
    const out: string[] = [];
    if (aggregates) {
      if (covering && others.length === 0) out.push('FULL GROUPBY & AGGREGATES pushdown');
      return out.length ? out.join(', ') : undefined;
    }
    let ordered = orderTexts.length === 0;
    if (orderTexts.length) {
      const eq = new Set(idxKeys.filter((k) => k.type === 2).map((k) => k.text));
      const rest = keys.filter((k) => !eq.has(k.text) || orderTexts.includes(k.text));
      ordered = orderTexts.every((t, i) => rest[i]?.text === t);
      if (ordered) out.push('ORDER pushdown');
    }
    if (ordered && others.length === 0 && b.limit) {
      if (b.offset) out.push('OFFSET pushdown');
      out.push('LIMIT pushdown');
    }
    return out.length ? out.join(', ') : undefined;
  };

  const advice: KeyspaceAdvice = { indexes: [], covering: [] };
  // With CBO: the statistics the optimizer needs, on the index's keys and its WHERE's fields.
  const statKeys = [...idxKeys.map((k) => k.text), ...flavors.filter((f) => !idxKeys.includes(f)).map((f) => f.text)];
  const stats = cbo && statKeys.length ? { update_statistics: `UPDATE STATISTICS FOR \`${b.keyspace}\`(${statKeys.join(', ')})` } : {};
  const keysOf = (ps: KeyPred[]): Key[] => ps.map((p) => ({ text: p.text, name: p.name, ...(p.includeMissing ? { includeMissing: true } : {}) }));

  // The covering index: the index's keys, then what the statement reads.
  let coveringExtraFromReads = false;
  let covStatement: string | undefined;
  const reads = b.reads;
  const coverable =
    reads &&
    !others.some((o) => someExpr(o, (x) => x.kind === 'Collection')) &&
    ![...reads.projection, ...reads.order.map((o) => o.expr), ...reads.group].some(readsWhole);
  if (reads && coverable) {
    const extras: { e: Expr; fromReads: boolean; desc?: boolean }[] = [];
    for (const o of reads.order) for (const e of readExprs(o.expr)) extras.push({ e, fromReads: true, desc: o.desc });
    for (const t of reads.projection) for (const e of readExprs(t)) extras.push({ e, fromReads: true });
    for (const g of reads.group) extras.push({ e: g, fromReads: true });
    for (const o of others) {
      const ps: Expr[] = [];
      paths(o, ps);
      for (const e of ps) extras.push({ e, fromReads: false });
    }
    const served = new Set([...idxKeys.map((k) => k.text), ...flavors.map((f) => f.text)]);
    const seen = new Set(idxKeys.map((k) => k.text));
    const add: (Key & { fromReads: boolean })[] = [];
    for (const x of extras) {
      if (isMetaId(x.e)) continue;
      const t = keyText(x.e);
      if (seen.has(t)) continue;
      seen.add(t);
      add.push({ text: t, name: nameParts(x.e).join('_'), fromReads: x.fromReads && !served.has(t), ...(x.desc ? { desc: true } : {}) });
    }
    coveringExtraFromReads = add.some((k) => k.fromReads);
    let covKeys: Key[];
    let covWhere = where;
    let covNames = whereNames;
    if (!plain.length && flavors.length && add.length && others.length === 0) {
      // Only flavors restrict the keyspace: they make the covering index partial.
      covKeys = add;
      covWhere = flavors.map((f) => f.flavor!.where);
      covNames = flavors.map((f) => f.flavor!.name);
    } else covKeys = [...keysOf(idxKeys), ...add];
    if (covKeys.length) {
      // DESC only where the ORDER BY is pushed down.
      const ordered = pushdowns(covKeys, true)?.includes('ORDER') ?? false;
      if (!ordered) covKeys = covKeys.map(({ desc: _d, ...k }) => k);
      // A leading key no predicate restricts must index MISSING too, or documents without it are lost.
      if (!idxKeys.some((k) => k.text === covKeys[0]!.text)) covKeys[0] = { ...covKeys[0]!, includeMissing: true };
      const prop = pushdowns(covKeys, true);
      covStatement = statement(b, covKeys, covWhere, covNames);
      advice.covering.push({ index_statement: covStatement, keyspace_alias: b.aliasText, ...(prop ? { index_property: prop } : {}), ...stats });
    }
  }

  if (idxKeys.length) {
    const keys = keysOf(idxKeys);
    const text = statement(b, keys, where, whereNames);
    if (!covStatement || (text !== covStatement && coveringExtraFromReads)) {
      const prop = pushdowns(keys, false);
      advice.indexes.push({
        index_statement: text,
        keyspace_alias: b.aliasText,
        ...(cbo
          ? { ...(prop ? { index_property: prop } : {}), recommending_rule: 'Index keys follow cost-based order.', ...stats }
          : prop
            ? { index_property: prop }
            : { recommending_rule: `Index keys follow order of predicate types: ${rule.join(', ')}.` }),
      });
    }
  }
  return advice;
}
