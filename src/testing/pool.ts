/**
 * Constants for predicates, drawn from the documents themselves so that predicates match:
 * word tokens and their case variants, specials (e-mails, URLs, hyphenated numbers), scalars.
 *
 *   poolOf([{ name: 'Jim jim@abc.com' }]) → { tokens: ['Hello', 'hello', 'zzz', 'Jim', 'jim', 'JIM', 'abc', …, 'jim@abc.com'],
 *                                             scalars: [1, 'Hello', null, true, 'Jim jim@abc.com'],
 *                                             composites: [[null], [null, 1], [1, null], [], { k: null }] }
 */
import type { Value } from '../index.js';

/** Constants drawn from documents. */
export interface Pool {
  /** Token-like strings: word runs and their case variants, white-space pieces (specials). */
  tokens: string[];
  /** Scalar leaf values of the documents, whole strings included (for `f = c`, ranges, IN lists). */
  scalars: Value[];
  /**
   * Arrays and objects of the documents, and some with NULL elements, for comparisons whose
   * bounds are not scalars (a NULL element makes an array comparison NULL while collation still
   * orders it: the index must not answer such a range alone). Optional for hand-made pools.
   */
  composites?: Value[];
  /** The documents' top-level fields that hold an array or object in some document. */
  compositeFields?: string[];
}

/** At most this many composites are taken from the documents. */
const MAX_COMPOSITES = 24;

const WORD = /[\p{L}\p{N}]+/gu;

/** Collects the pool of constants of a set of documents (never empty). */
export function poolOf(docs: Value[]): Pool {
  const tokens = new Set<string>(['Hello', 'hello', 'zzz']);
  const scalars: Value[] = [1, 'Hello', null, true];
  const composites: Value[] = [[null], [null, 1], [1, null], [], { k: null }];
  const compositeFields = new Set<string>();
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
    } else if (Array.isArray(v)) {
      if (composites.length < MAX_COMPOSITES) composites.push(v);
      v.forEach(walk);
    } else if (v !== null && typeof v === 'object') {
      if (composites.length < MAX_COMPOSITES) composites.push(v);
      for (const [k, x] of Object.entries(v)) {
        addString(k);
        walk(x);
      }
    } else if (v !== undefined) scalars.push(v);
  };
  // A document's fields, not the whole document: a field compared with a document is dull.
  const walkFields = (d: Value): void => {
    if (d === null || typeof d !== 'object' || Array.isArray(d)) return walk(d);
    for (const [k, x] of Object.entries(d)) {
      addString(k);
      if (x !== null && typeof x === 'object') compositeFields.add(k);
      walk(x);
    }
  };
  docs.forEach(walkFields);
  return { tokens: [...tokens], scalars, composites, compositeFields: [...compositeFields] };
}
