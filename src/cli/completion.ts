import { functionNames as engineFunctionNames, nextTokens } from '../index.js';

/** N1QL keywords offered by tab completion when the grammar cannot tell (text that does not lex). */
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

/** What completion knows of the data: keyspace names and, per keyspace, field names from a sample. */
export interface CompletionSources {
  /** Keyspace names (called on every completion, so new keyspaces are offered at once). */
  keyspaces(): string[];
  /** Top-level field names of a keyspace's documents, from a sample; may be fetched on first use. */
  fields?(keyspace: string): Promise<string[]>;
  /** The statement's lines before the current one (a statement typed over several lines). */
  pending?(): string;
  /** The whole current line, past the cursor too (a FROM after the cursor names the keyspace). */
  wholeLine?(): string;
}

/** After these keywords a keyspace name comes. */
const KEYSPACE_AFTER = new Set(['FROM', 'JOIN', 'INTO', 'UPDATE']);
/** Words that follow a keyspace and are no alias of it. */
const NOT_ALIAS = new Set(['WHERE', 'USE', 'JOIN', 'INNER', 'LEFT', 'RIGHT', 'NEST', 'UNNEST', 'LET', 'GROUP', 'ORDER', 'LIMIT', 'OFFSET', 'ON', 'SET', 'UNSET', 'RETURNING', 'UNION', 'INTERSECT', 'EXCEPT', 'WINDOW', 'LETTING', 'HAVING', 'VALUES', 'SELECT', 'USING', 'WHEN']);

/** The keyspaces a statement's FROM/JOIN/INTO/UPDATE terms name, by alias (and by name). */
export function keyspaceAliases(text: string, keyspaces: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const known = new Map(keyspaces.map((k) => [k.toLowerCase(), k]));
  const term = /\b(?:FROM|JOIN|INTO|UPDATE)\s+(`[^`]+`|[A-Za-z_][\w$]*)(?:\s+(?:AS\s+)?(`[^`]+`|[A-Za-z_][\w$]*))?/gi;
  for (const m of text.matchAll(term)) {
    const name = known.get(m[1]!.replace(/`/g, '').toLowerCase());
    if (!name) continue;
    out.set(name.toLowerCase(), name);
    const alias = m[2]?.replace(/`/g, '');
    if (alias && !NOT_ALIAS.has(alias.toUpperCase())) out.set(alias.toLowerCase(), name);
  }
  return out;
}

/**
 * Completes the word before the cursor from what the grammar accepts there: keyspace names after
 * FROM, JOIN, INTO and UPDATE; after `alias.` the fields of that keyspace (a sample of its
 * documents); in an expression the functions (with `(`), the fields of the statement's keyspaces
 * and the keywords that may start an expression; elsewhere the keywords that may come next.
 * Case-insensitive; keywords and functions keep the case the user typed. A line starting with
 * `\` completes shell commands. Text that does not lex falls back to every keyword, function
 * and keyspace.
 * @returns the candidates, sorted, and the word they replace
 */
export async function complete(line: string, sources: CompletionSources, functions: readonly string[] = functionNames()): Promise<[string[], string]> {
  if (/^\s*\\\w*$/.test(line)) {
    const word = line.trim();
    return [SHELL_COMMANDS.filter((c) => c.toLowerCase().startsWith(word.toLowerCase())), word];
  }
  const word = /[\w$]*$/.exec(line)![0];
  const before = line.slice(0, line.length - word.length);
  const upper = word.toUpperCase();
  const lower = word === word.toLowerCase() && word !== '';
  const cased = (k: string) => (lower ? k.toLowerCase() : k);
  const starts = (x: string) => x.toUpperCase().startsWith(upper);
  const statement = (sources.pending?.() ?? '') + before;
  const keyspaces = sources.keyspaces();
  const aliases = () => keyspaceAliases((sources.pending?.() ?? '') + (sources.wholeLine?.() ?? line), keyspaces);
  const fieldsOf = async (ks: string) => (sources.fields ? sources.fields(ks).catch(() => []) : []);
  const hits = new Set<string>();

  // `alias.fi…`: the fields of that keyspace.
  const path = /(`[^`]+`|[A-Za-z_][\w$]*)\.$/.exec(before);
  if (path) {
    const ks = aliases().get(path[1]!.replace(/`/g, '').toLowerCase());
    if (ks) for (const f of await fieldsOf(ks)) if (starts(f)) hits.add(f);
    return [[...hits].sort(), word];
  }

  const next = nextTokens(statement);
  if (!next) {
    if (word === '') return [[], word];
    for (const k of keyspaces) if (starts(k)) hits.add(k);
    for (const k of KEYWORDS) if (starts(k)) hits.add(cased(k));
    for (const f of functions) if (starts(f)) hits.add(cased(f) + '(');
    return [[...hits].sort(), word];
  }
  if (next.after && KEYSPACE_AFTER.has(next.after)) {
    for (const k of keyspaces) if (starts(k)) hits.add(k);
    return [[...hits].sort(), word];
  }
  if (next.expression) {
    if (word !== '') for (const f of functions) if (starts(f)) hits.add(cased(f) + '(');
    for (const ks of new Set(aliases().values())) for (const f of await fieldsOf(ks)) if (starts(f)) hits.add(f);
  }
  if (word !== '' || hits.size === 0) for (const k of next.keywords) if (starts(k)) hits.add(cased(k));
  return [[...hits].sort(), word];
}

/**
 * A `readline` completer (the callback form, since field names may be fetched first) over
 * {@link complete}.
 */
export function createCompleter(sources: CompletionSources): (line: string, callback: (err: Error | null, result: [string[], string]) => void) => void {
  const functions = functionNames();
  return (line, callback) => {
    complete(line, sources, functions).then(
      (r) => callback(null, r),
      () => callback(null, [[], '']),
    );
  };
}
