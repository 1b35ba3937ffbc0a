import { functionNames as engineFunctionNames } from '../index.js';

/** N1QL keywords offered by tab completion. */
export const KEYWORDS: readonly string[] = (
  'SELECT FROM WHERE AND OR NOT AS RAW ELEMENT VALUE DISTINCT ALL ORDER BY ASC DESC LIMIT OFFSET ' +
  'GROUP HAVING LETTING LET UNNEST JOIN NEST ON KEYS INNER LEFT OUTER USE INDEX ANY EVERY SOME ' +
  'SATISFIES END IN WITHIN ARRAY FIRST OBJECT FOR WHEN THEN ELSE CASE IS NULL MISSING VALUED ' +
  'TRUE FALSE LIKE BETWEEN EXISTS META INSERT UPSERT INTO VALUES UPDATE SET UNSET DELETE MERGE ' +
  'RETURNING CREATE DROP PRIMARY USING GSI WITH EXPLAIN PREPARE EXECUTE UNION INTERSECT EXCEPT'
).split(' ');

/** The function names of the engine, upper-cased and sorted. */
export function functionNames(): string[] {
  return [...new Set(engineFunctionNames().map((n) => n.toUpperCase()))].sort();
}

/** Shell backslash commands. */
export const SHELL_COMMANDS: readonly string[] = [
  '\\HELP', '\\SET', '\\UNSET', '\\PUSH', '\\POP', '\\ECHO', '\\REDIRECT', '\\SOURCE', '\\ALIAS', '\\UNALIAS',
  '\\VERSION', '\\COPYRIGHT', '\\QUIT', '\\EXIT', '\\x', '\\o', '\\i', '\\d', '\\timing', '\\watch', '\\format',
  '\\pager', '\\load', '\\keyspaces',
];

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
      return [SHELL_COMMANDS.filter((c) => c.toLowerCase().startsWith(word.toLowerCase())), word];
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
