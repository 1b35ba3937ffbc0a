import { describe, expect, it } from 'vitest';
import type { Expr } from '../../../src/ast/index.js';
import { printExpr, printName, printValue } from '../../../src/syntax/index.js';
import { showStatement } from './helpers.js';

describe('printer', () => {
  it.each<[unknown, string]>([
    [undefined, 'missing'],
    [null, 'null'],
    [true, 'true'],
    [-0, '-0'],
    [1e21, '1e+21'],
    ['a"b\n\u0001', '"a\\"b\\n\\u0001"'],
    [[1, 'x'], '[1, "x"]'],
    [{ a: [null] }, '{"a": [null]}'],
  ])('prints the value %j as %s', (v, text) => {
    expect(printValue(v as never)).toBe(text);
  });

  it('backticks names and escapes backticks', () => {
    expect(printName('a`b')).toBe('`a``b`');
    expect(printName('x', true)).toBe('`x`i');
  });

  it('prints any field name as a backticked name, a leading NUL included, and a covered key as cover (…)', () => {
    const self: Expr = { kind: 'Self' };
    expect(printExpr({ kind: 'Field', target: self, name: '\u0000' })).toBe('(self.`\u0000`)');
    expect(printExpr({ kind: 'Field', target: self, name: '\u0000cover (x)' })).toBe('(self.`\u0000cover (x)`)');
    expect(printExpr({ kind: 'Field', target: self, name: 'anything', coveredKey: 'lower(`name`)' })).toBe('cover (lower(`name`))');
  });

  it('backticks function names that are keywords or not plain identifiers', () => {
    const f = (name: string): Expr => ({ kind: 'FunctionCall', name, args: [] });
    expect([printExpr(f('lower')), printExpr(f('first')), printExpr(f('my func'))]).toEqual(['lower()', '`first`()', '`my func`()']);
  });

  it.each<[string, string]>([
    ['SELECT * FROM t', 'select * from `t`'],
    ["SELECT RAW a.b AS x FROM ks k USE KEYS 'k' WHERE a > 1", 'select raw (`a`.`b`) as `x` from `ks` as `k` use keys "k" where (`a` > 1)'],
    ['select meta().id from product order by meta().id limit 2', 'select (meta().`id`) from `product` order by (meta().`id`) limit 2'],
    ['SELECT * FROM (SELECT 1) s', 'select * from (select 1) as `s`'],
    ['SELECT * FROM [1] x', 'select * from ([1]) as `x`'],
    ['CREATE INDEX i ON p(ALL DISTINCT ARRAY l FOR l IN tokens(u) END)', 'create index `i` on `p`((distinct (array `l` for `l` in tokens(`u`) end)))'],
    ['DROP INDEX p.i', 'drop index `i` on `p`'],
    ['PREPARE q FROM SELECT  1', 'prepare `q` from SELECT  1'],
    ['UPDATE t SET a = 1', 'update `t` set `a` = 1'],
    ["INSERT INTO t VALUES ('k', 1)", 'insert into `t` (key, value) values ("k", 1)'],
    // The reference's text of these paths (its EXPLAIN and FORMALIZE print them so).
    ['SELECT d.a[], d.a[*].b, d.a[1:], d.a[*] FROM t d', 'select ((`d`.`a`)[ : ]), (((`d`.`a`)[*]).`b`), ((`d`.`a`)[1 : ]), ((`d`.`a`)[*]) from `t` as `d`'],
  ])('%s', (src, printed) => {
    expect(showStatement(src)).toBe(printed);
  });
});
