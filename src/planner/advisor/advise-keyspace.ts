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
import { lookupFunction } from '../../eval/functions/registry.js';
import { KS } from '../../semantic/formalize.js';
import { isStatic } from '../../semantic/static-expr.js';
import type { AdviseBlock } from './block.js';
import { commonKey, disjunction, label, simplePredicate, TYPE_LABELS, type KeyPred } from './classify.js';
import { keyText, nameParts } from './key-text.js';
import { conjunctsOf } from '../sarg-index.js';

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

/** `CREATE INDEX adv_… ON ks(keys) [WHERE …]`; the name is the first `lead` keys, the WHERE's fields, the other keys. */
function statement(b: AdviseBlock, keys: Key[], where: string[], whereNames: string[], lead = keys.length): string {
  const n = (k: Key) => k.name + (k.desc ? 'DESC' : '');
  const name = 'adv_' + [...keys.slice(0, lead).map(n), ...whereNames, ...keys.slice(lead).map(n)].filter((x) => x !== '').join('_');
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
  // Beside a volatile function (NOW_MILLIS()), the largest expression of the document is the key.
  const volatile = hasVolatile(e);
  for (const c of childrenOf(e)) {
    if (volatile && c.kind === 'FunctionCall' && !hasVolatile(c) && !isStatic(c)) out.push(c);
    else paths(c, out);
  }
}

