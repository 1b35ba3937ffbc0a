/**
 * Property (issue 24): every token-index recommendation of ADVISE, once created, is the index
 * EXPLAIN scans for the statement it was made for, and the statement's rows are the rows of a
 * full scan. Random token options (any subset of `case`, `split`, `trim`, `specials`, `names`,
 * in random key order and values), random fields (top-level or nested paths), the ANY variable's
 * name, the constant, and a second conjunct or not.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import { propertyParameters } from '../../src/testing/index.js';
import type { Value } from '../../src/values/index.js';

const RUNS = 60;

const option = fc.oneof(
  fc.constantFrom('"lower"', '"upper"', '"LOWER"', '"Upper"').map((v) => ['case', v] as const),
  fc.boolean().map((b) => ['split', String(b)] as const),
  fc.boolean().map((b) => ['trim', String(b)] as const),
  fc.boolean().map((b) => ['specials', String(b)] as const),
  fc.boolean().map((b) => ['names', String(b)] as const),
);
const options = fc.uniqueArray(option, { selector: ([k]) => k, maxLength: 4 }).map((kv) => `{${kv.map(([k, v]) => `"${k}": ${v}`).join(', ')}}`);
const field = fc.constantFrom('title', 'body', 'meta.note', 'tags');
const word = fc.constantFrom('hello', 'WORLD', 'error', 'Rust', 'a-b', 'x@y.io');
const variable = fc.constantFrom('v', 't', 'tok');

const DOCS: Value[] = [
  { title: 'Hello World', body: 'an error here', meta: { note: 'Rust and Go' }, tags: ['hello', 'WORLD'], n: 1 },
  { title: 'hello', body: 'mail x@y.io or a-b', meta: { note: 'error' }, tags: ['rust'], n: 2 },
  { title: 'WORLD news', body: 'Nothing', meta: { note: 'HELLO' }, tags: [], n: 3 },
  { title: null, body: 42, meta: {}, n: 4 },
];

let db: Database;
let seq = 0;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('adv');
  for (const [i, d] of DOCS.entries()) await db.upsert('adv', `d${i}`, d);
});
afterAll(async () => {
  await db.close();
});

const keys = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

describe('ADVISE token-index recommendations (property)', { timeout: 600_000 }, () => {
  it('a created recommendation is the index EXPLAIN scans, with the full scan\'s rows', async () => {
    await fc.assert(
      fc.asyncProperty(field, options, word, variable, fc.boolean(), async (f, opts, w, v, extra) => {
        const where = `ANY ${v} IN TOKENS(d.${f}, ${opts}) SATISFIES ${v} = "${w}" END${extra ? ' AND d.n > 0' : ''}`;
        const query = `SELECT META(d).id FROM adv AS d WHERE ${where}`;
        // Before the recommended index exists the statement is a full scan (the keyspace has no other index).
        const full = keys((await db.query(query)).results);
        const advice = (await db.query(`ADVISE ${query}`)).results[0] as { advice: { adviseinfo: { recommended_indexes: unknown } } };
        const rec = advice.advice.adviseinfo.recommended_indexes as { indexes?: { index_statement: string }[]; covering_indexes?: { index_statement: string }[] } | string;
        // A statement that already has its index is told so; otherwise there is a token index to create.
        if (typeof rec === 'string') return;
        const token = [...(rec.indexes ?? []), ...(rec.covering_indexes ?? [])].find((i) => /tokens\(/.test(i.index_statement));
        expect(token, JSON.stringify(rec)).toBeDefined();
        const name = `p${++seq}`;
        await db.query(token!.index_statement.replace(/^CREATE INDEX \S+ /, `CREATE INDEX ${name} `));
        try {
          const plan = JSON.stringify(await db.explain(query));
          expect(plan, `${query}\n${token!.index_statement}`).toContain(`"index":"${name}"`);
          expect(keys((await db.query(query)).results)).toEqual(full);
        } finally {
          await db.query(`DROP INDEX ${name} ON adv`);
        }
      }),
      propertyParameters(RUNS),
    );
  });
});
