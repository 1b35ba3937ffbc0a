// The workbench's pure helpers (no DOM): the plan's graph, the advice's statements, INFER's field
// paths and the CREATE INDEX of a system:indexes row. Plans and advice are in the reference's shapes
// (couchbase/query plan JSON; docs/advisor.md).
import { describe, expect, it } from 'vitest';
import { planToGraph } from '../src/plan-graph.js';
import { indexStatements } from '../src/advice.js';
import { fieldPaths, indexDefinition } from '../src/keyspaces.js';

/** EXPLAIN of a token query served by a token index (the shape of the reference's gsi_array_index_tokens plans). */
const TOKEN_PLAN = {
  plan: {
    '#operator': 'Sequence',
    '~children': [
      {
        '#operator': 'DistinctScan',
        scan: { '#operator': 'IndexScan3', index: 'ix_name_tokens', keyspace: 'product', spans: [{ exact: true, range: [{ high: '"briefcase"', inclusion: 3, low: '"briefcase"' }] }], using: 'gsi' },
      },
      { '#operator': 'Fetch', keyspace: 'product', namespace: 'default' },
      {
        '#operator': 'Parallel',
        '~child': {
          '#operator': 'Sequence',
          '~children': [
            { '#operator': 'Filter', condition: '(any `v` in tokens(`name`, {"case": "lower"}) satisfies (`v` = "briefcase") end)' },
            { '#operator': 'InitialProject', result_terms: [{ expr: '(`product`.`name`)' }] },
          ],
        },
      },
    ],
  },
  text: 'SELECT name FROM product WHERE …',
};

const names = (g: ReturnType<typeof planToGraph>) => {
  const op = new Map(g.nodes.map((n) => [n.id, n.op]));
  return g.edges.map(([a, b]) => `${op.get(a)}→${op.get(b)}`).sort();
};

describe('planToGraph', () => {
  it('labels the operators of a profiled plan (profile=timings) with their rows and time', () => {
    const g = planToGraph({ plan: { '#operator': 'Sequence', '~children': [{ '#operator': 'PrimaryScan3', '#stats': { '#itemsOut': 50, execTime: '0.331ms' }, index: '#primary', keyspace: 't' }, { '#operator': 'Filter', '#stats': { '#itemsIn': 50, '#itemsOut': 39, execTime: '0.283ms' }, condition: '(`x` > 10)' }] } });
    expect(g.nodes.map((n) => [n.op, n.sub])).toEqual([
      ['PrimaryScan3', '#primary  50 rows · 0.331ms'],
      ['Filter', '39 rows · 0.283ms'],
    ]);
  });

  it('draws a Sequence as a chain, a scan feeding its DistinctScan, and a Parallel leading into its child', () => {
    const g = planToGraph(TOKEN_PLAN);
    expect(g.nodes.map((n) => n.op)).toEqual(['DistinctScan', 'IndexScan3', 'Fetch', 'Parallel', 'Filter', 'InitialProject']);
    expect(names(g)).toEqual(['IndexScan3→DistinctScan', 'DistinctScan→Fetch', 'Fetch→Parallel', 'Parallel→Filter', 'Filter→InitialProject'].sort());
    const scan = g.nodes.find((n) => n.op === 'IndexScan3')!;
    expect(scan.sub).toBe('ix_name_tokens');
    expect(scan.detail.spans).toEqual([{ exact: true, range: [{ high: '"briefcase"', inclusion: 3, low: '"briefcase"' }] }]);
    // The nested operators are not repeated in a box's fields.
    expect(Object.keys(g.nodes[0]!.detail)).toEqual(['#operator']);
  });

  it('feeds every scan of an IntersectScan into it, and a join its inner side', () => {
    const g = planToGraph({
      '#operator': 'Sequence',
      '~children': [
        { '#operator': 'IntersectScan', scans: [{ '#operator': 'IndexScan3', index: 'a' }, { '#operator': 'IndexScan3', index: 'b' }] },
        { '#operator': 'Fetch', keyspace: 'k' },
        { '#operator': 'NestedLoopJoin', alias: 'r', on_clause: '…', '~child': { '#operator': 'Sequence', '~children': [{ '#operator': 'PrimaryScan3', index: '#primary' }, { '#operator': 'Fetch', keyspace: 'r' }] } },
        { '#operator': 'Stream' },
      ],
    });
    expect(names(g)).toEqual(['IndexScan3→IntersectScan', 'IndexScan3→IntersectScan', 'IntersectScan→Fetch', 'PrimaryScan3→Fetch', 'Fetch→NestedLoopJoin', 'Fetch→NestedLoopJoin', 'NestedLoopJoin→Stream'].sort());
  });

  it('has no box for something that is not a plan', () => {
    expect(planToGraph(null)).toEqual({ nodes: [], edges: [] });
    expect(planToGraph({ plan: 'x' })).toEqual({ nodes: [], edges: [] });
  });
});

describe('indexStatements', () => {
  it('finds every index_statement of an ADVISE answer with its section and rule', () => {
    const advice = {
      recommended_indexes: {
        covering_indexes: [{ index_statement: 'CREATE INDEX adv_price_color_name ON `product`(`price`,`name`) WHERE `color` = \'grey\'', keyspace_alias: 'product' }],
        indexes: [{ index_statement: 'CREATE INDEX adv_price_color ON `product`(`price`) WHERE `color` = \'grey\'', keyspace_alias: 'product', recommending_rule: 'Index keys follow order of predicate types: 5. less than/greater than, 10. flavor for partial index.' }],
      },
    };
    expect(indexStatements(advice)).toEqual([
      { section: 'recommended_indexes › covering_indexes', statement: "CREATE INDEX adv_price_color_name ON `product`(`price`,`name`) WHERE `color` = 'grey'" },
      { section: 'recommended_indexes › indexes', statement: "CREATE INDEX adv_price_color ON `product`(`price`) WHERE `color` = 'grey'", rule: 'Index keys follow order of predicate types: 5. less than/greater than, 10. flavor for partial index.' },
    ]);
    expect(indexStatements({ recommended_indexes: 'No secondary index recommendation at this time, primary index may apply.' })).toEqual([]);
  });
});

describe('fieldPaths and indexDefinition', () => {
  it("flattens INFER's properties, nested objects and arrays of objects", () => {
    const properties = {
      name: { type: 'string' },
      geo: { type: 'object', properties: { lat: { type: 'number' } } },
      reviews: { type: 'array', items: { type: 'object', properties: { ratings: { type: ['number', 'null'] } } } },
    };
    expect(fieldPaths(properties)).toEqual([
      { path: 'name', type: 'string' },
      { path: 'geo', type: 'object' },
      { path: 'geo.lat', type: 'number' },
      { path: 'reviews', type: 'array' },
      { path: 'reviews[*].ratings', type: 'number|null' },
    ]);
  });

  it('writes the CREATE INDEX of a system:indexes row', () => {
    expect(indexDefinition({ name: '#primary', keyspace_id: 'product', is_primary: true })).toBe('CREATE PRIMARY INDEX `#primary` ON `product`');
    expect(indexDefinition({ name: 'ix', keyspace_id: 'product', index_key: ['`price`', '`name`'], condition: "(`color` = 'grey')" })).toBe("CREATE INDEX `ix` ON `product`(`price`, `name`) WHERE (`color` = 'grey')");
  });
});
