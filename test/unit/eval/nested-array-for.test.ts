import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

/**
 * Deeply nested `ARRAY v FOR v IN … END` (the identity mapping, which copies its array) compiles
 * each binding's collection once: compiling it twice per level made depth 25 run out of memory.
 */
describe('nested ARRAY … FOR', () => {
  it('compiles in time linear in the depth', async () => {
    const db = await Database.open();
    const n = 40;
    const s = `SELECT RAW ${'ARRAY v FOR v IN '.repeat(n)}[1, MISSING]${' END'.repeat(n)}`;
    const { results } = await db.query(s);
    // The identity mapping keeps a MISSING element (the reference's answer, printed null).
    expect(results).toHaveLength(1);
    expect((results[0] as unknown[]).length).toBe(2);
    await db.close();
  });
});
