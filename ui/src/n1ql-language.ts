// N1QL for CodeMirror 6: a StreamLanguage tokenizer (keywords, functions, strings, `identifiers`,
// numbers, comments, parameters) and a completion source over keywords, functions, keyspaces and
// fields.
import { StreamLanguage, type StringStream } from '@codemirror/language';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';

/** N1QL reserved words and the other words of its statements (couchbase/query docs, "Reserved Words"). */
export const KEYWORDS = (
  'ADVISE ALL ALTER ANALYZE AND ANY ARRAY AS ASC AT BEGIN BETWEEN BINARY BOOLEAN BREAK BUCKET BUILD BY CALL CASE CAST ' +
  'CLUSTER COLLATE COLLECTION COMMIT COMMITTED CONNECT CONTINUE CORRELATED COVER CREATE CURRENT DATABASE DATASET DATASTORE ' +
  'DECLARE DECREMENT DELETE DERIVED DESC DESCRIBE DISTINCT DO DROP EACH ELEMENT ELSE END EVERY EXCEPT EXCLUDE EXECUTE EXISTS ' +
  'EXPLAIN FALSE FETCH FILTER FIRST FLATTEN FLUSH FOLLOWING FOR FORCE FROM FTS FUNCTION GOLANG GRANT GROUP GROUPS GSI HASH ' +
  'HAVING IF IGNORE ILIKE IN INCLUDE INCREMENT INDEX INFER INLINE INNER INSERT INTERSECT INTO IS ISOLATION JAVASCRIPT JOIN KEY ' +
  'KEYS KEYSPACE KNOWN LANGUAGE LAST LATERAL LEFT LET LETTING LEVEL LIKE LIMIT LSM MAP MAPPING MATCHED MATERIALIZED MERGE ' +
  'MISSING NAMESPACE NEST NL NO NOT NTH_VALUE NULL NULLS NUMBER OBJECT OFFSET ON OPTION OPTIONS OR ORDER OTHERS OUTER OVER ' +
  'PARSE PARTITION PASSWORD PATH POOL PRECEDING PREPARE PRIMARY PRIVATE PRIVILEGE PROBE PROCEDURE PUBLIC RANGE RAW READ ' +
  'REALM RECURSIVE REDUCE RENAME REPLACE RESPECT RETURN RETURNING REVOKE RIGHT ROLE ROLLBACK ROW ROWS SATISFIES SAVEPOINT ' +
  'SCHEMA SCOPE SELECT SELF SEMI SET SHOW SOME START STATISTICS STRING SYSTEM THEN TIES TO TRAN TRANSACTION TRIGGER TRUE ' +
  'TRUNCATE UNBOUNDED UNDER UNION UNIQUE UNKNOWN UNNEST UNSET UPDATE UPSERT USE USER USING VALIDATE VALUE VALUED VALUES VIA ' +
  'VIEW WHEN WHERE WHILE WINDOW WITH WITHIN WORK XOR'
).split(' ');

const KEYWORD_SET = new Set(KEYWORDS);
const ATOMS = new Set(['TRUE', 'FALSE', 'NULL', 'MISSING']);

interface State {
  /** Inside a block comment continued from an earlier line. */
  comment: boolean;
}

function token(stream: StringStream, state: State): string | null {
  if (state.comment) {
    if (stream.skipTo('*/')) {
      stream.pos += 2;
      state.comment = false;
    } else stream.skipToEnd();
    return 'comment';
  }
  if (stream.eatSpace()) return null;
  if (stream.match('--')) {
    stream.skipToEnd();
    return 'comment';
  }
  if (stream.match('/*')) {
    state.comment = true;
    return token(stream, state) ?? 'comment';
  }
  const ch = stream.next()!;
  if (ch === '"' || ch === "'" || ch === '`') {
    // A doubled quote or a backslash escape stays inside the literal.
    while (!stream.eol()) {
      const c = stream.next();
      if (c === '\\') stream.next();
      else if (c === ch) {
        if (stream.peek() === ch) stream.next();
        else break;
      }
    }
    return ch === '`' ? 'variableName' : 'string';
  }
  if (/\d/.test(ch)) {
    stream.match(/^\d*(\.\d+)?([eE][+-]?\d+)?/);
    return 'number';
  }
  if (ch === '$') {
    stream.match(/^[\w]+/);
    return 'variableName.special';
  }
  if (/[A-Za-z_]/.test(ch)) {
    stream.match(/^[\w]*/);
    const word = stream.current().toUpperCase();
    if (ATOMS.has(word)) return 'atom';
    if (KEYWORD_SET.has(word)) return 'keyword';
    if (stream.match(/^\s*\(/, false)) return 'variableName.function';
    return 'variableName';
  }
  if (/[=<>!|+\-*/%]/.test(ch)) return 'operator';
  return 'punctuation';
}

/** The N1QL language (StreamLanguage) for the editor. */
export const n1ql = StreamLanguage.define<State>({
  name: 'n1ql',
  startState: () => ({ comment: false }),
  token,
  languageData: { commentTokens: { line: '--', block: { open: '/*', close: '*/' } } },
});

/** What completion offers besides the keywords. */
export interface Catalog {
  functions: string[];
  keyspaces: string[];
  fields: string[];
}

/** A completion source over keywords, the engine's functions, the visible keyspaces and their inferred fields. */
export function n1qlCompletions(catalog: () => Catalog) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/[A-Za-z_$][\w$]*/);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const c = catalog();
    const options: Completion[] = [
      ...KEYWORDS.map((k) => ({ label: k, type: 'keyword' })),
      ...c.functions.map((f) => ({ label: f, type: 'function', apply: `${f}(`, boost: -1 })),
      ...c.keyspaces.map((k) => ({ label: k, type: 'class', boost: 2 })),
      ...c.fields.map((f) => ({ label: f, type: 'property', boost: 1 })),
    ];
    return { from: word.from, options, validFor: /^[\w$]*$/ };
  };
}
