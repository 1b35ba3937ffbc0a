/**
 * META() of documents bound by Fetch and by a lookup join (executor/stored-meta.ts: the stored
 * document stands for its own metadata, the keyspace path in a slot). The ids and join rows are
 * the reference's answers (n1ql-reference over the two documents below, keys `%k%`); the
 * `keyspace` field is Couchbase Server's META() shape (`default:bucket`), which the reference's
 * file datastore leaves out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('ks');
  await db.createKeyspace('other');
  await db.upsert('ks', 'a', { k: 'a', n: 1, o: 'b' });
  await db.upsert('ks', 'b', { k: 'b', n: 2, o: 'a' });
  await db.upsert('other', 'x', { n: 1 });
});
afterEach(async () => db.close());

const rows = async (q: string) => (await db.query(q)).results;

describe('META() of fetched and joined documents', () => {
  it('META().id and META(alias).id of a full scan', async () => {
    expect(await rows('SELECT META().id, META(t).id AS tid FROM ks t ORDER BY META().id')).toEqual([
      { id: 'a', tid: 'a' },
      { id: 'b', tid: 'b' },
    ]);
  });

  it('META() is the whole object, with the keyspace path, the cas and no expiration', async () => {
    const [m] = (await rows("SELECT RAW META() FROM ks WHERE k = 'a'")) as Record<string, unknown>[];
    expect(m).toEqual({ cas: expect.any(Number), expiration: 0, flags: 0, id: 'a', keyspace: 'default:ks', type: 'json' });
    expect(await rows("SELECT RAW META().`keyspace` FROM ks WHERE k = 'b'")).toEqual(['default:ks']);
  });

  it('a lookup join binds the inner document with its own id and keyspace', async () => {
    expect(await rows('SELECT META(b).id AS bid, META(b).`keyspace` AS bk, META(a).`keyspace` AS ak FROM ks a JOIN ks b ON KEYS a.o ORDER BY META(a).id')).toEqual([
      { bid: 'b', bk: 'default:ks', ak: 'default:ks' },
      { bid: 'a', bk: 'default:ks', ak: 'default:ks' },
    ]);
  });

  it('a correlated subquery rebinding the outer alias to another keyspace shows the inner keyspace', async () => {
    expect(await rows('SELECT RAW (SELECT RAW META(t).id FROM ks t WHERE t.n = o.n)[0] FROM ks o ORDER BY o.n')).toEqual(['a', 'b']);
    expect(await rows('SELECT RAW (SELECT RAW [META(t).id, META(t).`keyspace`] FROM other t WHERE t.n = t0.n)[0] FROM ks t0 ORDER BY t0.n')).toEqual([['x', 'default:other'], null]);
  });
});
