// Expected values: answers of the reference engine (couchbase/query cbq-engine, via n1ql-reference).
import { describe, expect, it } from 'vitest';
import { call, MISSING, table, throws } from './table.js';

table('FORMALIZE', [
  [['a+1'], '(`a` + 1)'],
  [['a.b[1]'], '((`a`.`b`)[1])'],
  [["lower(x) like 'a%'"], '(lower(`x`) like "a%")'],
  [['a[*].b'], '((`a`[*]).`b`)'],
  [['a[]'], '(`a`[ : ])'],
  [['a[1:]'], '(`a`[1 : ])'],
  [['a+1', 't'], '(`a` + 1)'],
  [['a', null], '`a`'],
  [['SELECT 1'], 'select 1'],
  [['a+'], throws(5010)],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);
table('FORMALISE', [[['x'], '`x`']]);

table('RANDOM_ELEMENT', [
  [[[5]], 5],
  [[[]], null],
  [[MISSING], MISSING],
  [[null], null],
  [['x'], null],
]);

describe('UUID', () => {
  it('is a new version 4 UUID of 36 characters at each call', () => {
    const a = call('UUID') as string;
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(call('UUID')).not.toBe(a);
  });
});
