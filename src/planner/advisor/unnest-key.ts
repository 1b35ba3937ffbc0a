/**
 * The leading array index key of a keyspace UNNESTed in the statement ("1. leading array index
 * for unnest"; couchbase/query `planner/build_advise_ee.go`, the suite's `gsi/advise` answers):
 * `ALL ARRAY mapping FOR v IN path END`, nested one level per UNNEST down to the deepest alias
 * a WHERE conjunct names (the deepest UNNEST when none does). The mapping is the key of the
 * conjuncts on the UNNEST aliases (several: `FLATTEN_KEYS(k1,k2)`), else the alias itself.
 */
import type { Expr } from '../../ast/index.js';
import { someExpr } from '../../ast/index.js';
import { simplePredicate } from './classify.js';
import { keyText, nameParts } from './key-text.js';

/** One UNNEST: its alias and its (formalized) expression. */
export interface UnnestLevel {
  alias: string;
  expr: Expr;
}

/** The array key, and the conjuncts it consumed; undefined when a conjunct on an alias is no key. */
export function unnestKey(levels: UnnestLevel[], conjuncts: Expr[]): { text: string; name: string; used: Expr[]; coverable: boolean } | undefined {
  const names = (e: Expr) => levels.filter((l) => someExpr(e, (x) => x.kind === 'Identifier' && x.name === l.alias)).map((l) => levels.indexOf(l));
  const used: Expr[] = [];
  const keys: { text: string; name: string; type: number }[] = [];
  let depth = -1;
  for (const c of conjuncts) {
    const at = names(c);
    if (!at.length) continue;
    const p = simplePredicate(c);
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
    return { text: `ALL ${keyText(level.expr)}`, name: ['ALL', ...nameParts(level.expr)].join('_'), used, coverable: false };
  }
  const mapping = keys.length === 0 ? `\`${level.alias}\`` : keys.length === 1 ? keys[0]!.text : `FLATTEN_KEYS(${keys.map((k) => k.text).join(',')})`;
  nameTail = keys.length === 0 ? [level.alias] : keys.flatMap((k) => dropVar(k.name.split('_'), k.name.split('_')[0]!));
  text = `ARRAY ${mapping} FOR ${level.alias} IN ${keyText(level.expr)} END`;
  for (let i = depth - 1; i >= 0; i--) text = `ARRAY (ALL ${text}) FOR ${levels[i]!.alias} IN ${keyText(levels[i]!.expr)} END`;
  const levelNames = levels.slice(0, depth + 1).flatMap((l, i) => (i === 0 ? nameParts(l.expr) : dropVar(nameParts(l.expr), levels[i - 1]!.alias)));
  // A covering index needs the deepest UNNEST's values themselves in the key.
  return { text: `ALL ${text}`, name: ['ALL', ...levelNames, ...nameTail].join('_'), used, coverable: depth === levels.length - 1 && keys.length > 0 };
}
