/**
 * Correlated subqueries (audit bug 3): a name an enclosing query binds (an outer keyspace alias,
 * LET variable, UNNEST alias or ANY variable) is that binding inside the subquery, never a field
 * of the subquery's keyspace: the evaluator resolves it through the scope chain
 * (`compileIdentifier` → `isBound`), so the planner must not turn a predicate on it into a span
 * of an index of the inner keyspace (nor an ORDER BY on it into the index order). Each query is
 * run with and without the indexes; the expected rows are worked out from the full-scan
 * semantics by hand.
 */
import { describe, expect, it } from 'vitest';
import type { SelectStatement } from '../../src/ast/index.js';
import { buildSelect } from '../../src/planner/build-select.js';
import type { Catalog, IndexInfo } from '../../src/planner/catalog.js';
import type { SubselectPlan } from '../../src/planner/logical-plan.js';
import { parseStatement } from '../../src/syntax/parse.js';
import { scanPair } from './scan-pair.js';

describe('correlated subquery: outer names are not fields of the inner keyspace', () => {
  it('an outer LET variable, keyspace alias, UNNEST alias and ANY variable', async () => {
    const p = await scanPair(
      {
        d1: { v: 1, a: 3, o: { v: 1 }, u: 1, x: 1, arr: [2] },
        d2: { v: 2, a: 1, o: { v: 2 }, u: 2, x: 5, arr: [2] },
      },
      ['CREATE INDEX ixv ON ks(v)', 'CREATE INDEX ixov ON ks(o.v)', 'CREATE INDEX ixu ON ks(u)', 'CREATE INDEX ixx ON ks(x)'],
    );
    try {
      // Outer LET v = 2: `v = 1` is false for every inner row.
      await p.expectRows('SELECT (SELECT RAW META(i).id FROM ks AS i WHERE v = 1) AS r FROM ks AS o LET v = 2 WHERE META(o).id = "d2"', [{ r: [] }]);
      // …and `v = 2` true for every inner row.
      await p.expectRows('SELECT (SELECT RAW META(i).id FROM ks AS i WHERE v = 2 ORDER BY META(i).id) AS r FROM ks AS o LET v = 2 WHERE META(o).id = "d2"', [{ r: ['d1', 'd2'] }]);
      // Outer alias o (d2): o.v is 2, not the inner documents' field o.v.
      await p.expectRows('SELECT RAW (SELECT RAW META(i).id FROM ks AS i WHERE o.v = 1) FROM ks AS o WHERE META(o).id = "d2"', [[]]);
      // Outer UNNEST alias u (d2's element 2).
      await p.expectRows('SELECT RAW (SELECT RAW META(i).id FROM ks AS i WHERE u = 1) FROM ks AS o UNNEST o.arr AS u WHERE META(o).id = "d2"', [[]]);
      // ANY / ARRAY variable x (d2's element 2): `x = 2` holds for every inner row (no inner document has x = 2).
      await p.expectRows('SELECT RAW ANY x IN o.arr SATISFIES x IN (SELECT RAW i.v FROM ks AS i WHERE x = 2) END FROM ks AS o WHERE META(o).id = "d2"', [true]);
      await p.expectRows('SELECT RAW ARRAY (SELECT RAW META(i).id FROM ks AS i WHERE x = 2 ORDER BY META(i).id) FOR x IN o.arr END FROM ks AS o WHERE META(o).id = "d2"', [[['d1', 'd2']]]);
      // `i.v = v` with the outer v: the inner d2 only.
      await p.expectRows('SELECT RAW (SELECT RAW META(i).id FROM ks AS i WHERE i.v = v) FROM ks AS o LET v = 2 WHERE META(o).id = "d1"', [['d2']]);
      // The inner alias may not repeat the outer one: the reference's 4020 (asked of n1ql-reference).
      await p.both((db) => expect(db.query('SELECT RAW (SELECT RAW META(o).id FROM ks AS o WHERE o.v = 1) FROM ks AS o WHERE META(o).id = "d2"')).rejects.toMatchObject({ code: 4020, message: "Duplicate FROM alias 'o' (near line 1, column 40)" }));
      // The subquery's own fields still use the index.
      await p.expectRows('SELECT RAW (SELECT RAW META(i).id FROM ks AS i WHERE i.v = 1 AND v = 2) FROM ks AS o LET v = 2 WHERE META(o).id = "d2"', [['d1']]);
    } finally {
      await p.close();
    }
  });

  it('an ORDER BY on an outer name is not served by the inner index order', async () => {
    const p = await scanPair({ d1: { v: 1, a: 3 }, d2: { v: 2, a: 1 }, d3: { v: 3, a: 2 } }, ['CREATE INDEX ixva ON ks(v, a)']);
    try {
      // ORDER BY v (the outer constant 2), a: sorted by a alone.
      await p.expectRows('SELECT RAW (SELECT RAW i.a FROM ks AS i WHERE i.v > 0 ORDER BY v, a) FROM ks AS o LET v = 2 WHERE META(o).id = "d2"', [[1, 2, 3]]);
      await p.expectRows('SELECT RAW (SELECT RAW i.a FROM ks AS i WHERE i.v > 0 ORDER BY v, a LIMIT 2) FROM ks AS o LET v = 2 WHERE META(o).id = "d2"', [[1, 2]]);
    } finally {
      await p.close();
    }
  });

  it('plans a predicate on an outer name alone as a filter; an inner field against a constant or an outer name as a span', () => {
    const create = parseStatement('CREATE INDEX ixv ON ks(v)');
    if (create.kind !== 'CreateIndex') throw new Error('not a CREATE INDEX');
    const ixv: IndexInfo = { id: 'ks:ixv:1', name: 'ixv', keyspace: 'ks', alias: 'ks', isPrimary: false, keys: create.keys, state: 'online', designDoc: '_design/ddl_ixv' };
    const catalog: Catalog = { hasKeyspace: (n) => n === 'ks', indexes: () => [ixv] };
    const sourceOf = (text: string, outer: string[]) => (buildSelect(parseStatement(text) as SelectStatement, catalog, new Set(outer)).body as SubselectPlan).source.op;
    expect(sourceOf('SELECT RAW META(i).id FROM ks AS i WHERE v = 1', ['o', 'v'])).toBe('PrimaryScan3');
    // The outer value is known when the subquery runs: a span, as the reference's correlated scans.
    expect(sourceOf('SELECT RAW META(i).id FROM ks AS i WHERE i.v = v', ['o', 'v'])).toBe('IndexScan');
    expect(sourceOf('SELECT RAW META(i).id FROM ks AS i WHERE i.v = 1', ['o', 'v'])).toBe('IndexScan');
    // Without the outer binding, v is the inner field.
    expect(sourceOf('SELECT RAW META(i).id FROM ks AS i WHERE v = 1', ['o'])).toBe('IndexScan');
    // The inner alias shadows an outer name.
    expect(sourceOf('SELECT RAW META(v).id FROM ks AS v WHERE v.v = 1', ['v'])).toBe('IndexScan');
  });
});
