/**
 * JSON number literals as the reference's Go decoder sees them (spec gateway-reference.md §2.1:
 * "a non-integer `ttl` gives 400 `Bad JSON: ...`"). `JSON.parse` reads `10.0` as the integer 10,
 * while Go's `encoding/json` refuses any literal with a fraction or an exponent, or out of the
 * int64 range, for an `int` field; so the raw text of the member is checked.
 */

/** One token of a valid JSON text: a string, a punctuation character, or a literal (number, true, false, null). */
const TOKEN = /\s*("(?:[^"\\]|\\.)*"|[{}[\]:,]|[^\s{}[\]:,"]+)/y;

/**
 * The top-level members of a JSON object text, each as `[name, raw value text]`, in order and
 * with duplicates. The text must already be known to be valid JSON (`JSON.parse` succeeded);
 * anything else than an object gives [].
 */
export function rawMembers(text: string): [string, string][] {
  const members: [string, string][] = [];
  let pos = 0;
  const next = (): string | undefined => {
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m) return undefined;
    pos = TOKEN.lastIndex;
    return m[1];
  };
  if (next() !== '{') return members;
  for (let tok = next(); tok !== undefined && tok !== '}'; tok = next()) {
    if (tok === ',') continue;
    const name = JSON.parse(tok) as string;
    next(); // ':'
    const start = pos;
    let depth = 0;
    do {
      const t = next();
      if (t === '{' || t === '[') depth++;
      else if (t === '}' || t === ']') depth--;
    } while (depth > 0);
    members.push([name, text.slice(start, pos).trim()]);
  }
  return members;
}

const INT64_MAX = 2n ** 63n - 1n;

/** Whether a raw JSON value is a literal Go decodes into an `int` (64 bits): no fraction, no exponent, in range. */
export function isGoInt(raw: string): boolean {
  if (!/^-?(?:0|[1-9][0-9]*)$/.test(raw)) return false;
  const n = BigInt(raw);
  return n <= INT64_MAX && n >= -INT64_MAX - 1n;
}
