// Expected values: answers of the reference engine (couchbase/query cbq-engine, via n1ql-reference,
// `SELECT SANITIZE("…")`) and of its suite (gsi/sanitize_statement_function).
import { describe, expect, it } from 'vitest';
import { call, MISSING, table, throws } from './table.js';
import type { Value } from '../../src/values/index.js';

const q = (statement: string, parametersMap: Record<string, Value> | null): Value => ({ parametersMap, statement });

table('SANITIZE', [
  [['SELECT 1'], q('select $_n1', { $_n1: 1 })],
  [
    ['SELECT a FROM b WHERE c > 3 AND d IN [1,2] ORDER BY e DESC'],
    q('select (`b`.`a`) from `default`:`b` where (($_n1 < (`b`.`c`)) and ((`b`.`d`) in $_n2))  ORDER BY (`b`.`e`) $_n3', { $_n1: 3, $_n2: [1, 2], $_n3: 'desc' }),
  ],
  [
    ['SELECT a FROM b WHERE c >= 3 AND d LIKE "x%" ORDER BY e'],
    q('select (`b`.`a`) from `default`:`b` where (($_n1 <= (`b`.`c`)) and ((`b`.`d`) like $_n2 escape $_n3))  ORDER BY (`b`.`e`)', { $_n1: 3, $_n2: 'x%', $_n3: '\\' }),
  ],
  [['SELECT 1 + 2, "x"'], q('select ($_n1 + $_n2), $_n3', { $_n1: 1, $_n2: 2, $_n3: 'x' })],
  [['SELECT 5*2, -4'], q('select ($_n1 * $_n2), (-$_n3)', { $_n1: 5, $_n2: 2, $_n3: 4 })],
  [['DELETE FROM k WHERE a = "x"'], q('delete from `default`:`k` as k where ((`k`.`a`) = $_n1)', { $_n1: 'x' })],
  [['CREATE INDEX i ON k(a DESC) WHERE a > 1'], q('CREATE INDEX `i` ON `default`:`k`(`a` DESC) WHERE (1 < `a`)', null)],
  [
    ['INSERT INTO orders as d (KEY,VALUE,OPTIONS) VALUES ("k1",{"a_key":1}, { "expiration": 5*24*60*60 }),("k2", {"b_key":2}) RETURNING d.*'],
    q('insert into `default`:`orders` as `d` values($_n1,$_n2,$_n3),($_n4,$_n5) returning `d`.*', { $_n1: 'k1', $_n2: { a_key: 1 }, $_n3: { expiration: 432000 }, $_n4: 'k2', $_n5: { b_key: 2 } }),
  ],
  [['CREATE USER joe PASSWORD "secret" WITH "Joe Frazer"'], q('CREATE USER `joe` PASSWORD "****" WITH "Joe Frazer"', null)],
  [['GRANT select, query_delete ON orders TO GROUPS g1'], q('GRANT `select`, `query_delete` ON `default`:`orders` TO GROUPS `g1`', null)],
  [['CREATE SCOPE orders.sc1 IF NOT EXISTS'], q('CREATE SCOPE IF NOT EXISTS `default`:`orders`.`sc1`', null)],
  [['BEGIN WORK'], q('START TRANSACTION ISOLATION LEVEL READ COMMITTED', null)],
  // Suite gsi/sanitize_statement_function case_statements#89: ADVISE with its optional INDEX word.
  [['ADVISE INDEX SELECT * FROM orders WHERE fld=1'], q('ADVISE select self.* from `default`:`orders` where ((`orders`.`fld`) = $_n1)', { $_n1: 1 })],
  [
    ['SELECT a.x FROM a JOIN b ON a.k = b.k WHERE a.z = 2'],
    q('select (`a`.`x`) from `default`:`a` join `default`:`b` on ((`a`.`k`) = (`b`.`k`)) where ((`a`.`z`) = $_n1)', { $_n1: 2 }),
  ],
  // 5010 wrapping 3080 "Ambiguous reference to field 'y' (near line 1, column 13)."
  [['SELECT a.x, y FROM a JOIN b ON a.k = b.k'], throws(5010)],
  [["SELECT DISTINCT RAW a.b[0] FROM k WHERE ANY v IN c SATISFIES v = 1 END"], q("select distinct raw (((`k`.`a`).`b`)[$_n2]) from `default`:`k` where any `v` in (`k`.`c`) satisfies (`v` = $_n1) end", { $_n1: 1, $_n2: 0 })],
  [["SELECT a FROM k UNION ALL SELECT b FROM k2"], q("select (`k`.`a`) from `default`:`k` union all select (`k2`.`b`) from `default`:`k2`", null)],
  [["SELECT a FROM k WHERE b IN (SELECT RAW c FROM k2 WHERE d = 1) ORDER BY a NULLS FIRST OFFSET 5"], q("select (`k`.`a`) from `default`:`k` where ((`k`.`b`) in (select raw (`k2`.`c`) from `default`:`k2` where ((`k2`.`d`) = $_n1)))  ORDER BY (`k`.`a`) offset $_n2", { $_n1: 1, $_n2: 5 })],
  [["SELECT ARRAY v.x FOR v IN a WHEN v.y = 2 END FROM k"], q("select array (`v`.`x`) for `v` in (`k`.`a`) when ((`v`.`y`) = $_n1) end from `default`:`k`", { $_n1: 2 })],
  [["SELECT COUNT(DISTINCT a), MAX(b) FROM k GROUP BY c"], q("select count(DISTINCT (`k`.`a`)), max((`k`.`b`)) from `default`:`k`  group by (`k`.`c`)", null)],
  [["UPDATE k SET a = 1 WHERE b = 2 RETURNING a"], q("update `default`:`k` as `k` set `k`.`a` = $_n1 where ((`k`.`b`) = $_n2) returning (`k`.`a`)", { $_n1: 1, $_n2: 2 })],
  [["CREATE INDEX ix ON k(DISTINCT ARRAY v.a FOR v IN arr END, b DESC) USING GSI"], q("CREATE INDEX `ix` ON `default`:`k`((distinct (array (`v`.`a`) for `v` in `arr` end)), `b` DESC) USING GSI", null)],
  [["CREATE INDEX ix ON k(ALL arr)"], q("CREATE INDEX `ix` ON `default`:`k`((all (`arr`)))", null)],
  [["SELECT a.x FROM k a JOIN k2 b ON KEYS a.fk"], q("select (`a`.`x`) from `default`:`k` as `a` join `default`:`k2` as `b` on keys (`a`.`fk`)", null)],
  [["SELECT a FROM k WHERE a = 'it''s' OR a = \"q\\\"x\""], q("select (`k`.`a`) from `default`:`k` where (((`k`.`a`) = $_n1) or ((`k`.`a`) = $_n2))", { $_n1: "it's", $_n2: "q\"x" })],
  [["SELECT a FROM k LET x = a + 1 WHERE x > 2"], q("select (`k`.`a`) from `default`:`k` let `x` = ((`k`.`a`) + $_n1) where ($_n2 < `x`)", { $_n1: 1, $_n2: 2 })],
  [["SELECT SUM(a) FILTER (WHERE b > 1) FROM k"], q("select sum((`k`.`a`)) FILTER (WHERE ($_n1 < (`k`.`b`))) from `default`:`k`", { $_n1: 1 })],
  [["MERGE INTO k t USING k2 s ON t.id = s.id WHEN MATCHED THEN UPDATE SET t.v = s.v WHEN NOT MATCHED THEN INSERT (KEY s.id, VALUE s)"], q("merge into `default`:`k` as `t` using `default`:`k2` as `s` on ((`t`.`id`) = (`s`.`id`)) when matched then update set `t`.`v` = (`s`.`v`) when not matched then insert(key (`s`.`id`), value `s`)", null)],
  [["SELECT * FROM k USE INDEX (ix1) WHERE a = 1 ORDER BY a DESC NULLS LAST LIMIT 1"], q("select self.* from `default`:`k` use index (ix1) where ((`k`.`a`) = $_n1)  ORDER BY (`k`.`a`) $_n2 NULLS LAST limit $_n3", { $_n1: 1, $_n2: "desc", $_n3: 1 })],
  [["EXECUTE FUNCTION f()"], q("EXECUTE FUNCTION `default`:`f`", null)],
  [["SELECT a FROM k WHERE a NOT IN [\"x\"] AND b NOT LIKE \"y%\" AND c NOT BETWEEN 1 AND 2"], q("select (`k`.`a`) from `default`:`k` where (((not ((`k`.`a`) in $_n1)) and (not ((`k`.`b`) like $_n2 escape $_n3))) and (not ((`k`.`c`) between $_n4 and $_n5)))", { $_n1: ["x"], $_n2: "y%", $_n3: "\\", $_n4: 1, $_n5: 2 })],
  [["SELECT a FROM k AS t1, k2 AS t2 WHERE t1.a = t2.b"], throws(5010)],
  [['SELEC x'], throws(5010)],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
  [[true], null],
  [[[]], null],
]);
table('SANITIZE_STATEMENT', [[['SELECT 1'], q('select $_n1', { $_n1: 1 })]]);

describe('SANITIZE', () => {
  it('parameterizes the constants of a block in the reference order (LET, WHERE, GROUP BY, LETTING, HAVING, then the projection)', () => {
    expect(call('SANITIZE', 'SELECT d1.x, COUNT(1) FROM orders d1 GROUP BY d1.x LETTING x=1 HAVING COUNT(1)>x')).toEqual(
      q('select (`d1`.`x`), count($_n3) from `default`:`orders` as `d1`  group by (`d1`.`x`) letting `x` = $_n1 having (`x` < count($_n2))', { $_n1: 1, $_n2: 1, $_n3: 1 }),
    );
  });
});
