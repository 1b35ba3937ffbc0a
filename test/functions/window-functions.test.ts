/**
 * Window functions (`f(…) OVER (…)`): every function with MISSING and NULL rows, frames (ROWS,
 * RANGE, GROUPS, EXCLUDE), the WINDOW clause, and the errors. Expected rows and errors: the
 * reference engine's literal answers (n1ql-reference, couchbase/query 3582af6c) to the same
 * statements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../src/index.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

const ROWS: [statement: string, expected: unknown[], params?: Record<string, number>][] = [
  [
    "SELECT t.id, FIRST_VALUE(t.x) OVER (ORDER BY t.id) AS f, FIRST_VALUE(t.x) OVER (ORDER BY t.o) AS fo, LAST_VALUE(t.x) OVER (ORDER BY t.o) AS lo, NTH_VALUE(t.x,2) OVER (ORDER BY t.o) AS n2, NTH_VALUE(t.x,2) FROM LAST OVER (ORDER BY t.o ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS n2l, FIRST_VALUE(t.x) IGNORE NULLS OVER (ORDER BY t.id) AS fi FROM [{\"id\":1,\"p\":1,\"o\":1,\"x\":10},{\"id\":2,\"p\":1,\"o\":2,\"x\":null},{\"id\":3,\"p\":2,\"o\":1},{\"id\":4,\"p\":1,\"o\":2,\"x\":5},{\"id\":5,\"o\":3,\"x\":\"s\"}] AS t ORDER BY t.id",
    [{"id":1,"f":10,"lo":10,"n2":10,"n2l":5,"fi":10},{"id":2,"f":10,"lo":5,"n2":10,"n2l":5,"fi":10},{"id":3,"f":10,"lo":10,"n2":10,"n2l":5,"fi":10},{"id":4,"f":10,"lo":5,"n2":10,"n2l":5,"fi":10},{"id":5,"f":10,"lo":"s","n2":10,"n2l":5,"fi":10}],
  ],
  [
    "SELECT t.id, RATIO_TO_REPORT(t.x) OVER () AS r, RATIO_TO_REPORT(t.x) OVER (PARTITION BY t.p) AS rp, CUME_DIST() OVER (PARTITION BY t.p ORDER BY t.o) AS cd, PERCENT_RANK() OVER (PARTITION BY t.p ORDER BY t.o) AS pr FROM [{\"id\":1,\"p\":1,\"o\":1,\"x\":10},{\"id\":2,\"p\":1,\"o\":2,\"x\":null},{\"id\":3,\"p\":2,\"o\":1},{\"id\":4,\"p\":1,\"o\":2,\"x\":5},{\"id\":5,\"o\":3,\"x\":\"s\"}] AS t ORDER BY t.id",
    [{"id":1,"r":0.6666666666666666,"rp":0.6666666666666666,"cd":0.3333333333333333,"pr":0},{"id":2,"r":null,"rp":null,"cd":1,"pr":0.5},{"id":3,"r":null,"rp":null,"cd":1,"pr":0},{"id":4,"r":0.3333333333333333,"rp":0.3333333333333333,"cd":1,"pr":0.5},{"id":5,"r":null,"rp":null,"cd":1,"pr":0}],
  ],
  [
    "SELECT t.id, LAG(t.x) OVER (ORDER BY t.id) AS l, LAG(t.x) IGNORE NULLS OVER (ORDER BY t.id) AS li, LEAD(t.x, 2, 'd') OVER (ORDER BY t.id) AS ld, LEAD(t.x) IGNORE NULLS OVER (ORDER BY t.id) AS lei, LAG(t.x, 1, t.id) OVER (ORDER BY t.id) AS ldef FROM [{\"id\":1,\"p\":1,\"o\":1,\"x\":10},{\"id\":2,\"p\":1,\"o\":2,\"x\":null},{\"id\":3,\"p\":2,\"o\":1},{\"id\":4,\"p\":1,\"o\":2,\"x\":5},{\"id\":5,\"o\":3,\"x\":\"s\"}] AS t ORDER BY t.id",
    [{"id":1,"l":null,"li":null,"lei":5,"ldef":1},{"id":2,"l":10,"li":10,"ld":5,"lei":5,"ldef":10},{"id":3,"l":null,"li":10,"ld":"s","lei":5,"ldef":null},{"id":4,"li":10,"ld":"d","lei":"s"},{"id":5,"l":5,"li":5,"ld":"d","lei":null,"ldef":5}],
  ],
  [
    "SELECT t.id, t.p, NTILE(2) OVER (ORDER BY t.id) AS n2, NTILE(3) OVER (PARTITION BY t.p ORDER BY t.id) AS n3, NTILE(10) OVER (ORDER BY t.id) AS n10 FROM [{\"id\":1,\"p\":1,\"o\":1,\"x\":10},{\"id\":2,\"p\":1,\"o\":2,\"x\":null},{\"id\":3,\"p\":2,\"o\":1},{\"id\":4,\"p\":1,\"o\":2,\"x\":5},{\"id\":5,\"o\":3,\"x\":\"s\"}] AS t ORDER BY t.id",
    [{"id":1,"p":1,"n2":1,"n3":1,"n10":1},{"id":2,"p":1,"n2":1,"n3":2,"n10":2},{"id":3,"p":2,"n2":1,"n3":1,"n10":3},{"id":4,"p":1,"n2":2,"n3":3,"n10":4},{"id":5,"n2":2,"n3":1,"n10":5}],
  ],
  [
    "SELECT t.id, ARRAY_AGG(t.x) OVER (ORDER BY t.id ROWS 1 PRECEDING) AS a, MEDIAN(t.o) OVER (ORDER BY t.id) AS m, COUNT(*) OVER (ORDER BY t.o) AS c, SUM(t.x) FILTER (WHERE t.id > 1) OVER (ORDER BY t.id) AS sf FROM [{\"id\":1,\"p\":1,\"o\":1,\"x\":10},{\"id\":2,\"p\":1,\"o\":2,\"x\":null},{\"id\":3,\"p\":2,\"o\":1},{\"id\":4,\"p\":1,\"o\":2,\"x\":5},{\"id\":5,\"o\":3,\"x\":\"s\"}] AS t ORDER BY t.id",
    [{"id":1,"a":[10],"m":1,"c":2,"sf":null},{"id":2,"a":[null,10],"m":1.5,"c":4,"sf":null},{"id":3,"a":[null],"m":1,"c":2,"sf":null},{"id":4,"a":[5],"m":1.5,"c":4,"sf":5},{"id":5,"a":[5,"s"],"m":2,"c":5,"sf":5}],
  ],
  [
    "SELECT t.id, SUM(t.o) OVER (ORDER BY t.x RANGE BETWEEN 5 PRECEDING AND CURRENT ROW) AS r, SUM(t.o) OVER (ORDER BY t.x DESC RANGE BETWEEN 5 PRECEDING AND CURRENT ROW) AS rd, COUNT(1) OVER (ORDER BY t.x RANGE BETWEEN CURRENT ROW AND 100 FOLLOWING) AS rf FROM [{\"id\":1,\"p\":1,\"o\":1,\"x\":10},{\"id\":2,\"p\":1,\"o\":2,\"x\":null},{\"id\":3,\"p\":2,\"o\":1},{\"id\":4,\"p\":1,\"o\":2,\"x\":5},{\"id\":5,\"o\":3,\"x\":\"s\"}] AS t ORDER BY t.id",
    [{"id":1,"r":3,"rd":1,"rf":1},{"id":2,"r":2,"rd":2,"rf":1},{"id":3,"r":1,"rd":1,"rf":1},{"id":4,"r":2,"rd":3,"rf":2},{"id":5,"r":null,"rd":null,"rf":0}],
  ],
  [
    "SELECT t.o, SUM(t.x) OVER (ORDER BY t.o ROWS BETWEEN 2 FOLLOWING AND 1 FOLLOWING) AS r FROM [{\"o\":1,\"x\":1},{\"o\":2,\"x\":2}] AS t",
    [{"o":1,"r":null},{"o":2,"r":null}],
  ],
  [
    "SELECT t.o, COUNT(t.x) OVER (ORDER BY t.o GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE GROUP) AS g, COUNT(t.x) OVER (ORDER BY t.o GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE TIES) AS t2, SUM(t.x) OVER (ORDER BY t.o ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) AS r, MAX(t.x) OVER (ORDER BY t.o ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS mx, MIN(t.x) OVER (ORDER BY t.o ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING) AS mn FROM [{\"o\":1,\"x\":3},{\"o\":1,\"x\":1},{\"o\":2,\"x\":4},{\"o\":3,\"x\":1},{\"o\":3,\"x\":5},{\"o\":3},{\"o\":4,\"x\":9}] AS t ORDER BY t.o, t.x",
    [{"o":1,"g":1,"t2":2,"r":7,"mx":4,"mn":1},{"o":1,"g":1,"t2":2,"r":1,"mx":3,"mn":1},{"o":2,"g":4,"t2":5,"r":2,"mx":4,"mn":1},{"o":3,"g":2,"t2":2,"r":14,"mx":9,"mn":9},{"o":3,"g":2,"t2":3,"r":9,"mx":5,"mn":1},{"o":3,"g":2,"t2":3,"r":1,"mx":5,"mn":5},{"o":4,"g":2,"t2":3,"r":null,"mx":9,"mn":9}],
  ],
  [
    "SELECT t.id, SUM(t.x) OVER (PARTITION BY t.p ORDER BY t.id) AS s, COUNT(*) OVER (PARTITION BY t.p) AS c FROM [{\"id\":1,\"p\":1,\"x\":10},{\"id\":2,\"p\":null,\"x\":1},{\"id\":3,\"x\":2},{\"id\":4,\"p\":1,\"x\":5},{\"id\":5,\"p\":null,\"x\":7}] AS t ORDER BY t.id",
    [{"id":1,"s":10,"c":2},{"id":2,"s":1,"c":2},{"id":3,"s":2,"c":1},{"id":4,"s":15,"c":2},{"id":5,"s":8,"c":2}],
  ],
  [
    "SELECT t.k, ROW_NUMBER() OVER (ORDER BY t.v) AS rn, RANK() OVER (ORDER BY t.v) AS rk, DENSE_RANK() OVER (ORDER BY t.v) AS dr, PERCENT_RANK() OVER (ORDER BY t.v) AS pr, CUME_DIST() OVER (ORDER BY t.v) AS cd FROM [{\"k\":1,\"v\":3},{\"k\":2},{\"k\":3,\"v\":null},{\"k\":4,\"v\":3},{\"k\":5,\"v\":\"a\"},{\"k\":6,\"v\":1}] AS t ORDER BY t.k",
    [{"k":1,"rn":4,"rk":4,"dr":4,"pr":0.6,"cd":0.8333333333333334},{"k":2,"rn":1,"rk":1,"dr":1,"pr":0,"cd":0.16666666666666666},{"k":3,"rn":2,"rk":2,"dr":2,"pr":0.2,"cd":0.3333333333333333},{"k":4,"rn":5,"rk":4,"dr":4,"pr":0.6,"cd":0.8333333333333334},{"k":5,"rn":6,"rk":6,"dr":5,"pr":1,"cd":1},{"k":6,"rn":3,"rk":3,"dr":3,"pr":0.4,"cd":0.5}],
  ],
  [
    "SELECT t.k, ROW_NUMBER() OVER (ORDER BY t.v DESC NULLS FIRST, t.k) AS rn, RANK() OVER (ORDER BY t.v NULLS LAST) AS rk FROM [{\"k\":1,\"v\":3},{\"k\":2},{\"k\":3,\"v\":null},{\"k\":4,\"v\":3},{\"k\":5,\"v\":\"a\"},{\"k\":6,\"v\":1}] AS t ORDER BY t.k",
    [{"k":1,"rn":4,"rk":2},{"k":2,"rn":2,"rk":5},{"k":3,"rn":1,"rk":6},{"k":4,"rn":5,"rk":2},{"k":5,"rn":3,"rk":4},{"k":6,"rn":6,"rk":1}],
  ],
  [
    "SELECT t.k, SUM(t.v) OVER (ORDER BY t.k ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS s, AVG(t.v) OVER (ORDER BY t.k ROWS 2 PRECEDING) AS a, COUNT(t.v) OVER (ORDER BY t.k ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS c, COUNTN(t.v) OVER (ORDER BY t.k) AS cn, MIN(t.v) OVER (ORDER BY t.k ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS mn, MAX(t.v) OVER (ORDER BY t.k ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING) AS mx FROM [{\"k\":1,\"v\":3},{\"k\":2},{\"k\":3,\"v\":null},{\"k\":4,\"v\":3},{\"k\":5,\"v\":\"a\"},{\"k\":6,\"v\":1}] AS t ORDER BY t.k",
    [{"k":1,"s":3,"a":3,"c":4,"cn":1,"mn":3,"mx":3},{"k":2,"s":3,"a":3,"c":3,"cn":1,"mn":3,"mx":"a"},{"k":3,"s":3,"a":3,"c":3,"cn":1,"mn":3,"mx":"a"},{"k":4,"s":3,"a":3,"c":3,"cn":2,"mn":3,"mx":"a"},{"k":5,"s":4,"a":3,"c":2,"cn":2,"mn":3,"mx":1},{"k":6,"s":1,"a":2,"c":1,"cn":3,"mn":1,"mx":null}],
  ],
  [
    "SELECT t.k, SUM(t.k) OVER (ORDER BY t.v GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) AS g1, SUM(t.k) OVER (ORDER BY t.v GROUPS BETWEEN CURRENT ROW AND 1 FOLLOWING EXCLUDE CURRENT ROW) AS g2, SUM(t.k) OVER (ORDER BY t.v RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING EXCLUDE TIES) AS r1, SUM(t.k) OVER (ORDER BY t.v RANGE BETWEEN 1 PRECEDING AND 2 FOLLOWING) AS r2, SUM(t.k) OVER (ORDER BY t.v GROUPS 2 PRECEDING) AS g3 FROM [{\"k\":1,\"v\":3},{\"k\":2},{\"k\":3,\"v\":null},{\"k\":4,\"v\":3},{\"k\":5,\"v\":\"a\"},{\"k\":6,\"v\":1}] AS t ORDER BY t.k",
    [{"k":1,"g1":11,"g2":9,"r1":17,"r2":5,"g3":14},{"k":2,"g1":2,"g2":3,"r1":21,"r2":2,"g3":2},{"k":3,"g1":5,"g2":6,"r1":21,"r2":3,"g3":5},{"k":4,"g1":11,"g2":6,"r1":20,"r2":5,"g3":14},{"k":5,"g1":10,"g2":null,"r1":21,"r2":null,"g3":16},{"k":6,"g1":9,"g2":5,"r1":21,"r2":11,"g3":11}],
  ],
  [
    "SELECT t.k, FIRST_VALUE(t.v) OVER (ORDER BY t.k ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING) AS f, LAST_VALUE(t.v) IGNORE NULLS OVER (ORDER BY t.k ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS l, NTH_VALUE(t.v, 2) IGNORE NULLS OVER (ORDER BY t.k ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS n, NTH_VALUE(t.v, 2) FROM LAST OVER (ORDER BY t.k ROWS BETWEEN 2 PRECEDING AND CURRENT ROW EXCLUDE CURRENT ROW) AS nlast FROM [{\"k\":1,\"v\":3},{\"k\":2},{\"k\":3,\"v\":null},{\"k\":4,\"v\":3},{\"k\":5,\"v\":\"a\"},{\"k\":6,\"v\":1}] AS t ORDER BY t.k",
    [{"k":1,"l":3,"n":3,"nlast":null},{"k":2,"f":null,"l":3,"n":3,"nlast":null},{"k":3,"f":3,"l":3,"n":3,"nlast":3},{"k":4,"f":"a","l":3,"n":3},{"k":5,"f":1,"l":"a","n":3,"nlast":null},{"k":6,"f":null,"l":1,"n":3,"nlast":3}],
  ],
  [
    "SELECT t.k, LEAD(t.v) OVER (ORDER BY t.k) AS ld, LAG(t.v, 2) OVER (ORDER BY t.k) AS lg, LEAD(t.v, 2) IGNORE NULLS OVER (ORDER BY t.k) AS ldi, LAG(t.v, 1, 'none') IGNORE NULLS OVER (ORDER BY t.k) AS lgi FROM [{\"k\":1,\"v\":3},{\"k\":2},{\"k\":3,\"v\":null},{\"k\":4,\"v\":3},{\"k\":5,\"v\":\"a\"},{\"k\":6,\"v\":1}] AS t ORDER BY t.k",
    [{"k":1,"lg":null,"ldi":"a","lgi":"none"},{"k":2,"ld":null,"lg":null,"ldi":"a","lgi":3},{"k":3,"ld":3,"lg":3,"ldi":"a","lgi":3},{"k":4,"ld":"a","ldi":1,"lgi":3},{"k":5,"ld":1,"lg":null,"ldi":null,"lgi":3},{"k":6,"ld":null,"lg":3,"ldi":null,"lgi":"a"}],
  ],
  [
    "SELECT t.k, SUM(DISTINCT t.v) OVER (ORDER BY t.k ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS sd, COUNT(DISTINCT t.v) OVER () AS cd, ARRAY_AGG(DISTINCT t.v) OVER (ORDER BY t.k) AS ad, MEDIAN(t.v) OVER (ORDER BY t.k ROWS 3 PRECEDING) AS md, VARIANCE(t.v) OVER (ORDER BY t.k ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS vr, STDDEV_POP(t.v) OVER (ORDER BY t.k) AS sp FROM [{\"k\":1,\"v\":3},{\"k\":2},{\"k\":3,\"v\":null},{\"k\":4,\"v\":3},{\"k\":5,\"v\":\"a\"},{\"k\":6,\"v\":1}] AS t ORDER BY t.k",
    [{"k":1,"sd":3,"cd":3,"ad":[3],"md":3,"vr":0,"sp":0},{"k":2,"sd":3,"cd":3,"ad":[3],"md":3,"vr":0,"sp":0},{"k":3,"sd":3,"cd":3,"ad":[null,3],"md":3,"vr":0,"sp":0},{"k":4,"sd":3,"cd":3,"ad":[null,3],"md":3,"vr":0,"sp":0},{"k":5,"sd":3,"cd":3,"ad":[null,3,"a"],"md":3,"vr":2,"sp":0},{"k":6,"sd":4,"cd":3,"ad":[null,1,3,"a"],"md":2,"vr":0,"sp":0.9428090415820634}],
  ],
  [
    "SELECT t.k, SUM(t.k) OVER w1 AS a, SUM(t.k) OVER (w2 ROWS CURRENT ROW) AS b, ROW_NUMBER() OVER w3 AS c FROM [{\"k\":1,\"g\":1},{\"k\":2,\"g\":2},{\"k\":3,\"g\":1},{\"k\":4,\"g\":2}] AS t WINDOW w1 AS (PARTITION BY t.g), w2 AS (w1 ORDER BY t.k), w3 AS (w2) ORDER BY t.k",
    [{"k":1,"a":4,"b":1,"c":1},{"k":2,"a":6,"b":2,"c":1},{"k":3,"a":4,"b":3,"c":2},{"k":4,"a":6,"b":4,"c":2}],
  ],
  [
    "SELECT t.g, COUNT(*) AS c, SUM(COUNT(*)) OVER (ORDER BY t.g) AS running, RANK() OVER (ORDER BY COUNT(*) DESC) AS r FROM [{\"k\":1,\"g\":1},{\"k\":2,\"g\":2},{\"k\":3,\"g\":1},{\"k\":4,\"g\":2},{\"k\":5,\"g\":3},{\"k\":6,\"g\":1}] AS t GROUP BY t.g ORDER BY t.g",
    [{"g":1,"c":3,"running":3,"r":1},{"g":2,"c":2,"running":5,"r":2},{"g":3,"c":1,"running":6,"r":3}],
  ],
  [
    "SELECT RAW ROW_NUMBER() OVER (ORDER BY t.k DESC) FROM [{\"k\":1},{\"k\":2},{\"k\":3}] AS t ORDER BY ROW_NUMBER() OVER (ORDER BY t.k DESC)",
    [1,2,3],
  ],
  [
    "SELECT DISTINCT COUNT(*) OVER (PARTITION BY t.g) AS c FROM [{\"k\":1,\"g\":1},{\"k\":2,\"g\":2},{\"k\":3,\"g\":1}] AS t",
    [{"c":2},{"c":1}],
  ],
  [
    "SELECT t.k, SUM(t.k) OVER (ORDER BY t.k ROWS BETWEEN $a PRECEDING AND $b FOLLOWING) AS s FROM [{\"k\":1},{\"k\":2},{\"k\":3},{\"k\":4}] AS t ORDER BY t.k",
    [{"k":1,"s":6},{"k":2,"s":10},{"k":3,"s":9},{"k":4,"s":7}],
    {"a":1,"b":2,"c":-1},
  ],
  [
    "SELECT t.k, ROW_NUMBER() OVER () AS r FROM [{\"k\":1},{\"k\":2},{\"k\":3}] AS t ORDER BY t.k LIMIT 2",
    [{"k":1,"r":1},{"k":2,"r":2}],
  ],
  [
    "SELECT t.k, SUM(t.k) OVER (ORDER BY t.k RANGE BETWEEN 0.5 PRECEDING AND 1.5 FOLLOWING) AS s FROM [{\"k\":1},{\"k\":1.5},{\"k\":2},{\"k\":4}] AS t ORDER BY t.k",
    [{"k":1,"s":4.5},{"k":1.5,"s":4.5},{"k":2,"s":3.5},{"k":4,"s":4}],
  ],
  [
    "SELECT t.k, COUNT(1) OVER (ORDER BY t.v RANGE BETWEEN 1 FOLLOWING AND 3 FOLLOWING) AS c, COUNT(1) OVER (ORDER BY t.v DESC RANGE BETWEEN 3 PRECEDING AND 1 PRECEDING) AS d FROM [{\"k\":1,\"v\":1},{\"k\":2,\"v\":2},{\"k\":3,\"v\":4},{\"k\":4,\"v\":4},{\"k\":5},{\"k\":6,\"v\":true},{\"k\":7,\"v\":9}] AS t ORDER BY t.k",
    [{"k":1,"c":3,"d":3},{"k":2,"c":2,"d":2},{"k":3,"c":0,"d":0},{"k":4,"c":0,"d":0},{"k":5,"c":1,"d":1},{"k":6,"c":0,"d":0},{"k":7,"c":0,"d":0}],
  ],
  [
    "SELECT t.k, SUM(t.k) OVER (PARTITION BY t.g ORDER BY t.k ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS s FROM [{\"k\":1,\"g\":\"a\"},{\"k\":2,\"g\":\"b\"},{\"k\":3,\"g\":\"a\"},{\"k\":4},{\"k\":5,\"g\":null},{\"k\":6}] AS t ORDER BY t.k",
    [{"k":1,"s":null},{"k":2,"s":null},{"k":3,"s":1},{"k":4,"s":null},{"k":5,"s":null},{"k":6,"s":4}],
  ],
];

const ERRORS: [statement: string, code: number, message: string, params?: Record<string, number>][] = [
  ["SELECT t.id FROM [{\"id\":1}] AS t WHERE ROW_NUMBER() OVER () > 1", 4000, "Window Aggregates not allowed in WHERE (near line 1, column 40)."],
  ["SELECT SUM(ROW_NUMBER() OVER ()) OVER () AS r FROM [{\"id\":1}] AS t", 4000, "Window aggregates are not allowed inside Window Aggregates (near line 1, column 8)."],
  ["SELECT RANK() OVER () AS r FROM [{\"id\":1}] AS t", 3220, "RANK window function ORDER BY clause is required."],
  ["SELECT SUM(t.x) OVER (ORDER BY t.o ROWS -1 PRECEDING) AS r FROM [{\"id\":1}] AS t", 3220, "SUM window function window frame value expression is invalid."],
  ["SELECT SUM(t.x) OVER (ORDER BY t.o, t.id RANGE 1 PRECEDING) AS r FROM [{\"id\":1}] AS t", 3220, "SUM window function multiple ORDER BY terms are not allowed."],
  ["SELECT ROW_NUMBER() OVER (ORDER BY t.o ROWS 1 PRECEDING) AS r FROM [{\"id\":1}] AS t", 3220, "ROW_NUMBER window function window frame is not allowed."],
  ["SELECT SUM(t.x) OVER w AS r FROM [{\"id\":1}] AS t", 6500, "Window w not in the scope of window clause"],
  ["SELECT SUM(t.x) OVER w AS r FROM [{\"id\":1}] AS t WINDOW w AS (), w AS (ORDER BY t.o)", 6500, "Duplicate window clause alias w."],
  ["SELECT NTILE(0) OVER (ORDER BY t.o) AS r FROM [{\"id\":1}] AS t", 5340, "Error evaluating Window function. - cause: ntile Invalid argument: 0."],
  ["SELECT NTH_VALUE(t.x, 0) OVER (ORDER BY t.o) AS r FROM [{\"id\":1}] AS t", 5340, "Error evaluating Window function. - cause: nth_value() second argument (near line 1, column 23) must evaluate to a positive integer."],
  ["SELECT LAG(t.x, -1) OVER (ORDER BY t.o) AS r FROM [{\"id\":1}] AS t", 3220, "LAG window function second value must be positive non zero integer."],
  ["SELECT SUM(t.x) OVER (ORDER BY t.o ROWS UNBOUNDED FOLLOWING) AS r FROM [{\"id\":1}] AS t", 3220, "SUM window function invalid frame."],
  ["SELECT SUM(t.x) OVER (ORDER BY t.o ROWS BETWEEN CURRENT ROW AND 1 PRECEDING) AS r FROM [{\"id\":1}] AS t", 3220, "SUM window function invalid window frame."],
  ["SELECT ROW_NUMBER(DISTINCT t.x) OVER (ORDER BY t.o) AS r FROM [{\"id\":1}] AS t", 3000, "Invalid aggregate function ROW_NUMBER (near line 1, column 8)."],
  ["SELECT t.id FROM [{\"id\":1}] AS t GROUP BY ROW_NUMBER() OVER ()", 4000, "Window Aggregates not allowed in GROUP BY (near line 1, column 43)."],
  ["SELECT t.id FROM [{\"id\":1}] AS t LET a = ROW_NUMBER() OVER ()", 4000, "Window Aggregates not allowed in LET (near line 1, column 42)."],
  ["SELECT COUNT(1) FROM [{\"id\":1}] AS t GROUP BY t.p HAVING ROW_NUMBER() OVER () > 1", 4000, "Window Aggregates not allowed in HAVING (near line 1, column 58)."],
  ["SELECT LAG(t.x, 1, 0, 3) OVER (ORDER BY t.o) AS r FROM [{\"id\":1}] AS t", 3000, "Number of arguments to function LAG must be between 1 and 3 (near line 1, column 12)."],
  ["SELECT LAG(t.x) OVER () AS r FROM [{\"id\":1}] AS t", 3220, "LAG window function ORDER BY clause is required."],
  ["SELECT SUM(t.x) OVER (RANGE 1 PRECEDING) AS r FROM [{\"id\":1}] AS t", 3220, "SUM window function window frame is not allowed without ORDER BY."],
  ["SELECT COUNT(1) FROM [{\"id\":1}] AS t GROUP BY t.p LETTING a = ROW_NUMBER() OVER ()", 4000, "Window Aggregates not allowed in LETTING (near line 1, column 63)."],
  ["SELECT ROW_NUMBER(t.x) OVER () AS r FROM [{\"id\":1}] AS t", 3000, "Number of arguments to function ROW_NUMBER must be 0 (near line 1, column 19)."],
  ["SELECT NTH_VALUE(t.x, 1.5) OVER (ORDER BY t.o) AS r FROM [{\"id\":1}] AS t", 3220, "NTH_VALUE window function second value must be positive non zero integer."],
  ["SELECT SUM(t.x) IGNORE NULLS OVER (ORDER BY t.o) AS r FROM [{\"id\":1}] AS t", 3000, "RESPECT|IGNORE NULLS syntax is not valid for function SUM (near line 1, column 17)."],
  ["SELECT SUM(t.x) OVER (ORDER BY t.o ROWS BETWEEN 1 FOLLOWING AND CURRENT ROW) AS r FROM [{\"id\":1}] AS t", 3220, "SUM window function invalid window frame."],
  ["SELECT SUM(t.x) OVER (ROWS 1 PRECEDING) AS r FROM [{\"id\":1}] AS t", 3220, "SUM window function window frame is not allowed without ORDER BY."],
  ["SELECT t.k, SUM(t.k) OVER (ORDER BY t.k ROWS BETWEEN $c PRECEDING AND CURRENT ROW) AS s FROM [{\"k\":1},{\"k\":2}] AS t", 5340, "Error inital setup - cause: value_expr must be a constant or expression and must evaluate to a positive numeric value.", {"a":1,"b":2,"c":-1}],
  ["SELECT SUM(t.k) OVER (ORDER BY t.k ROWS BETWEEN 1.5 PRECEDING AND CURRENT ROW) AS s FROM [{\"k\":1}] AS t", 3220, "SUM window function window frame value expression is invalid."],
];

describe('window functions: rows', () => {
  for (const [statement, expected, params] of ROWS) {
    it(statement, async () => {
      expect((await db.query(statement, params ? { params } : {})).results).toEqual(expected);
    });
  }
});

describe('window functions: errors', () => {
  for (const [statement, code, message, params] of ERRORS) {
    it(statement, async () => {
      const err = await db.query(statement, params ? { params } : {}).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(QueryError);
      expect({ code: (err as QueryError).code, message: (err as QueryError).message }).toEqual({ code, message });
    });
  }
});
