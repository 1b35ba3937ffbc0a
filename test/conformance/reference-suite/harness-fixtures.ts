import type { Database, Value } from '../../../src/index.js';

/**
 * Steps the reference's own harness takes outside N1QL, run where it takes them. The gsi
 * `xattrs` test (couchbase/query test/gsi/test_cases/xattrs/xattr.go `gocb_SetupXattr`) sets
 * extended attributes on five `product` documents with the SDK (sub-document upserts) after
 * inserting them and before deleting `product0_xattrs`; tokenql does the same through
 * `Database.replace(…, { xattrs })`, merging each attribute into the document's.
 */
export async function beforeSetupStatement(statement: string, db: Database): Promise<void> {
  if (!/^delete from product where meta\(\)\.id = 'product0_xattrs'$/i.test(statement.trim())) return;
  const sync = { name: 'Information about products', id: 23 };
  const letters = (suffix: string) => Object.fromEntries([...'abcdefghijklmnop'].map((c) => [c + suffix, 1]));
  const sets: [string, Record<string, Value>][] = [
    ['product0_xattrs', { _sync: sync }],
    ['product10_xattrs', { _sync: { ...sync, id: 231 } }],
    ['product1_xattrs', { userAttr: ['Product 1', 'Product 10'] }],
    ['product100_xattrs', letters('')],
    ['product100_xattrs_dup', letters('1')],
  ];
  for (const [key, xattrs] of sets) {
    const d = db.get('product', key);
    if (!d) continue;
    await db.replace('product', key, d.value, { xattrs: { ...(d.meta.xattrs ?? {}), ...xattrs } });
  }
}
