import type { Expr } from '../ast/index.js';

const isBool = (e: Expr, v: boolean): boolean => e.kind === 'Literal' && e.value === v;

/**
 * A WHERE conjunct with its boolean constants folded away, as conjuncts: `FALSE OR x` and
 * `x OR FALSE` are `x`, `TRUE AND x` and `x AND TRUE` are `x` (in N1QL's four-valued logic
 * these hold for x MISSING and NULL too), and an AND that results is split. So `c1 = "doc"
 * AND (false OR c2 = false)` sargs `c2` as the reference's constant folding lets it
 * (gsi/indexga case_indexga_bugs.json, MB-50071). Other conjuncts come back unchanged.
 */
export function foldConjunct(e: Expr): Expr[] {
  const f = fold(e);
  return f.kind === 'Binary' && f.op === 'AND' ? [...foldConjunct(f.left), ...foldConjunct(f.right)] : [f];
}

function fold(e: Expr): Expr {
  if (e.kind !== 'Binary' || (e.op !== 'OR' && e.op !== 'AND')) return e;
  const left = fold(e.left);
  const right = fold(e.right);
  const unit = e.op === 'OR' ? false : true;
  if (isBool(left, unit)) return right;
  if (isBool(right, unit)) return left;
  return left === e.left && right === e.right ? e : { ...e, left, right };
}
