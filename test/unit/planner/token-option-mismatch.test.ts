import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

/**
 * A token predicate whose options differ from a token index's over the same TOKENS subject
 * cannot use that index (the planner compares options exactly, spec §10.2): the statement keeps
 * its result and gets a warning naming the index and the option keys that differ (tokenql's own
 * warning; the reference plans the same way and says nothing).
 */
describe('warning for token options that differ from an index', () => {
  let db: Database;
  beforeAll(async () => {
    db = await Database.open();
    await db.createKeyspace('product');
    await db.query("INSERT INTO product (KEY, VALUE) VALUES ('1', {'name': 'Alpine Briefcase'}), ('2', {'name': 'alpine tent'})");
    await db.query("CREATE INDEX ix_name ON product(DISTINCT ARRAY t FOR t IN TOKENS(name, {'case': 'lower'}) END)");
  });
  afterAll(() => db.close());

  const warnings = async (q: string, params?: Record<string, unknown>) => (await db.query(q, params ? { params: params as never } : undefined)).warnings.map((w) => w.msg);

  it('names the index and the differing option value', async () => {
    const r = await db.query("SELECT RAW META().id FROM product WHERE ANY t IN TOKENS(name, {'case': 'LOWER'}) SATISFIES t = 'alpine' END ORDER BY META().id");
    expect(r.results).toEqual(['1', '2']);
    expect(r.warnings).toEqual([
      {
        code: 0,
        msg: 'token index ix_name is not used for TOKENS(`product`.`name`, {"case": "LOWER"}): its options differ ("case" is "LOWER" here and "lower" in the index); an index serves only the same options, compared exactly',
      },
    ]);
  });

  it('names options given on one side only', async () => {
    expect(await warnings("SELECT RAW META().id FROM product WHERE ANY t IN TOKENS(name) SATISFIES t = 'alpine' END")).toEqual([
      'token index ix_name is not used for TOKENS(`product`.`name`): its options differ (no options here and {"case": "lower"} in the index); an index serves only the same options, compared exactly',
    ]);
    expect(await warnings("SELECT RAW META().id FROM product AS p WHERE CONTAINS_TOKEN(p.name, 'alpine', {'case': 'lower', 'names': false})")).toEqual([
      'token index ix_name is not used for TOKENS(`p`.`name`, {"case": "lower", "names": false}): its options differ ("names" is false here and not given in the index); an index serves only the same options, compared exactly',
    ]);
  });

  it('says nothing when the options match, are not constant, or the subject differs', async () => {
    expect(await warnings("SELECT RAW META().id FROM product WHERE ANY t IN TOKENS(name, {'case': 'lower'}) SATISFIES t = 'alpine' END")).toEqual([]);
    expect(await warnings("SELECT RAW META().id FROM product WHERE CONTAINS_TOKEN(name, 'alpine', {'case': 'lower'})")).toEqual([]);
    expect(await warnings("SELECT RAW META().id FROM product WHERE ANY t IN TOKENS(name, $o) SATISFIES t = 'alpine' END", { o: { case: 'LOWER' } })).toEqual([]);
    expect(await warnings("SELECT RAW META().id FROM product WHERE ANY t IN TOKENS(title, {'case': 'LOWER'}) SATISFIES t = 'alpine' END")).toEqual([]);
  });

  it('says nothing when another index has the very options, and shows in EXPLAIN', async () => {
    await db.query("CREATE INDEX ix_name_upper ON product(DISTINCT ARRAY t FOR t IN TOKENS(name, {'case': 'upper'}) END)");
    expect(await warnings("SELECT RAW META().id FROM product WHERE ANY t IN TOKENS(name, {'case': 'upper'}) SATISFIES t = 'ALPINE' END")).toEqual([]);
    expect(await warnings("EXPLAIN SELECT RAW META().id FROM product WHERE ANY t IN TOKENS(name, {'case': 'UPPER'}) SATISFIES t = 'ALPINE' END")).toEqual([
      'token index ix_name is not used for TOKENS(`product`.`name`, {"case": "UPPER"}): its options differ ("case" is "UPPER" here and "lower" in the index); an index serves only the same options, compared exactly',
      'token index ix_name_upper is not used for TOKENS(`product`.`name`, {"case": "UPPER"}): its options differ ("case" is "UPPER" here and "upper" in the index); an index serves only the same options, compared exactly',
    ]);
    await db.query('DROP INDEX ix_name_upper ON product');
  });
});