/** True if the expression calls a function whose value changes from call to call. */
function hasVolatile(e: Expr): boolean {
  return someExpr(e, (x) => x.kind === 'FunctionCall' && !!lookupFunction(x.name)?.volatile);
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

/** Recommendations for one keyspace. */
export function adviseKeyspace(b: AdviseBlock, cbo = false): KeyspaceAdvice {
  const advice: KeyspaceAdvice = { indexes: [], covering: [] };
  const preds: KeyPred[] = [];
  const others: Expr[] = [];
  for (const c of b.conjuncts) {
    // A range of document keys is the primary index's.
    if (c.kind === 'Binary' && (isMetaId(c.left) || isMetaId(c.right))) continue;
    const p = simplePredicate(c) ?? disjunction(c);
    if (p && p.text === 'self') others.push(c);
    else if (p && !preds.some((q) => q.text === p.text && q.type === p.type)) preds.push(p);
    else if (!p) others.push(c);
  }
  if (b.unnestKey) preds.push({ text: b.unnestKey.text, name: b.unnestKey.name, type: 0 });
  for (const j of b.joinKeys ?? []) {
    const k = keyText(j.expr);
    if (!preds.some((q) => q.text === k)) preds.push({ text: k, name: nameParts(j.expr).join('_'), type: j.type });
  }
  // One disjunction of unrelated branches: an index for each branch (none covers them all).
  if (b.conjuncts.length === 1 && preds.length === 0 && !b.unnestKey && others.length === 1 && others[0]!.kind === 'Binary' && others[0]!.op === 'OR') {
    const branches: Expr[] = [];
    const walk = (e: Expr): void => (e.kind === 'Binary' && e.op === 'OR' ? (walk(e.left), walk(e.right)) : void branches.push(e));
    walk(others[0]!);
    const out: IndexAdvice[] = [];
    // Branches that restrict one key in common make one index led by it.
    const groups: Expr[][] = [];
    for (const br of branches) {
      const g = groups.find((x) => commonKey([...x, br]));
      if (g) g.push(br);
      else groups.push([br]);
    }
    for (const g of groups) {
      const br = g.length === 1 ? g[0]! : g.reduce((l, r) => ({ kind: 'Binary', op: 'OR', left: l, right: r }) as Expr);
      const a = adviseKeyspace({ ...b, conjuncts: conjunctsOf(br), reads: undefined, limit: false, offset: false, orGroup: g.length > 1 }, cbo && g.length === 1);
      if (a.indexes.length !== 1) return advice;
      if (!out.some((x) => x.index_statement === a.indexes[0]!.index_statement)) out.push(a.indexes[0]!);
    }
    advice.indexes.push(...out);
    return advice;
  }
  // Keys by predicate type; a disjunction on one key sorts by its disjuncts' first type.
  const order = (p: KeyPred) => (p.type === 1 ? Math.min(...p.inner!) : p.type) * 2 + (p.text.startsWith('DISTINCT ARRAY') ? 0 : 1);
  const flavors = preds.filter((p) => p.flavor);
  const plain = preds.filter((p) => !p.flavor).sort((x, y) => order(x) - order(y));
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
    idxKeys = [...flavors, ...plain].sort((x, y) => order(x) - order(y));
    where = idxKeys.filter((p) => p.partial).map((p) => p.partial!);
  }
  // The other keys of a disjunction's branches follow all the others.
  for (const p of [...idxKeys]) for (const r of p.rest ?? []) if (!idxKeys.some((k) => k.text === r.text)) idxKeys.push(r);
  const labels = idxKeys.flatMap((k) => (k.type === 1 ? k.inner!.map((t) => label({ ...k, type: t })) : [label(k)]));
  const lead1 = idxKeys.find((k) => k.type === 1);
  const rule = !lead1
    ? [...new Set(labels)]
    : b.orGroup
      ? [`1. Common leading key for disjunction (${lead1.inner!.map((t) => TYPE_LABELS[t]).join(', ')})`, ...new Set((lead1.rest ?? []).map(label))]
      : [`1. Common leading key for disjunction (${labels.join(', ')})`];
  if (whereNames.length) rule.push('10. flavor for partial index');
  const orderTerms = (b.reads?.order ?? []).map((o) => ({ text: keyText(o.expr), desc: o.desc }));

  const pushdowns = (keys: Key[], covering: boolean): string | undefined => {
    const out: string[] = [];
    if (aggregates) {
      if (!covering || others.length > 0 || b.unnestKey?.inexact) return undefined;
      out.push('FULL GROUPBY & AGGREGATES pushdown');
      // ORDER/OFFSET/LIMIT follow a grouping on the index's leading keys only.
      const groupTexts = (b.reads?.group ?? []).map(keyText);
      if (!groupTexts.length || !groupTexts.every((t, i) => keys[i]?.text === t)) return out.join(', ');
    }
    let ordered = orderTerms.length === 0;
    if (orderTerms.length) {
      const eq = new Set(idxKeys.filter((k) => k.type === 2).map((k) => k.text));
      const rest = keys.filter((k) => !eq.has(k.text) || orderTerms.some((o) => o.text === k.text));
      ordered = orderTerms.every((o, i) => rest[i]?.text === o.text && !!rest[i]?.desc === o.desc);
      if (ordered) out.push('ORDER pushdown');
    }
    if (ordered && others.length === 0 && b.limit) {
      if (b.offset) out.push('OFFSET pushdown');
      out.push('LIMIT pushdown');
    }
    return out.length ? out.join(', ') : undefined;
  };

  // With CBO: the statistics the optimizer needs, on the index's keys and its WHERE's fields.
  const statKeys = [...idxKeys.map((k) => k.text), ...flavors.filter((f) => !idxKeys.includes(f)).map((f) => f.text)];
  cbo = cbo && !b.noCbo;
  const stats = cbo && statKeys.length ? { update_statistics: `UPDATE STATISTICS FOR \`${b.keyspace}\`(${statKeys.join(', ')})` } : {};
  const keysOf = (ps: KeyPred[]): Key[] =>
    ps.map((p, i) => ({ text: p.text, name: p.name, ...(p.includeMissing && i === 0 ? { includeMissing: true } : {}) }));

  // The covering index: the index's keys, then what the statement reads.
  let coveringExtraFromReads = false;
  let covStatement: string | undefined;
  let covOnFlavors = false;
  let covStats: { update_statistics?: string } = {};
  let covPlain: { keys: Key[]; where: string[]; names: string[]; lead: number } | undefined;
  const reads = b.reads;
  const coverable =
    reads &&
    !others.some((o) => someExpr(o, (x) => x.kind === 'Collection') || readsWhole(o)) &&
    ![...reads.projection, ...reads.order.map((o) => o.expr), ...reads.group].some(readsWhole);
  if (reads && coverable) {
    const otherPaths: Expr[] = [];
    for (const o of others) paths(o, otherPaths);
    const otherTexts = new Set(otherPaths.map(keyText));
    const extras: { e: Expr; fromReads: boolean }[] = [];
    for (const g of reads.group) extras.push({ e: g, fromReads: true });
    for (const e of otherPaths) extras.push({ e, fromReads: false });
    for (const e of reads.where ?? []) extras.push({ e, fromReads: false });
    for (const o of reads.order) for (const e of readExprs(o.expr)) extras.push({ e, fromReads: true });
    const aggArgs: Expr[] = [];
    for (const t of reads.projection) {
      if (t.kind === 'FunctionCall' && t.distinct && hasAggregate(t)) aggArgs.unshift(...readExprs(t));
      else aggArgs.push(...readExprs(t));
    }
    for (const e of aggArgs) extras.push({ e, fromReads: true });
    const partialOnFlavors = !plain.length && flavors.length > 0 && others.length === 0;
    const served = new Set([...idxKeys.map((k) => k.text), ...flavors.map((f) => f.text)]);
    const seen = new Set(partialOnFlavors ? flavors.map((f) => f.text) : idxKeys.map((k) => k.text));
    if (whereNames.length) for (const f of flavors) seen.add(f.text);
    for (const t of b.unnestKey?.covered ?? []) seen.add(t);
    const add: (Key & { fromReads: boolean; fromWhere: boolean })[] = [];
    for (const x of extras) {
      if (isMetaId(x.e)) continue;
      const t = keyText(x.e);
      if (seen.has(t)) continue;
      seen.add(t);
      add.push({ text: t, name: nameParts(x.e).join('_'), fromReads: x.fromReads && !served.has(t) && !otherTexts.has(t), fromWhere: !x.fromReads });
    }
    coveringExtraFromReads = add.some((k) => k.fromReads);
    let covKeys: Key[];
    let covWhere = where;
    let covNames = whereNames;
    let lead: number;
    if (partialOnFlavors && add.length) {
      // Only flavors restrict the keyspace: they make the covering index partial.
      covKeys = add;
      covWhere = flavors.map((f) => f.flavor!.where);
      covNames = flavors.map((f) => f.flavor!.name);
      lead = 1;
    } else {
      const idx = keysOf(idxKeys);
      // GROUP BY pushdown: the group keys right after the equality keys.
      const groupTexts = aggregates ? reads.group.map(keyText) : [];
      const eqCount = idxKeys.filter((k) => k.type === 2).length;
      const moved = idx.filter((k, i) => i >= eqCount && groupTexts.includes(k.text));
      covKeys = [...idx.slice(0, eqCount), ...moved, ...idx.slice(eqCount).filter((k) => !moved.includes(k)), ...add];
      lead = idx.length;
    }
    if (covKeys.length) {
      // ORDER BY pushdown: DESC on the ordered keys.
      const withDesc = covKeys.map((k) => (orderTerms.some((o) => o.text === k.text && o.desc) ? { ...k, desc: true } : k));
      if (pushdowns(withDesc, true)?.includes('ORDER')) covKeys = withDesc;
      // A leading key no predicate restricts must index MISSING too, or documents without it are lost.
      const leading = add.find((k) => k.text === covKeys[0]!.text);
      if ((!idxKeys.some((k) => k.text === covKeys[0]!.text) && !leading?.fromWhere) || (partialOnFlavors && add.length > 0)) covKeys[0] = { ...covKeys[0]!, includeMissing: true };
      const prop = pushdowns(covKeys, true);
      covStatement = statement(b, covKeys, covWhere, covNames, lead);
      covOnFlavors = partialOnFlavors || idxKeys.length === 0;
      if (covKeys.some((k) => k.desc)) covPlain = { keys: covKeys.map(({ desc: _d, ...k }) => k), where: covWhere, names: covNames, lead };
      advice.covering.push({ index_statement: covStatement, keyspace_alias: b.aliasText, ...(prop ? { index_property: prop } : {}) });
      const texts = [...covKeys.map((k) => k.text), ...flavors.filter((f) => covNames.includes(f.flavor!.name)).map((f) => f.text)];
      covStats = cbo ? { update_statistics: `UPDATE STATISTICS FOR \`${b.keyspace}\`(${[...new Set(texts)].join(', ')})` } : {};
    }
  }

  if (covOnFlavors) {
    // The covering index is led by what the statement reads: with DESC keys, the same index ascending.
    if (covPlain) {
      const texts = [...covPlain.keys.map((k) => k.text), ...flavors.filter((f) => covPlain!.names.includes(f.flavor!.name)).map((f) => f.text)];
      const plainStats = cbo ? { update_statistics: `UPDATE STATISTICS FOR \`${b.keyspace}\`(${[...new Set(texts)].join(', ')})` } : {};
      const r = covPlain.where.length ? 'Index keys follow order of predicate types: Leading index key INCLUDE MISSING, 10. flavor for partial index.' : 'Leading index key INCLUDE MISSING.';
      advice.indexes.push({ index_statement: statement(b, covPlain.keys, covPlain.where, covPlain.names, covPlain.lead), keyspace_alias: b.aliasText, recommending_rule: cbo ? 'Index keys follow cost-based order.' : r, ...plainStats });
    }
  } else if (idxKeys.length) {
    const keys = keysOf(idxKeys);
    const text = statement(b, keys, where, whereNames);
    // Over UNNEST a covering index with aggregates is the only recommendation.
    if (!covStatement || (text !== covStatement && coveringExtraFromReads && !(b.unnestKey && aggregates))) {
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
  } else if (!covStatement && (reads || b.projected)) {
    // Nothing restricts the keyspace: an index led by what the statement reads, MISSING included.
    const first = (reads?.projection ?? b.projected ?? []).flatMap(readExprs).find((e) => !isMetaId(e) && !readsWhole(e));
    if (first) {
      const k: Key = { text: keyText(first), name: nameParts(first).join('_'), includeMissing: true };
      advice.indexes.push({ index_statement: statement(b, [k], [], []), keyspace_alias: b.aliasText, recommending_rule: 'Leading index key INCLUDE MISSING.' });
    }
  }
  // With CBO the covering index's statistics are the index's when both are recommended.
  // The cost-based advisor does not handle an ANY array key with a covering index: the rule-based answer.
  if (cbo && (advice.covering.length || whereNames.length) && preds.some((p) => p.text.startsWith('DISTINCT ARRAY'))) return adviseKeyspace({ ...b, noCbo: true }, false);
  // Nor gives it statistics for a covering index no plain predicate leads.
  if (!idxKeys.length || idxKeys.some((k) => k.type === 1)) covStats = {};
  const cov = advice.covering[0];
  if (cov && !b.unnestKey) Object.assign(cov, !advice.indexes.length ? covStats : cov.index_property?.includes('ORDER') ? {} : stats);
  return advice;
}
