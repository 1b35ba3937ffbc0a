/**
 * User-defined functions and JavaScript libraries are durable on the file store, as index
 * definitions are: after a close (or a crash after the statement returned) and a reopen, every
 * function and library is there again; a dropped function stays dropped.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('functions on the file store', () => {
  it('survive a reopen; a drop too', async () => {
    dir = await mkdtemp(join(tmpdir(), 'tokenql-udf-'));
    let db = await Database.open({ path: dir });
    await db.createKeyspace('ks');
    await db.upsert('ks', 'k1', { a: 5 });
    await db.query('CREATE FUNCTION plus(a, b) { a + b }');
    await db.query('CREATE FUNCTION fromKs(k) {( SELECT RAW a FROM ks USE KEYS k )}');
    await db.query('CREATE FUNCTION gone() { 1 }');
    await db.putLibrary('lib', 'function twice(x) { return 2 * x; }');
    await db.query('CREATE FUNCTION jsTwice(x) LANGUAGE JAVASCRIPT AS "twice" AT "lib"');
    await db.query('CREATE FUNCTION ks._default.scoped() { "s" }');
    await db.query('DROP FUNCTION gone');
    await db.close();

    db = await Database.open({ path: dir });
    try {
      expect((await db.query('SELECT RAW [plus(1, 2), fromKs("k1"), jsTwice(4)]')).results).toEqual([[3, [5], 8]]);
      expect((await db.query('SELECT RAW META().id FROM system:functions ORDER BY META().id')).results).toEqual([
        'default:fromKs',
        'default:jsTwice',
        'default:ks._default.scoped',
        'default:plus',
      ]);
      expect(db.library('lib')?.code).toBe('function twice(x) { return 2 * x; }');
      await expect(db.query('SELECT gone()')).rejects.toBeInstanceOf(QueryError);
    } finally {
      await db.close();
    }
  });
});
