import { describe, expect, it } from 'vitest';
import { expr, show } from './helpers.js';

/** Precedence through the printer, which parenthesises every operator (STYLE §3 habit 2). */
describe('operator precedence (lowest → highest: OR, AND, NOT, comparison, ||, + -, * / %, unary -, paths)', () => {
  it.each<[string, string]>([
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['1 * 2 + 3', '((1 * 2) + 3)'],
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['8 / 4 / 2', '((8 / 4) / 2)'],
    ['7 % 3 * 2', '((7 % 3) * 2)'],
    ['a || b + c', '(`a` || (`b` + `c`))'],
    ['a + b || c', '((`a` + `b`) || `c`)'],
    ['a || b = c', '((`a` || `b`) = `c`)'],
    ['a = b AND c = d', '((`a` = `b`) and (`c` = `d`))'],
    ['a OR b AND c', '(`a` or (`b` and `c`))'],
    ['a AND b OR c', '((`a` and `b`) or `c`)'],
    ['a OR b OR c', '((`a` or `b`) or `c`)'],
    ['NOT a = b', '(not (`a` = `b`))'],
    ['NOT a AND b', '((not `a`) and `b`)'],
    ['NOT NOT a', '(not (not `a`))'],
    ['-a * b', '((-`a`) * `b`)'],
    ['-a.b', '(-(`a`.`b`))'],
    ['-2 * 3', '(-2 * 3)'],
    ['a - -1', '(`a` - -1)'],
    ['-(1)', '(-(1))'],
    ['-(-1)', '(-(-1))'],
    ['a.b[0].c', '(((`a`.`b`)[0]).`c`)'],
    ['a BETWEEN 1 AND 2 AND c', '((`a` between 1 and 2) and `c`)'],
    ['a BETWEEN b + 1 AND c * 2', '(`a` between (`b` + 1) and (`c` * 2))'],
    ['a + 1 IN b', '((`a` + 1) in `b`)'],
    ["a || 'x' LIKE b", "((`a` || \"x\") like `b`)"],
    ['a IS NULL AND b IS NOT MISSING', '((`a` is null) and (`b` is not missing))'],
    ['a + 1 IS VALUED', '((`a` + 1) is valued)'],
    ['NOT a IS NULL', '(not (`a` is null))'],
    ['a = 1 OR NOT b LIKE c', '((`a` = 1) or (not (`b` like `c`)))'],
    ['(1 + 2) * 3', '((1 + 2) * 3)'],
    ['ANY v IN a SATISFIES v = 1 END AND b', '((any `v` in `a` satisfies (`v` = 1) end) and `b`)'],
    [
      "any v in tokens(product.name) satisfies v = 'x' end",
      '(any `v` in tokens((`product`.`name`)) satisfies (`v` = "x") end)',
    ],
    ['ARRAY lower(v) FOR v IN tokens(d) END', '(array lower(`v`) for `v` in tokens(`d`) end)'],
    ['EXISTS a.b', '(exists (`a`.`b`))'],
    ['CASE WHEN a = 1 THEN b + 1 END', 'case when (`a` = 1) then (`b` + 1) end'],
  ])('%s', (src, printed) => {
    expect(show(src)).toBe(printed);
  });

  it('re-parses every printed form to the same tree', () => {
    for (const src of ['1 + 2 * 3', 'NOT a = b OR c', 'a BETWEEN 1 AND 2 AND c', '-(1)', '-(-1)', '-a.b[1:]']) {
      expect(expr(show(src))).toEqual(expr(src));
    }
  });
});
