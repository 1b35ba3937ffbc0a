/**
 * Property tests of INFER's schema (src/infer/infer-schema.ts) against what a flavor means:
 * the flavors partition the documents, and each field's counts are those of the documents.
 * Runs: TOKENQL_PROPERTY_RUNS (default 300). fast-check prints the seed and path of a failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferOptions, inferSchema } from '../../src/infer/infer-schema.js';
import { propertyParameters } from '../../src/testing/index.js';
import type { ObjectValue, Value } from '../../src/values/index.js';

const params = propertyParameters<unknown>(300);

const scalar = fc.oneof(fc.constant(null), fc.boolean(), fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'b', 'c'));
const value: fc.Arbitrary<Value> = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom('x', 'y'), scalar, { maxKeys: 2 }));
const doc = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), value, { maxKeys: 5 });

describe('INFER', () => {
  it('the flavors partition the documents, and each field counts the documents that have it', () => {
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, noNaN: true }), (docs, metric) => {
        const flavors = inferSchema(docs, inferOptions({ similarity_metric: metric })) as ObjectValue[];
        expect(flavors.reduce((n, f) => n + (f['#docs'] as number), 0)).toBe(docs.length);
        for (const f of flavors) {
          const n = f['#docs'] as number;
          for (const field of Object.values(f.properties as ObjectValue) as ObjectValue[]) {
            const count = field['#docs'];
            const total = Array.isArray(count) ? (count as number[]).reduce((a, b) => a + b, 0) : (count as number);
            expect(total).toBeGreaterThan(0);
            expect(total).toBeLessThanOrEqual(n);
          }
        }
        // Every field of every document appears in some flavor's properties.
        const named = new Set(flavors.flatMap((f) => Object.keys(f.properties as ObjectValue)));
        for (const d of docs) for (const k of Object.keys(d)) expect(named.has(k)).toBe(true);
      }),
      params,
    );
  });

  it('similarity 0 puts every object in one flavor; similarity 1 one flavor per field set', () => {
    fc.assert(
      fc.property(fc.array(doc, { minLength: 1, maxLength: 20 }), (docs) => {
        expect(inferSchema(docs, inferOptions({ similarity_metric: 0 }))).toHaveLength(1);
        const sets = new Set(docs.map((d) => Object.keys(d).sort().join(',')));
        expect(inferSchema(docs, inferOptions({ similarity_metric: 1 }))).toHaveLength(sets.size);
      }),
      params,
    );
  });
});
