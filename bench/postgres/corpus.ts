/**
 * The corpus of the PostgreSQL benchmark: the query benchmark's generated travel-like documents
 * (src/demo/generate-travel-like.ts, keys `<type>_<id>`), and the search tokens chosen from the
 * TOKENS of their `name` (default options, the engine's own `tokens()`).
 */
import { parseTokenOptions, tokens, type ObjectValue, type Value } from '../../src/index.js';

const OPTIONS = parseTokenOptions({});

/** The distinct string tokens of TOKENS(name) with default options (none for a missing or non-string name). */
export function nameTokens(doc: Value): string[] {
  const name = (doc as ObjectValue).name;
  if (name === undefined) return [];
  const out = new Set<string>();
  for (const t of tokens(name, OPTIONS)) if (typeof t === 'string') out.add(t);
  return [...out];
}

/** A word worth searching for: two letters or more (not a number or a single letter). */
const WORD = /\p{L}.*\p{L}/u;

/**
 * The `k` word tokens found in the fewest documents (ties broken by code units), as the query
 * benchmark picks them (bench/query/datasets.ts rareTokens): selective lookups that return rows.
 */
export function rarestTokens(docFreq: ReadonlyMap<string, number>, k: number): { token: string; docs: number }[] {
  return [...docFreq]
    .filter(([t]) => WORD.test(t))
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, k)
    .map(([token, docs]) => ({ token, docs }));
}

/** The letters-only token whose document count is nearest `share` of `docs` documents (the full scans' search token). */
export function tokenWithShare(docFreq: ReadonlyMap<string, number>, docs: number, share: number): { token: string; docs: number } {
  const want = share * docs;
  let best = { token: '', docs: 0 };
  for (const [token, n] of docFreq) {
    if (!/^\p{L}{2,}$/u.test(token)) continue;
    const d = Math.abs(n - want) - Math.abs(best.docs - want);
    if (!best.token || d < 0 || (d === 0 && token < best.token)) best = { token, docs: n };
  }
  return best;
}
