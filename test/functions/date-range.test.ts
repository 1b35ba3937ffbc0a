/**
 * Date ranges: DATE_RANGE_MILLIS and DATE_RANGE_STR (steps, directions, month ends).
 * Expected values are the reference engine's answers (n1ql-reference, TZ=UTC), copied as literals.
 * 1463284740123 is 2016-05-15T03:59:00.123Z.
 */
import { resetLocalZone } from '../../src/eval/functions/date-zone.js';
import { MISSING, table } from './table.js';

// The reference runs with TZ=UTC: so do these tables (the local zone is the process's).
process.env.TZ = 'UTC';
resetLocalZone();

table('DATE_RANGE_MILLIS', [
  [[MISSING, 1, "day"], MISSING],
  [[0, MISSING, "day"], MISSING],
  [[0, 1, MISSING], MISSING],
  [[0, 1, "day", MISSING], MISSING],
  [[null, 1, "day"], null],
  [[0, null, "day"], null],
  [[0, 1, null], null],
  [[0, 1, "day", null], null],
  [["0", 1, "day"], null],
  [[0, 1, "day", "1"], null],
  [[0, 1, "bogus"], null],
  [[0, 259200000, "day"], [0, 86400000, 172800000]],
  [[259200000, 0, "day", -1], [259200000, 172800000, 86400000]],
  [[0, 259200000, "day", 2], [0, 172800000]],
  [[0, 259200000, "day", -1], []],
  [[0, 259200000, "day", 0], [0]],
  [[0, 0, "day"], []],
  [[0, 259200000, "day", 1.5], null],
  [[1454198400000, 1462060800000, "month"], [1454198400000, 1456876800000, 1459555200000]],
  [[1454198400000, 1462060800000, "calendar_month"], [1454198400000, 1456704000000, 1459382400000, 1461974400000]],
  [[0, 3, "millisecond"], [0, 1, 2]],
]);

table('DATE_RANGE_STR', [
  [[MISSING, "2016-01-03", "day"], MISSING],
  [["2016-01-01", MISSING, "day"], MISSING],
  [["2016-01-01", "2016-01-03", MISSING], MISSING],
  [[null, "2016-01-03", "day"], null],
  [["2016-01-01", 2, "day"], null],
  [["2016-01-01", "2016-01-03", "day", null], null],
  [["bad", "2016-01-03", "day"], null],
  [["2016-01-01", "2016-01-03", "bogus"], null],
  [["2016-01-01", "2016-01-04", "day"], ["2016-01-01", "2016-01-02", "2016-01-03"]],
  [["2016-01-04", "2016-01-01", "day", -1], ["2016-01-04", "2016-01-03", "2016-01-02"]],
  [["2016-01-01T10:00:00Z", "2016-01-01T13:00:00Z", "hour"], ["2016-01-01T10:00:00Z", "2016-01-01T11:00:00Z", "2016-01-01T12:00:00Z"]],
  [["2016-01-31", "2016-06-01", "month"], ["2016-01-31", "2016-03-02", "2016-04-02", "2016-05-02"]],
  [["2016-01-31", "2016-06-01", "calendar_month"], ["2016-01-31", "2016-02-29", "2016-03-31", "2016-04-30", "2016-05-31"]],
  [["2016-01-01", "2016-01-01", "day"], []],
  [["2016-01-01", "2016-01-04", "day", 0], ["2016-01-01"]],
  [["2016/01/01", "2016/01/03", "day"], ["2016/01/01", "2016/01/02"]],
]);
