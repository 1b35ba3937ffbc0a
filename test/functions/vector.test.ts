// Expected values: answers of the reference engine (couchbase/query cbq-engine, via
// n1ql-reference), the document vector read from a field as the reference requires.
import { MISSING, table, throws } from './table.js';

table('VECTOR_DISTANCE', [
  [[[1, 2, 3], [4, 5, 6], 'euclidean'], 5.196152422706632],
  [[[1, 2, 3], [4, 5, 6], 'l2'], 5.196152422706632],
  [[[1, 2, 3], [4, 5, 6], 'euclidean_squared'], 27],
  [[[1, 2, 3], [4, 5, 6], 'l2_squared'], 27],
  [[[1, 2, 3], [4, 5, 6], 'dot'], -32],
  [[[1, 2, 3], [4, 5, 6], 'cosine'], 0.025368153802923787],
  [[[1, 2, 3], [4, 5, 6], 'COSINE'], 0.025368153802923787],
  [[[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], 'euclidean'], 0.282842712474619],
  [[[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], 'cosine'], 0.2857142857142857],
  [[[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], 'dot'], -0.1],
  [[[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], 'euclidean_squared'], 0.07999999999999999],
  [[[1.5, 2.5, 3.5], [1, 2, 3], 'EUCLIDEAN'], 0.8660254037844386],
  [[[0, 0], [1, 1], 'cosine'], null],
  [[[0, 0], [1, 1], 'dot'], 0],
  [[[], [], 'dot'], 0],
  [[[1, 2, 3], [4, 5], 'euclidean'], null],
  [[[1, 'x'], [1, 2], 'euclidean'], null],
  [[[1e39, 2, 3], [4, 5, 6], 'euclidean'], null],
  [[null, [1], 'euclidean'], null],
  [[['x'], [1], 'euclidean'], null],
  [[MISSING, [1], 'euclidean'], MISSING],
  [[[1, 2, 3], [4, 5, 6], 'manhattan'], throws(10510)],
  [[[1, 2, 3], [1, 2, 3], null], throws(10510)],
  [[[1, 2, 3], [1, 2, 3], MISSING], throws(10510)],
  [[[1, 2, 3], [1, 2, 3], 1], throws(10510)],
  [[[1, 2, 3], [4, 5, 'a'], 'euclidean'], throws(5430)],
  [[[1, 2, 3], null, 'euclidean'], throws(5430)],
  [[[1, 2, 3], MISSING, 'euclidean'], throws(5430)],
]);
table('KNN_DISTANCE', [[[[1, 2, 3], [4, 5, 6], 'euclidean'], 5.196152422706632], [[MISSING, [1], 'dot'], MISSING]]);
table('APPROX_VECTOR_DISTANCE', [
  [[[1, 2, 3], [4, 5, 6], 'euclidean'], 5.196152422706632],
  [[[1, 2, 3], [4, 5, 6], 'cosine', 10, true, 5], 0.025368153802923787],
  [[[1, 2, 3], [4, 5, 6], 'l2_squared'], 27],
  [[MISSING, [1], 'dot'], MISSING],
]);
table('ANN_DISTANCE', [[[[1, 2, 3], [4, 5, 6], 'dot'], -32]]);

table('SPARSE_VECTOR_DISTANCE', [
  [[[[1, 2], [0.5, 0.5]], [[1, 3], [1, 1]]], -0.5],
  [[[[1, 2], [0.5, 0.5]], [[1, 3], [1, 1]], 'dot'], -0.5],
  [[[[1, 2], [0.5, 0.5]], [[1, 3], [1, 1]], 'cosine'], -0.5],
  [[[[1, 2], [0.5, 0.5]], [[1, 3], [1, 1]], 'euclidean'], -0.5],
  [[MISSING, [[1], [1]]], MISSING],
  [[null, [[1], [1]]], null],
]);

table('ISVECTOR', [
  [[[1, 2, 3], 3, 'float32'], true],
  [[[1.5], 1, 'FLOAT32'], true],
  [[[1, 2], 3, 'float32'], false],
  [[[1, 'a'], 2, 'float32'], false],
  [[[1, null], 2, 'float32'], false],
  [[[true], 1, 'float32'], false],
  [[[1e39], 1, 'float32'], false],
  [[null, 2, 'float32'], false],
  [[MISSING, 2, 'float32'], false],
  [[['x'], 1, 'float32'], false],
  [[[1, 2, 3], 3, 'float'], throws(10513)],
  [[[1, 2], 2, null], throws(10513)],
  [[[1], 1, MISSING], throws(10513)],
  [[[], 0, 'float32'], throws(10512)],
  [[[1], -1, 'float32'], throws(10512)],
  [[[1], 1.5, 'float32'], throws(10512)],
  [[[1], null, 'float32'], throws(10512)],
  [[[1], MISSING, 'float32'], throws(10512)],
  [[[1, 2], '2', 'float32'], throws(10512)],
]);

table('VECTOR_NORMALIZE', [
  [[[3, 4]], [0.6, 0.8]],
  [[[-3, 4]], [-0.6, 0.8]],
  [[[1, 2, 3]], [0.2672612419124244, 0.5345224838248488, 0.8017837257372732]],
  [[[0.1, 0.2]], [0.4472135954999579, 0.8944271909999159]],
  [[[0, 0]], null],
  [[[]], null],
  [[[1e200, 1e200]], null],
  [[[1e39, 1]], null],
  [[[1, 'a']], null],
  [[MISSING], MISSING],
  [[null], null],
  [['x'], null],
]);
table('NORMALIZE_VECTOR', [[[[1, 1]], [0.7071067811865475, 0.7071067811865475]]]);

table('ENCODE_VECTOR', [
  [[[1, 2, 3]], 'AACAPwAAAEAAAEBA'],
  [[[1.5, -2]], 'AADAPwAAAMA='],
  [[[0.1]], 'zczMPQ=='],
  [[[1, 2, 3], true], 'P4AAAEAAAABAQAAA'],
  [[[1, 2, 3], false], 'AACAPwAAAEAAAEBA'],
  [[[]], ''],
  [[[1, 2, 3], true, 'x'], null],
  [[[1, 2], 1], null],
  [[[1e39]], null],
  [[[1, 'a']], null],
  [[MISSING], MISSING],
  [[null], null],
  [['x'], null],
]);

table('DECODE_VECTOR', [
  [['AACAPwAAAEAAAEBA'], [1, 2, 3]],
  [['P4AAAEAAAABAQAAA', true], [1, 2, 3]],
  [['zczMPQ=='], [0.10000000149011612]],
  [['AACAPw==', true], [4.600602988224807e-41]],
  [[''], []],
  [['AAAA'], null],
  [['xyz'], null],
  [['AACAPw==', 1], null],
  [['AACAPw==', false, true], null],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);
