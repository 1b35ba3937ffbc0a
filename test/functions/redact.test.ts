// Expected values: answers of the reference engine (couchbase/query cbq-engine, via
// n1ql-reference) and its suite (test/gsi/test_cases/redact_function/case_redact_function.json).
import { MISSING, table, throws } from './table.js';

const order = {
  user: { id: '12345', name: 'John Doe', phone: '+1-555-123-4567' },
  transactions: [{ id: 'txn001', amount: 250.75, date: '2025-01-10' }, { id: 'txn002', amount: 85.0 }],
  metadata: { created_by: 'admin_user', created_at: '2025-01-12T14:30:00Z' },
};

table('REDACT', [
  [[order], {
    metadata: { created_at: '1111-11-11111:11:111', created_by: 'xxxxx_xxxx' },
    transactions: [{ amount: 111.11, date: '1111-11-11', id: 'xxxxxx' }, { amount: 11, id: 'xxxxxx' }],
    user: { id: 'xxxxx', name: 'xxxx xxx', phone: '+x-xxx-xxx-xxxx' },
  }],
  [[order, { pattern: 'phone' }], { ...order, user: { ...order.user, phone: '+x-xxx-xxx-xxxx' } }],
  [[order, { pattern: '^created.*', regex: true }], { ...order, metadata: { created_at: '1111-11-11111:11:111', created_by: 'xxxxx_xxxx' } }],
  [[order, { pattern: 'metadata', omit: true }], { transactions: order.transactions, user: order.user }],
  [[{ a: 'admin_user', b: '+1-555-123-4567' }, { mask: 'ASD' }], { a: 'ASDAS_ASDA', b: '+S-ASD-SDA-DASD' }],
  [[{ a: 'admin_user', b: '2025-01-12T14:30:00Z' }, { strict: true }], { a: 'xxxxxxxxxx', b: 'xxxxxxxxxxxxxxxxxxxx' }],
  [[{ a: 'admin_user', b: 250.75, c: '2025-01-10' }, { fixedlength: true }], { a: 'x', b: 0, c: '1111-11-11' }],
  [[{ a: 'hello' }, { mask: 'AB', fixedlength: true }], { a: 'AB' }],
  [[{ a: 'hello' }, { mask: 'AB', strict: true }], { a: 'ABABA' }],
  [[{ a: 'xy z' }, { mask: '日本' }], { a: '\u00e6\u0097 \u00e6' }],
  [[{ a: 'x' }, { mask: '' }], { a: '' }],
  [[{ a: 'hello' }, { mask: 1 }], { a: 'xxxxx' }],
  [[{ a: 1, b: -25, c: 2.5, d: 1e21, e: 0.001, f: true, g: false, h: null, i: [1, 'ab', [2, 'c'], { x: 'y' }], j: {} }], {
    a: 1, b: -11, c: 1.1, d: 100000000000, e: 1.111, f: true, g: false, h: null, i: [1, 'xx', [1, 'x'], { x: 'x' }], j: {},
  }],
  [[{ a: 0.5, b: 123456789012, c: -0.000001, d: 1.5e-7 }], { a: 1.1, b: 111111111111, c: -1e-11, d: 1.1e-11 }],
  [[{ a: true, b: -25 }, { strict: true }], { a: false, b: -11 }],
  [[{ a: 'héllo wörld', b: 'a_b-c.d@e!f', c: 'x€y', d: '日本語', e: 'tab\there', f: 'a+b=c<d>e|f~g^h`i$j' }], {
    a: 'xxxxx xxxxx', b: 'x_x-x.x@x!x', c: 'x€x', d: 'xxx', e: 'xxxxxxxx', f: 'x+x=x<x>x|x~x^x`x$x',
  }],
  // Dates: the reference's default formats, valid dates and times only, 30 characters at most.
  [[{ a: '2025-01-10', b: '10:00:00', c: '2025-01-10 10:00', d: '2025-01-10T10:00:00.123+05:30', e: '2025-01-10T10:00:00+0530', f: '10:00:00Z' }], {
    a: '1111-11-11', b: '11:11:11', c: '1111-11-11 11:11', d: '1111-11-11111:11:11.111+11:11', e: '1111-11-11111:11:11+1111', f: '11:11:111',
  }],
  [[{ a: '2025-1-10', b: '20250110', c: '10:00', d: '2023-02-29', e: '2025-01-10T25:00:00', f: '2025-01-10+05:30', g: '2025-01-10T10:00:00.123456789+05:30' }], {
    a: 'xxxx-x-xx', b: 'xxxxxxxx', c: 'xx:xx', d: 'xxxx-xx-xx', e: 'xxxx-xx-xxxxx:xx:xx', f: 'xxxx-xx-xx+xx:xx', g: 'xxxx-xx-xxxxx:xx:xx.xxxxxxxxx+xx:xx',
  }],
  [[{ a: 'x', b: 'y', c: { d: 'z' } }, { name: true }], { f0000: 'x', f0001: 'x', f0002: { f0002_f0000: 'x' } }],
  [[{ a: 'hello', b: 'world' }, { pattern: 'a', name: true }], { b: 'world', f0000: 'xxxxx' }],
  [[{ a: [{ b: 'c' }, [{ d: 'e' }]] }, { name: true }], { f0000: [{ f0000_f0000: 'x' }, [{ f0000_f0000: 'x' }]] }],
  [[{ user: { id: '1', name: 'x' }, name: 'y' }, { pattern: '^user$', regex: true }], { name: 'y', user: { id: 'x', name: 'x' } }],
  [[{ user: { id: '1', name: 'x' }, name: 'y' }, { pattern: '^user$', regex: true, exclude: true }], { name: 'x', user: { id: 'x', name: 'x' } }],
  [[{ a: 'hello', b: { c: 'world' } }, { pattern: 'c', exclude: true }], { a: 'xxxxx', b: { c: 'world' } }],
  [[{ a: 'hello', b: { c: 'world' } }, { pattern: 'b', exclude: true, name: true }], { b: { b_f0000: 'xxxxx' }, f0000: 'xxxxx' }],
  [[{ user: { id: '1', name: 'x' }, name: 'y' }, { pattern: 'NAME', ignorecase: true }], { name: 'x', user: { id: '1', name: 'x' } }],
  [[{ ab: 'hello', b: 'world' }, { pattern: 'b', exact: true }], { ab: 'hello', b: 'xxxxx' }],
  [[{ a: 'hello', b: 'world' }, { pattern: 'a' }, { pattern: 'b', omit: true }], { a: 'xxxxx' }],
  [[{ a: 'hello', b: 'world' }, { pattern: 'a' }, { pattern: 'a', omit: true }], { a: 'xxxxx', b: 'world' }],
  [[{ a: 'hello', b: 'world' }, { pattern: 'a', omit: true }, { pattern: 'a' }], { b: 'world' }],
  [[{ a: 'hello' }, { pattern: 1 }], { a: 'hello' }],
  [[{ a: 'hello' }, { pattern: '' }], { a: 'xxxxx' }],
  [[{ a: 'x', b: 'y' }, { pattern: '(', regex: true }], throws(5010)],
  [['x'], 'x'],
  [[[1]], [1]],
  [[MISSING], MISSING],
  [[null], null],
  [[{ a: 'x' }, MISSING], MISSING],
  [[{ a: 'x' }, null], null],
  [[{ a: 'x' }, 'y'], null],
]);

// A value that is not an object is redacted as the value of a field named "".
table('REDACT', [
  [[0], 1],
  [[-1.5], -1.1],
  [[1e300], 1e111],
  [['日本'], 'xx'],
  [[[1, 'a', null]], [1, 'x', null]],
  [['2025-01-10'], '1111-11-11'],
  [['a-b', { strict: true }], 'xxx'],
  [['a-b', { pattern: 'z' }], 'a-b'],
  [['a-b', { mask: 'Q' }], 'Q-Q'],
  [[true, { strict: true }], false],
  [[5, { fixedlength: true }], 0],
  [[[{ a: 'b' }], { pattern: 'z' }], [{ a: 'b' }]],
  [[[{ a: 'b' }]], [{ a: 'x' }]],
  [[[{ a: 'b' }], { name: true }], [{ f0000: 'x' }]],
]);
