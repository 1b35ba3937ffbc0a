import * as api from '../index.js';

/** N1QL keywords offered by tab completion. */
export const KEYWORDS: readonly string[] = (
  'SELECT FROM WHERE AND OR NOT AS RAW ELEMENT VALUE DISTINCT ALL ORDER BY ASC DESC LIMIT OFFSET ' +
  'GROUP HAVING LETTING LET UNNEST JOIN NEST ON KEYS INNER LEFT OUTER USE INDEX ANY EVERY SOME ' +
  'SATISFIES END IN WITHIN ARRAY FIRST OBJECT FOR WHEN THEN ELSE CASE IS NULL MISSING VALUED ' +
  'TRUE FALSE LIKE BETWEEN EXISTS META INSERT UPSERT INTO VALUES UPDATE SET UNSET DELETE MERGE ' +
  'RETURNING CREATE DROP PRIMARY USING GSI WITH EXPLAIN PREPARE EXECUTE UNION INTERSECT EXCEPT'
).split(' ');

/** Function names used when the public API does not (yet) export `functionNames()`. */
const FALLBACK_FUNCTIONS: readonly string[] = (
  'TOKENS CONTAINS_TOKEN CONTAINS_TOKEN_LIKE CONTAINS_TOKEN_REGEXP HAS_TOKEN ARRAY_AGG ARRAY_APPEND ' +
  'ARRAY_CONTAINS ARRAY_COUNT ARRAY_DISTINCT ARRAY_LENGTH ARRAY_SORT AVG COUNT MAX MIN SUM LENGTH ' +
  'LOWER UPPER TRIM LTRIM RTRIM SUBSTR CONTAINS REPLACE SPLIT REGEXP_LIKE REGEXP_CONTAINS ' +
  'IFMISSING IFNULL IFMISSINGORNULL TYPE TO_STRING TO_NUMBER TO_ARRAY OBJECT_NAMES OBJECT_PAIRS ' +
  'ROUND FLOOR CEIL ABS NOW_STR META'
).split(' ');

/** The function names of the engine (`functionNames()` of the public API), upper-cased. */
export function functionNames(): string[] {
  const fn = (api as unknown as { functionNames?: () => string[] }).functionNames;
  const names = typeof fn === 'function' ? fn() : FALLBACK_FUNCTIONS;
  return [...new Set(names.map((n) => n.toUpperCase()))].sort();
}

/** Shell backslash commands. */
export const SHELL_COMMANDS: readonly string[] = ['\\help', '\\timing', '\\format', '\\load', '\\keyspaces', '\\quit'];

/**
 * A `readline` completer: completes the word before the cursor from keywords, function names
 * (with `(` appended) and keyspace names, case-insensitively, keeping the case the user typed for
 * keywords; a line starting with `\` completes shell commands.
 * @param keyspaces called on every completion, so new keyspaces are offered at once
 */
export function createCompleter(keyspaces: () => string[]): (line: string) => [string[], string] {
  const functions = functionNames();
  return (line: string) => {
    if (/^\s*\\\w*$/.test(line)) {
      const word = line.trim();
      return [SHELL_COMMANDS.filter((c) => c.startsWith(word)), word];
    }
    const word = /[\w$]*$/.exec(line)![0];
    if (word === '') return [[], word];
    const upper = word.toUpperCase();
    const lower = word === word.toLowerCase();
    const hits = new Set<string>();
    for (const k of keyspaces()) if (k.toUpperCase().startsWith(upper)) hits.add(k);
    for (const k of KEYWORDS) if (k.startsWith(upper)) hits.add(lower ? k.toLowerCase() : k);
    for (const f of functions) if (f.startsWith(upper)) hits.add((lower ? f.toLowerCase() : f) + '(');
    return [[...hits].sort(), word];
  };
}
