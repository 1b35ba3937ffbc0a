/**
 * ADVISE (the index advisor): answers are the reference's own, copied literally from its suite
 * (`gsi/advise`, couchbase/query test/gsi/test_cases/advise), plus the TOKENS array key, which
 * is tokenql's (docs/advisor.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

const advise = async (statement: string, useCbo = false) => {
  const r = await db.query(statement, useCbo ? { useCbo: true } : {});
  expect(r.results).toHaveLength(1);
  return r.results[0] as { '#operator': string; advice: { '#operator': string; adviseinfo: { recommended_indexes: unknown } }; query: string };
};

describe('ADVISE', () => {
  it('answers one Advise row with the statement text (case_advise_select#0), without the keyspace existing', async () => {
    const r = await advise('advise select * from shellTest where test_id = "advise" limit 2');
    expect(r).toEqual({
      '#operator': 'Advise',
      advice: {
        '#operator': 'IndexAdvice',
        adviseinfo: {
          recommended_indexes: {
            indexes: [{ index_property: 'LIMIT pushdown', index_statement: 'CREATE INDEX adv_test_id ON `shellTest`(`test_id`)', keyspace_alias: 'shellTest' }],
          },
        },
      },
      query: 'select * from shellTest where test_id = "advise" limit 2',
    });
  });

  it('orders keys by predicate type and moves string equalities into a partial index (case_advise_others#2, select#1)', async () => {
    expect((await advise('advise update shellTest set type="left" where length(a21) <= 3 and c21 = 3 and c22 > 30')).advice.adviseinfo.recommended_indexes).toEqual({
      indexes: [
        {
          index_statement: 'CREATE INDEX adv_c21_length_a21_c22 ON `shellTest`(`c21`,length(`a21`),`c22`)',
          keyspace_alias: 'shellTest',
          recommending_rule: 'Index keys follow order of predicate types: 2. equality/null/missing, 4. not less than/between/not greater than, 5. less than/greater than.',
        },
      ],
    });
    expect((await advise('advise select * from shellTest where test_id = "advise" and c11 < 2')).advice.adviseinfo.recommended_indexes).toEqual({
      indexes: [
        {
          index_statement: "CREATE INDEX adv_c11_test_id ON `shellTest`(`c11`) WHERE `test_id` = 'advise'",
          keyspace_alias: 'shellTest',
          recommending_rule: 'Index keys follow order of predicate types: 5. less than/greater than, 10. flavor for partial index.',
        },
      ],
    });
  });

  it('recommends a covering index with what the statement reads (case_advise_select#10, pushdown#0)', async () => {
    expect((await advise('advise select c11 + c12 from shellTest where test_id = "advise" and c21 > 1')).advice.adviseinfo.recommended_indexes).toEqual({
      covering_indexes: [{ index_statement: "CREATE INDEX adv_c21_test_id_c11_add_c12 ON `shellTest`(`c21`,`c11`+`c12`) WHERE `test_id` = 'advise'", keyspace_alias: 'shellTest' }],
      indexes: [
        {
          index_statement: "CREATE INDEX adv_c21_test_id ON `shellTest`(`c21`) WHERE `test_id` = 'advise'",
          keyspace_alias: 'shellTest',
          recommending_rule: 'Index keys follow order of predicate types: 5. less than/greater than, 10. flavor for partial index.',
        },
      ],
    });
    expect((await advise('advise select sum(d) from shellTest where a = 10 and b > 20 group by b')).advice.adviseinfo.recommended_indexes).toEqual({
      covering_indexes: [{ index_property: 'FULL GROUPBY & AGGREGATES pushdown', index_statement: 'CREATE INDEX adv_a_b_d ON `shellTest`(`a`,`b`,`d`)', keyspace_alias: 'shellTest' }],
      indexes: [
        {
          index_statement: 'CREATE INDEX adv_a_b ON `shellTest`(`a`,`b`)',
          keyspace_alias: 'shellTest',
          recommending_rule: 'Index keys follow order of predicate types: 2. equality/null/missing, 5. less than/greater than.',
        },
      ],
    });
  });

  it('gives each keyspace of a join its keys (case_advise_select#4) and MERGE its target (case_advise_others#1)', async () => {
    expect(
      (await advise('advise select * from shellTest a1 join shellTest a2 on a1.c11=a2.c21 and a2.test_id = "advise" where a1.test_id = "advise" and a1.c12 < 40')).advice.adviseinfo
        .recommended_indexes,
    ).toEqual({
      indexes: [
        {
          index_statement: "CREATE INDEX adv_c12_test_id ON `shellTest`(`c12`) WHERE `test_id` = 'advise'",
          keyspace_alias: 'shellTest_a1',
          recommending_rule: 'Index keys follow order of predicate types: 5. less than/greater than, 10. flavor for partial index.',
        },
        {
          index_statement: "CREATE INDEX adv_c21_test_id ON `shellTest`(`c21`) WHERE `test_id` = 'advise'",
          keyspace_alias: 'shellTest_a2',
          recommending_rule: 'Index keys follow order of predicate types: 9. non-static join predicate, 10. flavor for partial index.',
        },
      ],
    });
    expect(
      (await advise('advise merge into shellTest a2 using shellTest a1 on a1.c12=a2.c22 and a1.test_id = "advise" when matched then update set a2.type = a1.type')).advice
        .adviseinfo.recommended_indexes,
    ).toEqual({
      indexes: [
        { index_statement: 'CREATE INDEX adv_test_id ON `shellTest`(`test_id`)', keyspace_alias: 'shellTest_a1', recommending_rule: 'Index keys follow order of predicate types: 2. equality/null/missing.' },
        { index_statement: 'CREATE INDEX adv_c22 ON `shellTest`(`c22`)', keyspace_alias: 'shellTest_a2', recommending_rule: 'Index keys follow order of predicate types: 9. non-static join predicate.' },
      ],
    });
  });

  it('leads with an array key for ANY and UNNEST (case_advise_select#16, bugs#8)', async () => {
    expect((await advise('advise select type from shellTest where any x in a21 satisfies x.id < 10 or x.id > 20 END')).advice.adviseinfo.recommended_indexes).toEqual({
      covering_indexes: [{ index_statement: 'CREATE INDEX adv_DISTINCT_a21_id_type ON `shellTest`(DISTINCT ARRAY `x`.`id` FOR `x` IN `a21` END,`type`)', keyspace_alias: 'shellTest' }],
      indexes: [
        {
          index_statement: 'CREATE INDEX adv_DISTINCT_a21_id ON `shellTest`(DISTINCT ARRAY `x`.`id` FOR `x` IN `a21` END)',
          keyspace_alias: 'shellTest',
          recommending_rule: 'Index keys follow order of predicate types: 5. less than/greater than.',
        },
      ],
    });
    expect(
      (await advise("advise SELECT a.c1, u111 FROM shellTest AS a UNNEST a.a1 AS u1 UNNEST u1.a11 AS u11 UNNEST u11.a111 AS u111 WHERE a.o1.id = 'abc' AND u111.name = 'xyz'")).advice
        .adviseinfo.recommended_indexes,
    ).toEqual({
      indexes: [
        {
          index_statement:
            'CREATE INDEX adv_ALL_a1_a11_a111_name_o1_id ON `shellTest`(ALL ARRAY (ALL ARRAY (ALL ARRAY `u111`.`name` FOR u111 IN `u11`.`a111` END) FOR u11 IN `u1`.`a11` END) FOR u1 IN `a1` END,`o1`.`id`)',
          keyspace_alias: 'shellTest_a',
          recommending_rule: 'Index keys follow order of predicate types: 1. leading array index for unnest, 2. equality/null/missing.',
        },
      ],
    });
  });

  it('says when it has nothing to recommend (case_advise_edgecase#17, bugs#12)', async () => {
    const none = 'No secondary index recommendation at this time, primary index may apply.';
    expect((await advise('advise select count(*) from shellTest')).advice.adviseinfo.recommended_indexes).toBe(none);
    expect((await advise('advise SELECT * FROM shellTest WHERE ANY i IN [1,2] SATISFIES i = id END')).advice.adviseinfo.recommended_indexes).toBe(none);
  });

  it('answers as the cost-based optimizer with use_cbo (case_advise_select_cbo#10)', async () => {
    expect((await advise('advise select c11 + c12 from shellTest where test_id = "advise" and c21 > 1', true)).advice.adviseinfo.recommended_indexes).toEqual({
      covering_indexes: [
        {
          index_statement: "CREATE INDEX adv_c21_test_id_c11_add_c12 ON `shellTest`(`c21`,`c11`+`c12`) WHERE `test_id` = 'advise'",
          keyspace_alias: 'shellTest',
          update_statistics: 'UPDATE STATISTICS FOR `shellTest`(`c21`, `test_id`)',
        },
      ],
      indexes: [
        {
          index_statement: "CREATE INDEX adv_c21_test_id ON `shellTest`(`c21`) WHERE `test_id` = 'advise'",
          keyspace_alias: 'shellTest',
          recommending_rule: 'Index keys follow cost-based order.',
          update_statistics: 'UPDATE STATISTICS FOR `shellTest`(`c21`, `test_id`)',
        },
      ],
    });
  });

  it('recommends an array index over TOKENS with the same options (tokenql: docs/advisor.md)', async () => {
    const r = await advise('ADVISE SELECT * FROM docs d WHERE ANY t IN TOKENS(d.body, {"case": "lower", "specials": true}) SATISFIES t = "error" END');
    expect(r.advice.adviseinfo.recommended_indexes).toEqual({
      indexes: [
        {
          index_statement: 'CREATE INDEX adv_DISTINCT_tokens_body ON `docs`(DISTINCT ARRAY `t` FOR `t` IN tokens(`body`, {"case": "lower", "specials": true}) END)',
          keyspace_alias: 'docs_d',
          recommending_rule: 'Index keys follow order of predicate types: 2. equality/null/missing.',
        },
      ],
    });
    // The recommended index is one the planner scans for that predicate.
    await db.createKeyspace('docs');
    await db.query('INSERT INTO docs (KEY, VALUE) VALUES ("k1", {"body": "An Error here"})');
    await db.query('CREATE INDEX adv_DISTINCT_tokens_body ON `docs`(DISTINCT ARRAY `t` FOR `t` IN tokens(`body`, {"case": "lower", "specials": true}) END)');
    const plan = JSON.stringify((await db.query(r.query.replace('SELECT *', 'EXPLAIN SELECT *'))).results);
    expect(plan).toContain('"index":"adv_DISTINCT_tokens_body"');
    expect((await db.query(r.query)).results).toEqual([{ d: { body: 'An Error here' } }]);
  });

  it('lists the indexes the statement uses and does not recommend one it already has (Couchbase ADVISE docs: current_indexes, index_status)', async () => {
    await db.createKeyspace('cur');
    await db.upsert('cur', 'a', { x: 1, y: 2, name: 'Hello World' });
    await db.query('CREATE INDEX ix_x ON cur(x)');
    expect((await advise('ADVISE SELECT * FROM cur WHERE x = 1')).advice.adviseinfo).toEqual({
      current_indexes: [{ index_statement: 'CREATE INDEX ix_x ON `default`:`cur`(`x`)', index_status: 'THIS IS AN OPTIMAL INDEX.', keyspace_alias: 'cur' }],
      recommended_indexes: 'No index recommendation at this time.',
    });
    expect((await advise('ADVISE SELECT x FROM cur WHERE x = 1')).advice.adviseinfo).toEqual({
      current_indexes: [{ index_statement: 'CREATE INDEX ix_x ON `default`:`cur`(`x`)', index_status: 'THIS IS AN OPTIMAL COVERING INDEX.', keyspace_alias: 'cur' }],
      recommended_indexes: 'No index recommendation at this time.',
    });
    await db.query('CREATE PRIMARY INDEX ON cur');
    expect((await advise('ADVISE SELECT * FROM cur WHERE y = 1')).advice.adviseinfo).toEqual({
      current_indexes: [{ index_statement: 'CREATE PRIMARY INDEX `#primary` ON `default`:`cur`', keyspace_alias: 'cur' }],
      recommended_indexes: {
        indexes: [{ index_statement: 'CREATE INDEX adv_y ON `cur`(`y`)', keyspace_alias: 'cur', recommending_rule: 'Index keys follow order of predicate types: 2. equality/null/missing.' }],
      },
    });
  });

  it('reports an existing token index that differs from the recommendation only in its TOKENS options (tokenql)', async () => {
    await db.createKeyspace('tok');
    await db.upsert('tok', 'a', { name: 'Hello World' });
    await db.query('CREATE INDEX ix_tok ON tok(DISTINCT ARRAY v FOR v IN TOKENS(name, {"case":"lower"}) END)');
    const info = (await advise('ADVISE SELECT * FROM tok WHERE ANY v IN TOKENS(name, {"case":"LOWER"}) SATISFIES v = "hello" END')).advice.adviseinfo as Record<string, unknown>;
    expect(info.token_options_mismatches).toEqual([
      {
        index: 'ix_tok',
        index_statement: 'CREATE INDEX ix_tok ON `default`:`tok`((distinct (array `v` for `v` in tokens(`name`, {"case": "lower"}) end)))',
        keyspace_alias: 'tok',
        index_options: { case: 'lower' },
        predicate_options: { case: 'LOWER' },
      },
    ]);
    // With the index's own options the index is used and is the optimal one.
    expect((await advise('ADVISE SELECT * FROM tok WHERE ANY v IN TOKENS(name, {"case":"lower"}) SATISFIES v = "hello" END')).advice.adviseinfo).toEqual({
      current_indexes: [
        {
          index_statement: 'CREATE INDEX ix_tok ON `default`:`tok`((distinct (array `v` for `v` in tokens(`name`, {"case": "lower"}) end)))',
          index_status: 'THIS IS AN OPTIMAL INDEX.',
          keyspace_alias: 'tok',
        },
      ],
      recommended_indexes: 'No index recommendation at this time.',
    });
  });
});
