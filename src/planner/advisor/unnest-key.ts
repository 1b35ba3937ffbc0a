/**
 * The leading array index key of a keyspace UNNESTed in the statement ("1. leading array index
 * for unnest"; couchbase/query `planner/build_advise_ee.go`, the suite's `gsi/advise` answers):
 * `ALL ARRAY mapping FOR v IN path END`, nested one level per UNNEST down to the deepest alias
 * a WHERE conjunct names (the deepest UNNEST when none does). The mapping is the key of the
 * conjuncts on the UNNEST aliases (several: `FLATTEN_KEYS(k1,k2)`), else the alias itself.
 */
import type { Expr } from '../../ast/index.js';
import { someExpr } from '../../ast/index.js';
import { KS } from '../../semantic/formalize.js';
import { simplePredicate } from './classify.js';
import { keyText, nameParts } from './key-text.js';

/** One UNNEST: its alias and its (formalized) expression. */
export interface UnnestLevel {
  alias: string;
  expr: Expr;
}

/** The array key, and the conjuncts it consumed; undefined when a conjunct on an alias is no key. */
export interface UnnestKey {
  text: string;
  name: string;
  /** The conjuncts the key serves. */
  used: Expr[];
  /** A covering index can hold what the statement reads of the UNNEST aliases. */
  coverable: boolean;
  /** The reads of UNNEST aliases the key holds (key texts). */
  covered: string[];
  /** The other sides of the conjuncts the key serves (`branch.Id > t.cur - 2` → `cur-2`): a covering index holds them. */
  extras: Expr[];
  /** A conjunct the key serves only approximately (LIKE): no aggregate pushdown. */
  inexact: boolean;
}

const OP_TYPES: Record<string, number> = { '=': 2, '<': 5, '>': 5, '<=': 4, '>=': 4 };

export function unnestKey(levels: UnnestLevel[], conjuncts: Expr[]): UnnestKey | undefined {
  const names = (e: Expr) => levels.filter((l) => someExpr(e, (x) => x.kind === 'Identifier' && x.name === l.alias)).map((l) => levels.indexOf(l));
  const used: Expr[] = [];
  const extras: Expr[] = [];
  let inexact = false;
  const keys: { text: string; name: string; type: number }[] = [];
  let depth = -1;
  const key = (e: Expr, type: number) => ({ text: keyText(e), name: nameParts(e).join('_'), type });
  for (const c of conjuncts) {
    const at = names(c);
    if (!at.length) continue;
    let p: { text: string; name: string; type: number } | undefined = simplePredicate(c);
    if (!p && c.kind === 'Binary' && OP_TYPES[c.op] !== undefined) {
      // A comparison with the document's other fields: the UNNEST side is the key, the other side a covered value.
      const [l, r] = [names(c.left).length > 0, names(c.right).length > 0];
      if (l !== r) {
        p = key(l ? c.left : c.right, OP_TYPES[c.op]!);
        extras.push(l ? c.right : c.left);
      }
    }
    if (!p && c.kind === 'Like' && !c.not && names(c.operand).length && likePrefix(c.pattern)) {
      p = key(c.operand, 4);
      inexact = true;
    }
    if (!p) return undefined;
    used.push(c);
    depth = Math.max(depth, ...at);
    if (!keys.some((k) => k.text === p.text)) keys.push({ text: p.text, name: p.name, type: p.type });
  }
  if (depth < 0) depth = levels.length - 1;
  keys.sort((x, y) => x.type - y.type);
  const level = levels[depth]!;
  const dropVar = (parts: string[], v: string) => (parts[0] === v && parts.length > 1 ? parts.slice(1) : parts);
  let text: string;
  let nameTail: string[];
  if (depth === 0 && (keys.length === 0 || (keys.length === 1 && keys[0]!.text === `\`${level.alias}\``))) {
    // The alias itself on one level: the simple form `ALL path`.
    const deepest = depth === levels.length - 1 && keys.length > 0;
    return { text: `ALL ${pathText(level.expr)}`, name: ['ALL', ...nameParts(level.expr)].join('_'), used, coverable: deepest, covered: [`\`${level.alias}\``], extras, inexact };
  }
  const mapping = keys.length === 0 ? `\`${level.alias}\`` : keys.length === 1 ? keys[0]!.text : `FLATTEN_KEYS(${keys.map((k) => k.text).join(',')})`;
  const aliasNames = new Set(levels.map((l) => l.alias));
  nameTail = keys.length === 0 ? [level.alias] : keys.flatMap((k) => { const parts = k.name.split('_'); return aliasNames.has(parts[0]!) ? dropVar(parts, parts[0]!) : parts; });
  text = `ARRAY ${mapping} FOR ${level.alias} IN ${depth === 0 ? pathText(level.expr) : keyText(level.expr)} END`;
  for (let i = depth - 1; i >= 0; i--) text = `ARRAY (ALL ${text}) FOR ${levels[i]!.alias} IN ${pathText(levels[i]!.expr)} END`;
  const levelNames = levels.slice(0, depth + 1).flatMap((l, i) => (i === 0 ? nameParts(l.expr) : dropVar(nameParts(l.expr), levels[i - 1]!.alias)));
  // A covering index needs the deepest UNNEST's values themselves in the key.
  return {
    text: `ALL ${text}`,
    name: ['ALL', ...levelNames, ...nameTail].join('_'),
    used,
    coverable: depth === levels.length - 1 && keys.length > 0,
    covered: keys.map((k) => k.text),
    extras,
    inexact,
  };
}

/** A LIKE pattern an index range can serve: a parameter, or a string not starting with a wildcard. */
function likePrefix(p: Expr): boolean {
  if (p.kind === 'NamedParam' || p.kind === 'PositionalParam') return true;
  return p.kind === 'Literal' && typeof p.value === 'string' && p.value !== '' && !'%_'.includes(p.value[0]!);
}

/** An UNNEST's path of the keyspace as the reference prints it: `st.a11.b11.c11` → ``((`a11`).`b11`).`c11` ``. */
function pathText(e: Expr): string {
  const steps: string[] = [];
  let t: Expr = e;
  while (t.kind === 'Field') {
    steps.unshift(t.name);
    t = t.target;
  }
  if (steps.length < 2 || t.kind !== 'Identifier' || t.name !== KS) return keyText(e);
  let out = `(\`${steps[0]}\`)`;
  for (const n of steps.slice(1)) out = `(${out}.\`${n}\`)`;
  return out.slice(1, -1);
}
