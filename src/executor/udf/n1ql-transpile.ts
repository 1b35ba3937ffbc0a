/**
 * N1QL statements embedded in the JavaScript of a user-defined function, as the reference's
 * JavaScript functions allow (`var q = SELECT a FROM ks WHERE b = $v;`): each is rewritten into
 * a call `N1QL("SELECT a FROM ks WHERE b = $v", {v: v})` — the statement text, and its `$name`
 * parameters bound to the JavaScript variables of the same name. Strings, template literals and
 * comments of the JavaScript are left alone. Source: the reference's documentation of
 * "N1QL-managed JavaScript functions" (Couchbase docs: n1ql/n1ql-language-reference/createfunction).
 */

/** Words that start an embedded statement. */
const STATEMENT_WORDS = new Set(['SELECT', 'INSERT', 'UPSERT', 'UPDATE', 'DELETE', 'MERGE', 'EXECUTE']);

/** Characters after which an expression (and so an embedded statement) can start. */
const EXPRESSION_START = new Set(['', '=', '(', ',', ':', ';', '{', '}', '?', '[', '!', '&', '|']);

const isWordChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_$]/.test(c);

/** The end (exclusive) of a quoted JavaScript string or template starting at `i`. */
function skipQuoted(code: string, i: number): number {
  const q = code[i];
  let j = i + 1;
  while (j < code.length && code[j] !== q) j += code[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** The end (exclusive) of an embedded statement starting at `i`: its `;` (not inside a N1QL string or comment). */
function statementEnd(code: string, i: number): number {
  let j = i;
  while (j < code.length) {
    const c = code[j]!;
    if (c === ';') return j;
    if (c === '"' || c === "'" || c === '`') j = skipQuoted(code, j);
    else if (c === '-' && code[j + 1] === '-') j = code.indexOf('\n', j) < 0 ? code.length : code.indexOf('\n', j);
    else if (c === '/' && code[j + 1] === '*') j = code.indexOf('*/', j + 2) < 0 ? code.length : code.indexOf('*/', j + 2) + 2;
    else j++;
  }
  return j;
}

/** The `$name` parameters of a statement, outside its strings. */
function namedParameters(statement: string): string[] {
  const out = new Set<string>();
  let j = 0;
  while (j < statement.length) {
    const c = statement[j]!;
    if (c === '"' || c === "'" || c === '`') {
      j = skipQuoted(statement, j);
      continue;
    }
    if (c === '$') {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(statement.slice(j));
      if (m) {
        out.add(m[1]!);
        j += m[0].length;
        continue;
      }
    }
    j++;
  }
  return [...out];
}

/** The JavaScript with every embedded N1QL statement replaced by its `N1QL(…)` call. */
export function transpileEmbeddedN1ql(code: string): string {
  let out = '';
  let i = 0;
  let last = ''; // the last significant character of code (not whitespace)
  let lastWord = '';
  while (i < code.length) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const j = skipQuoted(code, i);
      out += code.slice(i, j);
      i = j;
      last = c;
      lastWord = '';
      continue;
    }
    if (c === '/' && code[i + 1] === '/') {
      const j = code.indexOf('\n', i) < 0 ? code.length : code.indexOf('\n', i);
      out += code.slice(i, j);
      i = j;
      continue;
    }
    if (c === '/' && code[i + 1] === '*') {
      const j = code.indexOf('*/', i + 2) < 0 ? code.length : code.indexOf('*/', i + 2) + 2;
      out += code.slice(i, j);
      i = j;
      continue;
    }
    if (isWordChar(c) && !isWordChar(code[i - 1])) {
      let j = i;
      while (isWordChar(code[j])) j++;
      const word = code.slice(i, j);
      const startsStatement =
        STATEMENT_WORDS.has(word.toUpperCase()) && /\s/.test(code[j] ?? '') && !/^\s*[=+\-*/%)\],;.]/.test(code.slice(j)) && (EXPRESSION_START.has(last) || lastWord === 'return');
      if (startsStatement) {
        const end = statementEnd(code, i);
        const statement = code.slice(i, end).trim();
        const params = namedParameters(statement);
        out += `N1QL(${JSON.stringify(statement)}, {${params.map((p) => `${JSON.stringify(p)}: ${p}`).join(', ')}})`;
        i = end;
        last = ')';
        lastWord = '';
        continue;
      }
      out += word;
      i = j;
      last = word[word.length - 1]!;
      lastWord = word;
      continue;
    }
    out += c;
    if (!/\s/.test(c)) {
      last = c;
      lastWord = '';
    }
    i++;
  }
  return out;
}
