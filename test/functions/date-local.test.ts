/**
 * The local zone is the process's (`TZ`), as Go's `time.Local` is the reference's. These rows
 * are the reference's answers run with TZ=America/New_York: DST gaps and overlaps, calendar
 * arithmetic in local time, wall-clock differences, and DATE_TRUNC_MILLIS on UTC boundaries.
 * 1710043200000 is 2024-03-09T23:00:00-05:00, the evening before the spring-forward gap.
 */
import { afterAll } from 'vitest';
import { resetLocalZone } from '../../src/eval/functions/date-zone.js';
import { table } from './table.js';

// The zone is the worker process's: put it back for the test files that run after this one
// (child processes they start inherit it).
const previousTz = process.env.TZ;
process.env.TZ = 'America/New_York';
resetLocalZone();
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
  resetLocalZone();
});

table('MILLIS_TO_STR', [
  [[1710054000000], '2024-03-10T03:00:00-04:00'],
  [[1710053999000], '2024-03-10T01:59:59-05:00'],
  [[1730613600000], '2024-11-03T01:00:00-05:00'],
  [[1730613599000], '2024-11-03T01:59:59-04:00'],
  [[0, '%Z %^Z TZN'], 'EST America/New_York TZN'],
]);
table('MILLIS_TO_UTC', [[[1710054000000], '2024-03-10T07:00:00Z']]);
table('STR_TO_MILLIS', [
  // 02:30 does not exist on 2024-03-10; 01:30 happens twice on 2024-11-03.
  [['2024-03-10T02:30:00'], 1710052200000],
  [['2024-11-03T01:30:00'], 1730611800000],
  [['2024-03-10 02:30:00 America/New_York', '%Y-%m-%d %H:%M:%S %z'], 1710052200000],
]);
table('STR_TO_UTC', [[['2024-07-01T12:00:00'], '2024-07-01T16:00:00']]);
table('DATE_ADD_MILLIS', [
  [[1710043200000, 1, 'day'], 1710126000000],
  [[1710043200000, 24, 'hour'], 1710129600000],
]);
table('DATE_ADD_STR', [[['2024-03-09T12:00:00', 1, 'day'], '2024-03-10T12:00:00']]);
table('DATE_DIFF_MILLIS', [[[1710129600000, 1710043200000, 'hour'], 25]]);
table('DATE_DIFF_STR', [[['2024-03-11T00:00:00', '2024-03-09T23:00:00', 'hour'], 25]]);
table('DATE_TRUNC_MILLIS', [
  [[1710100000000, 'day'], 1710028800000],
  [[1710100000000, 'month'], 1709251200000],
  [[1710100000000, 'hour'], 1710097200000],
  [[1710100000000, 'week'], 1710028800000],
]);
table('DATE_TRUNC_STR', [[['2024-03-10T12:00:00', 'day'], '2024-03-09T23:00:00']]);
table('DATE_PART_MILLIS', [
  [[1710100000000, 'timezone'], -14400],
  [[1710043200000, 'day'], 9],
]);
table('DATE_PART_STR', [[['2024-07-01T12:00:00', 'timezone'], -14400]]);
table('WEEKDAY_MILLIS', [[[1710043200000], 'Saturday']]);
table('DATE_RANGE_MILLIS', [[[1710043200000, 1710302400000, 'day'], [1710043200000, 1710126000000, 1710212400000, 1710298800000]]]);
