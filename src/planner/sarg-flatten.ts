import type { ArrayFor, Expr } from '../ast/index.js';
import { arrayLevels } from '../catalog/index.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { jsonCopy } from '../values/index.js';
import { implies } from './implies.js';
import { nullRejecting } from './null-rejecting.js';
import { mergeRanges, sargKey, type SargResult } from './sarg.js';

/**
 * What an `ANY` conjunct gives the positions of one FLATTEN_KEYS array key
 * (catalog/flatten-keys.ts): a range list per flattened key (undefined: unconstrained), whether
 * the ranges select exactly the documents the ANY holds for, and the conjunct used.
 */
export interface FlattenGroupSarg {
  ranges: (SargResult | undefined)[];
  exact: boolean;
  used: Expr;
}

/** `e` with the identifiers of `names` renamed at once (index variables to the query's). */
function renameVariables(e: Expr, names: ReadonlyMap<string, string>): Expr {
  return jsonCopy(e, (_k, v) => (v && v.kind === 'Identifier' && names.has(v.name) ? { ...v, name: names.get(v.name) } : v));
}

const and = (parts: Expr[]): Expr => parts.reduce((l, r): Expr => ({ kind: 'Binary', op: 'AND', left: l, right: r }));

/** Flattens nested ANDs. */
function conjunctsOf(e: Expr): Expr[] {
  return e.kind === 'Binary' && e.op === 'AND' ? [...conjunctsOf(e.left), ...conjunctsOf(e.right)] : [e];
}

interface Descent {
  /** The conjuncts that hold for one innermost element (the query's variables). */
  parts: Expr[];
  /** The query's variables → the index's, one per level. */
  vars: Map<string, string>;
}

/**
 * Matches `ANY v IN path SATISFIES … END` (nested: `ANY c IN chapters SATISFIES (ANY p IN
 * c.pages SATISFIES … END) END`) to the levels of an array key: each level's binding must be the
 * ANY's (equivalent up to the variables), its WHEN implied by the ANY's conjuncts (and then
 * dropped: every indexed element satisfies it). The conjuncts of an outer level hold for each
 * inner element of the same outer element, so they join the innermost level's.
 * Source: couchbase/query `planner/sarg_flatten_keys.go` / `sarg_any.go`, simplified.
 */
function descend(c: Expr, levels: readonly ArrayFor[], d: number, vars: ReadonlyMap<string, string>, outer: Expr[]): Descent | undefined {
  if (c.kind !== 'Collection' || c.bindings.length !== 1) return undefined;
  if (d > 0 && c.quantifier !== 'ANY') return undefined;
  const b = c.bindings[0];
  const level = levels[d];
  if (level.bindings.length !== 1) return undefined;
  const lb = level.bindings[0];
  if (b.nameVariable || lb.nameVariable || b.within !== lb.within) return undefined;
  // A query variable named as another level's index variable (`ANY pg IN chapters SATISFIES
  // (ANY ch IN pg.pages …)` on `… FOR pg IN ch.pages END) FOR ch IN chapters`): not sarged, as the reference.
  if (levels.some((l, i) => i !== d && l.bindings[0]?.variable === b.variable)) return undefined;
  if (!exprEquivalent(b.expr, lb.expr, vars)) return undefined;
  const inner = new Map(vars).set(b.variable, lb.variable);
  let parts = conjunctsOf(c.satisfies);
  if (level.when) {
    const back = new Map([...inner].map(([q, i]) => [i, q]));
    const when = renameVariables(level.when, back);
    if (!implies(parts, when)) return undefined;
    const whenParts = conjunctsOf(when);
    parts = parts.filter((x) => !whenParts.some((w) => exprEquivalent(w, x)));
  }
  if (d === levels.length - 1) return { parts: [...outer, ...parts], vars: inner };
  for (let i = 0; i < parts.length; i++) {
    const r = descend(parts[i], levels, d + 1, inner, [...outer, ...parts.slice(0, i), ...parts.slice(i + 1)]);
    if (r) return r;
  }
  return undefined;
}

/**
 * Sargs the conjuncts of one ANY against the flattened keys of a group (their formalized index
 * key expressions, each `ARRAY kj FOR … END`): each conjunct of the element's predicate goes to
 * the first flattened key it is sargable on (two on the same key merge into one range). The
 * first flattened key must be constrained (or the predicate NULL-rejecting in it, or that key
 * INCLUDE MISSING): an element whose first flattened key is MISSING has no entry. Exact when
 * the quantifier is ANY and every conjunct is exactly one range list. Undefined when no ANY conjunct fits.
 */
export function sargFlattenGroup(conjuncts: readonly Expr[], keys: readonly Expr[], includeMissingFirst: boolean): FlattenGroupSarg | undefined {
  const levels = arrayLevels(keys[0]);
  if (!levels) return undefined;
  const mappings = keys.map((k) => {
    const l = arrayLevels(k);
    return l ? l[l.length - 1].mapping : undefined;
  });
  if (mappings.some((m) => !m)) return undefined;
  let best: { g: FlattenGroupSarg; constrained: number } | undefined;
  for (const c of conjuncts) {
    if (c.kind !== 'Collection' || (c.quantifier !== 'ANY' && c.quantifier !== 'ANY AND EVERY')) continue;
    const d = descend(c, levels, 0, new Map(), []);
    if (!d) continue;
    const ranges: (SargResult | undefined)[] = mappings.map(() => undefined);
    let exact = c.quantifier === 'ANY';
    for (const p of d.parts) {
      let placed = false;
      for (let j = 0; j < mappings.length && !placed; j++) {
        const r = sargKey(p, mappings[j]!, d.vars);
        if (!r) continue;
        placed = true;
        exact &&= r.exact;
        const prev = ranges[j];
        if (!prev) ranges[j] = r;
        else {
          const m = mergeRanges(prev, r);
          exact &&= !!m;
          ranges[j] = m ?? (prev.ranges.length <= r.ranges.length ? prev : r);
        }
      }
      if (!placed) exact = false;
    }
    if (!ranges[0]) {
      const first = mappings[0]!;
      if (d.parts.length > 0 && nullRejecting(and(d.parts), (e) => exprEquivalent(e, first, d.vars))) {
        ranges[0] = { ranges: [{ low: { kind: 'Literal', value: null }, inclusion: 0 }], exact: false };
      } else if (!includeMissingFirst) continue;
    }
    const constrained = ranges.filter((r) => r).length;
    if (!best || constrained > best.constrained || (constrained === best.constrained && exact && !best.g.exact)) best = { g: { ranges, exact, used: c }, constrained };
  }
  return best?.g;
}
