import { describe, expect, it } from 'vitest';
import { DEMO_KEYSPACE, generateDemoDocuments, Mulberry32 } from '../../../src/demo/index.js';

describe('generateDemoDocuments', () => {
  const docs = [...generateDemoDocuments()];

  it('makes 10,000 documents with unique keys in the demo keyspace', () => {
    expect(DEMO_KEYSPACE).toBe('demo');
    expect(docs).toHaveLength(10000);
    expect(new Set(docs.map((d) => d.key)).size).toBe(10000);
    for (const d of docs) expect(d.key).toBe(`${d.value.type}_${d.value.id}`);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect([...generateDemoDocuments(500, 42)]).toEqual(docs.slice(0, 500));
    expect([...generateDemoDocuments(50, 7)]).not.toEqual(docs.slice(0, 50));
  });

  it('mixes hotels, reviews, customers and products', () => {
    const counts: Record<string, number> = {};
    for (const d of docs) counts[d.value.type as string] = (counts[d.value.type as string] ?? 0) + 1;
    expect(Object.keys(counts).sort()).toEqual(['customer', 'hotel', 'product', 'review']);
    for (const n of Object.values(counts)) expect(n).toBeGreaterThan(1000);
  });

  it('contains what the token functions should find: e-mails, URLs, phones, non-ASCII, hyphens, underscores', () => {
    const text = docs.map((d) => JSON.stringify(d.value)).join('\n');
    expect(text).toMatch(/[a-z._]+\d*@[a-z.-]+\.[a-z]+/);
    expect(text).toMatch(/https?:\/\/[\w.-]+/);
    expect(text).toMatch(/\b\d{3}-555-\d{4}\b/);
    for (const word of ['naïve', 'Zürich', '東京', 'well-kept', 'sea_view']) expect(text).toContain(word);
    const hotel = docs.find((d) => d.value.type === 'hotel')!.value;
    expect(hotel.address).toMatchObject({ city: expect.any(String), country: expect.any(String) });
    expect(Array.isArray(hotel.tags)).toBe(true);
  });
});

describe('Mulberry32', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = new Mulberry32(1);
    const b = new Mulberry32(1);
    for (let i = 0; i < 1000; i++) {
      const x = a.next();
      expect(x).toBe(b.next());
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('favours the first items with zipf()', () => {
    const rng = new Mulberry32(3);
    const items = Array.from({ length: 100 }, (_, i) => i);
    const counts = new Array(100).fill(0);
    for (let i = 0; i < 20000; i++) counts[rng.zipf(items)]++;
    expect(counts[0]).toBeGreaterThan(counts[10] * 5);
    expect(counts[99]).toBeGreaterThan(0);
  });
});
