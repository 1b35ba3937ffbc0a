import type { Database } from '../../../src/index.js';
import type { CaseGroup } from './suite.js';

/**
 * What the reference's harness sets up besides a group's statements. Its udf test
 * (couchbase/query `test/gsi/test_cases/udf/udf_test.go`, `externalJSTest`) POSTs the
 * JavaScript library `lib1` to `/evaluator/v1/libraries/lib1` before the external JavaScript
 * function cases; this is that library's text, loaded through the same library catalogue.
 */
const LIB1 = `
function external1(var1) {
  let var2 = 30;
  var selectquery = SELECT custId FROM customer WHERE test_id = "udf" AND age > $var1 AND age < $var2 ORDER BY custId;
  var rs = [];
  for (const row of selectquery) {
    rs.push(row);
  }
  selectquery.close()
  return rs;
}

// Function that executes another function
function external2(var1) {
  var query = N1QL("EXECUTE FUNCTION UDF_UT_externalJS1("+var1+")");
  var q = [];
  for (const row of query) {
    q.push(row);
  }
  query.close()
  return q;
}

// Function that performs a SELECT after a DML operation on the same bucket
function external3() {
  // DML - UPDATE query
  var updateQuery = UPDATE customer SET externalChangeId = 1 WHERE test_id = "udf";
  updateQuery.close()

  // SELECT query
  var selectQuery = SELECT externalChangeId, COUNT(*) as count from customer WHERE test_id = "udf" GROUP BY externalChangeId;

  var q = [];
  for (const row of selectQuery) {
    q.push(row);
  }

  selectQuery.close();

  return q;
}
`;

const isExternalJs = (g: CaseGroup) => g.cases.some((c) => c.id.startsWith('gsi/udf/case_external_js_udf_tests.json'));

/** Whether {@link groupFixtures} sets anything up for the group. */
export const hasGroupFixtures = (g: CaseGroup): boolean => isExternalJs(g);

/** Sets up what the reference's harness does before a group (see {@link LIB1}). */
export async function groupFixtures(db: Database, g: CaseGroup): Promise<void> {
  if (isExternalJs(g)) await db.putLibrary('lib1', LIB1);
}

/**
 * The setup statements of a group as the reference's harness runs them before its cases. The
 * converted setup of the external JavaScript function cases ends with the udf test's teardown
 * (`DELETE FROM customer …`, `DROP PRIMARY INDEX …`), which `udf_test.go` runs after
 * `externalJSTest`, not before: those trailing DELETE / DROP statements are left out there.
 */
export function groupSetup(g: CaseGroup): string[] {
  if (!isExternalJs(g)) return g.setup;
  let end = g.setup.length;
  while (end > 0 && /^\s*(DELETE|DROP\s+PRIMARY\s+INDEX)\b/i.test(g.setup[end - 1]!)) end--;
  return g.setup.slice(0, end);
}
