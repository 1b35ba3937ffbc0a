import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readDocuments } from '../../../src/load/index.js';

/** The shared datasets (see ../shared/datasets/README.md), relative to the project root. */
const DATASETS = '../shared/datasets';
const have = existsSync(DATASETS);

async function keysOf(path: string, key?: string): Promise<{ keys: string[]; failures: number }> {
  const keys: string[] = [];
  let failures = 0;
  for await (const item of readDocuments(path, { key })) {
    if (item.ok) keys.push(item.key);
    else failures++;
  }
  return { keys, failures };
}

describe.skipIf(!have)('the shared datasets', () => {
  it('loads beer-sample.zip: 7,303 documents keyed by file name, design docs skipped', async () => {
    const { keys, failures } = await keysOf(`${DATASETS}/beer-sample.zip`);
    expect(failures).toBe(0);
    expect(keys).toHaveLength(7303);
    expect(new Set(keys).size).toBe(7303);
    expect(keys).toContain('port_washington_brewing');
    expect(keys).toContain('bonfire_brewery-promethean_porter');
    expect(keys.some((k) => k.includes('indexes') || k === 'beer')).toBe(false);
  });

  it.each([
    ['product.jsonl', '%productId%_arrayIndex', 900, 'product0_arrayIndex'],
    ['customer.jsonl', '%customerId%_json_func', 1000, 'customer120_json_func'],
    ['travel-sample.jsonl', '%type%_%id%', 6935, 'airport_1254'],
  ])('gives unique keys for %s with its documented template %s', async (file, template, count, first) => {
    const { keys, failures } = await keysOf(`${DATASETS}/${file}`, template);
    expect(failures).toBe(0);
    expect(keys).toHaveLength(count);
    expect(new Set(keys).size).toBe(count);
    expect(keys[0]).toBe(first);
  });
});
