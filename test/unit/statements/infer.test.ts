/**
 * INFER (issue 21): the flavor schema of values and keyspaces. Expected answers are the
 * reference's (n1ql-reference, cbq-engine 3582af6c), literally; its file store cannot sample a
 * keyspace, so keyspace INFER is checked against values built the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError, type Value } from '../../../src/index.js';

const CASES: { statement: string; results?: Value[]; error?: { code: number; msg: string } }[] = [
  { statement: "INFER {'a':{'b':1}, 'c':2, 'd':3}", results: [[{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "`c` = 2, `d` = 3", "properties": {"a": {"#docs": 1, "%docs": 100, "nestingDepth": 0, "properties": {"b": {"#docs": 1, "%docs": 100, "nestingDepth": 1, "samples": [1], "type": "number"}}, "samples": [{"b": 1}], "type": "object"}, "c": {"#docs": 1, "%docs": 100, "nestingDepth": 0, "samples": [2], "type": "number"}, "d": {"#docs": 1, "%docs": 100, "nestingDepth": 0, "samples": [3], "type": "number"}}, "type": "object"}]] },
  { statement: "infer [1, {'a':1}]", results: [[{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "%docs": 100, "Flavor": "", "items": [{"type": "number"}, {"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "`a` = 1", "properties": {"a": {"#docs": 1, "%docs": 100, "nestingDepth": 2, "samples": [1], "type": "number"}}, "type": "object"}], "maxItems": 2, "minItems": 2, "nestingDepth": 0, "sampleSize": 0, "samples": [[1, {"a": 1}]], "type": "array"}]] },
  { statement: "infer 'x'", results: [[{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "%docs": 100, "Flavor": "", "nestingDepth": 0, "samples": ["x"], "type": "string"}]] },
  { statement: "INFER {'a':1, 'b':[1,2,'a',null], 'n':null, 'e':[], 'o':{}}", results: [[{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "`a` = 1", "properties": {"a": {"#docs": 1, "%docs": 100, "nestingDepth": 0, "samples": [1], "type": "number"}, "b": {"#docs": 1, "%docs": 100, "items": [{"type": "null"}, {"type": "number"}, {"type": "string"}], "maxItems": 4, "minItems": 4, "nestingDepth": 0, "sampleSize": 0, "samples": [[1, 2, "a", null]], "type": "array"}, "e": {"#docs": 1, "%docs": 100, "items": {}, "maxItems": 0, "minItems": 0, "nestingDepth": 0, "sampleSize": 0, "samples": [[]], "type": "array"}, "n": {"#docs": 1, "%docs": 100, "nestingDepth": 0, "samples": [null], "type": "null"}, "o": {"#docs": 1, "%docs": 100, "nestingDepth": 0, "properties": {}, "samples": [{}], "type": "object"}}, "type": "object"}]] },
  { statement: "infer [{'a':1},{'a':'x'}, {'z':1}, 3] with {'similarity_metric': 0.1}", results: [[{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "%docs": 100, "Flavor": "", "items": [{"type": "number"}, {"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "`z` = 1", "properties": {"z": {"#docs": 1, "%docs": 100, "nestingDepth": 2, "samples": [1], "type": "number"}}, "type": "object"}, {"#docs": 2, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "", "properties": {"a": {"#docs": [1, 1], "%docs": [50, 50], "nestingDepth": 2, "samples": [[1], ["x"]], "type": ["number", "string"]}}, "type": "object"}], "maxItems": 4, "minItems": 4, "nestingDepth": 0, "sampleSize": 0, "samples": [[{"a": 1}, {"a": "x"}, {"z": 1}, 3]], "type": "array"}]] },
  { statement: "SELECT RAW t FROM (INFER [{'a':1},{'a':'x', 'b':[1]}, {'z':1}]) t", results: [{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "%docs": 100, "Flavor": "", "items": [{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "`a` = 1", "properties": {"a": {"#docs": 1, "%docs": 100, "nestingDepth": 2, "samples": [1], "type": "number"}}, "type": "object"}, {"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "`z` = 1", "properties": {"z": {"#docs": 1, "%docs": 100, "nestingDepth": 2, "samples": [1], "type": "number"}}, "type": "object"}, {"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "`a` = \"x\"", "properties": {"a": {"#docs": 1, "%docs": 100, "nestingDepth": 2, "samples": ["x"], "type": "string"}, "b": {"#docs": 1, "%docs": 100, "items": {"type": "number"}, "maxItems": 1, "minItems": 1, "nestingDepth": 2, "sampleSize": 0, "samples": [[1]], "type": "array"}}, "type": "object"}], "maxItems": 3, "minItems": 3, "nestingDepth": 0, "sampleSize": 0, "samples": [[{"a": 1}, {"a": "x", "b": [1]}, {"z": 1}]], "type": "array"}] },
  { statement: "INFER {'a':1} WITH {'num_sample_values': 0}", results: [[{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "", "properties": {"a": {"#docs": 1, "%docs": 100, "nestingDepth": 0, "type": "number"}}, "type": "object"}]] },
  { statement: "INFER {'a':1} WITH {'bogus': 0}", error: { code: 7000, msg: "Invalid option 'bogus'" } },
  { statement: "infer [true, false, 1.5, 'a', 'b', 'c', 'd', 'e', 'f']", results: [[{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "%docs": 100, "Flavor": "", "items": [{"type": "boolean"}, {"type": "number"}, {"type": "string"}], "maxItems": 9, "minItems": 9, "nestingDepth": 0, "sampleSize": 0, "samples": [[true, false, 1.5, "a", "b", "c", "d", "e", "f"]], "type": "array"}]] },
  { statement: "infer {'a':[1,2,3,4,5,6,7]} with {'num_sample_values': 2}", results: [[{"#docs": 1, "$schema": "http://json-schema.org/draft-06/schema", "Flavor": "", "properties": {"a": {"#docs": 1, "%docs": 100, "items": {"type": "number"}, "maxItems": 7, "minItems": 7, "nestingDepth": 0, "sampleSize": 0, "samples": [[1, 2, 3, 4, 5, 6, 7]], "type": "array"}}, "type": "object"}]] },
];

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('shellTest');
  await db.query(`INSERT INTO shellTest (KEY, VALUE) VALUES ("pet_shop", {"dogs": [{"breed": "Beagle", "size": "Medium"}], "shop": "pets"})`);
});
afterAll(() => db.close());

describe('INFER of a value (the reference\'s answers)', () => {
  it.each(CASES)('$statement', async (c) => {
    if (c.error) {
      const err = await db.query(c.statement).then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(QueryError);
      expect({ code: (err as QueryError).code, msg: (err as QueryError).message }).toEqual(c.error);
    } else {
      expect((await db.query(c.statement)).results).toEqual(c.results);
    }
  });
});

describe('INFER of a keyspace', () => {
  it('describes the keyspace\'s documents as INFER of the same value does', async () => {
    const ks = (await db.query('INFER KEYSPACE shellTest')).results;
    const value = (await db.query(`INFER {"dogs": [{"breed": "Beagle", "size": "Medium"}], "shop": "pets"}`)).results;
    expect(ks).toEqual(value);
    expect((await db.query('SELECT t.`#docs` FROM (INFER KEYSPACE shellTest) t')).results).toEqual([{ '#docs': 1 }]);
    expect((await db.query('SELECT RAW ARRAY v.name FOR v IN OBJECT_PAIRS(t.properties) END FROM (INFER COLLECTION shellTest) t')).results).toEqual([['dogs', 'shop']]);
  });

  it('samples at most sample_size documents and groups them into flavors by their fields', async () => {
    const d = await Database.open();
    await d.createKeyspace('k');
    for (let i = 0; i < 5; i++) await d.upsert('k', `a${i}`, { type: 'a', n: i });
    await d.upsert('k', 'b0', { kind: 'b', x: [1] });
    const all = (await d.query('SELECT RAW [t.`#docs`, t.Flavor] FROM (INFER k) t')).results;
    expect(all).toEqual([[5, '`type` = "a"'], [1, '`kind` = "b"']]);
    const two = (await d.query('SELECT RAW t.`#docs` FROM (INFER k WITH {"sample_size": 2}) t')).results;
    expect(two).toEqual([2]);
    await d.close();
  });

  it('raises 12003 for a keyspace that does not exist and 7000 for a bad option', async () => {
    await expect(db.query('INFER nosuch')).rejects.toMatchObject({ code: 12003 });
    await expect(db.query('INFER shellTest WITH {"sample_size": "x"}')).rejects.toMatchObject({ code: 7000, message: "Invalid option 'sample_size'" });
  });
});
