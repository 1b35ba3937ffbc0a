/**
 * Constants for predicates, drawn from the documents themselves so that predicates match:
 * word tokens and their case variants, specials (e-mails, URLs, hyphenated numbers), scalars.
 *
 *   poolOf([{ name: 'Jim jim@abc.com' }]) → { tokens: ['Hello', 'hello', 'zzz', 'Jim', 'jim', 'JIM', 'abc', …, 'jim@abc.com'],
 *                                             scalars: [1, 'Hello', null, true, 'Jim jim@abc.com'] }
 */
import type { Value } from '../index.js';

/** Constants drawn from documents. */
export interface Pool {
  /** Token-like strings: word runs and their case variants, white-space pieces (specials). */
  tokens: string[];
  /** Scalar leaf values of the documents, whole strings included (for `f = c`, ranges, IN lists). */
  scalars: Value[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Collects the pool of constants of a set of documents (never empty). */
export function poolOf(docs: Value[]): Pool {
  const tokens = new Set<string>(['Hello', 'hello', 'zzz']);
  const scalars: Value[] = [1, 'Hello', null, true];
  const addString = (s: string): void => {
    for (const w of s.match(WORD) ?? []) for (const t of [w, w.toLowerCase(), w.toUpperCase()]) tokens.add(t);
    for (const p of s.split(/[\s()[\]{}]+/u)) {
      const special = p.replace(/[^\p{L}\p{N}]+$/u, '');
      if (special && /[^\p{L}\p{N}]/u.test(special)) tokens.add(special);
    }
  };
  const walk = (v: Value): void => {
    if (typeof v === 'string') {
      addString(v);
      scalars.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        addString(k);
        walk(x);
      }
    } else if (v !== undefined) scalars.push(v);
  };
  docs.forEach(walk);
  return { tokens: [...tokens], scalars };
}
