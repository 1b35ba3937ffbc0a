import type { Mulberry32 } from './mulberry32.js';
import { EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES, TEXT_WORDS } from './vocabulary.js';

/** Helpers that turn a PRNG into realistic text fragments. All are deterministic for a PRNG state. */

/** Replaces the underscores of a vocabulary entry that stands for several words. */
export function spaced(s: string): string {
  return s.includes('_') ? s.replaceAll('_', ' ') : s;
}

/** A sentence of `min`..`max` Zipf-distributed words, capitalised, ending with a period. */
export function sentence(rng: Mulberry32, min: number, max: number): string {
  const n = rng.range(min, max);
  let s = word(rng);
  s = s[0].toUpperCase() + s.slice(1);
  for (let i = 1; i < n; i++) s += ' ' + word(rng);
  return s + '.';
}

/** A text word: Zipf-distributed 70% of the time, uniform otherwise (so rare words do occur). */
function word(rng: Mulberry32): string {
  return rng.next() < 0.7 ? rng.zipf(TEXT_WORDS) : rng.pick(TEXT_WORDS);
}

/** `count` sentences joined by spaces. */
export function paragraph(rng: Mulberry32, count: number): string {
  let s = sentence(rng, 5, 14);
  for (let i = 1; i < count; i++) s += ' ' + sentence(rng, 5, 14);
  return s;
}

/** A full name, e.g. `Chloé O'Brien`; Zipf-distributed so some names repeat often. */
export function personName(rng: Mulberry32): string {
  return `${rng.zipf(FIRST_NAMES)} ${spaced(rng.zipf(LAST_NAMES))}`;
}

/** An e-mail address derived from a name, e.g. `chloe.obrien42@example.com`. */
export function emailFor(rng: Mulberry32, name: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/\s+/g, rng.chance(0.5) ? '.' : '_');
  return `${local || 'user'}${rng.chance(0.4) ? rng.int(100) : ''}@${rng.zipf(EMAIL_DOMAINS)}`;
}

/** A phone number in one of the formats real data has: `408-555-1212`, `(227)478-3198`, `+44 870 770 5964`. */
export function phoneNumber(rng: Mulberry32): string {
  const d = (n: number): string => String(rng.int(10 ** n)).padStart(n, '0');
  switch (rng.int(4)) {
    case 0:
      return `${rng.range(201, 989)}-555-${d(4)}`;
    case 1:
      return `(${rng.range(201, 989)})${d(3)}-${d(4)}`;
    case 2:
      return `+44 ${d(3)} ${d(3)} ${d(4)}`;
    default:
      return `1-${rng.range(201, 989)}-${d(3)}-${d(4)} x${d(4)}`;
  }
}

const pad2 = (n: number): string => (n < 10 ? '0' + n : String(n));

/** An ISO-8601 UTC timestamp between 2012 and 2016, e.g. `2014-03-07T15:52:15Z`. */
export function isoDate(rng: Mulberry32): string {
  return `${rng.range(2012, 2016)}-${pad2(rng.range(1, 12))}-${pad2(rng.range(1, 28))}T${pad2(rng.int(24))}:${pad2(rng.int(60))}:${pad2(rng.int(60))}Z`;
}

/** A review date as travel-sample writes it, e.g. `2013-06-22 18:33:50 +0300`. */
export function reviewDate(rng: Mulberry32): string {
  return `${rng.range(2012, 2016)}-${pad2(rng.range(1, 12))}-${pad2(rng.range(1, 28))} ${pad2(rng.int(24))}:${pad2(rng.int(60))}:${pad2(rng.int(60))} +0300`;
}

/** An upper-case code of `n` letters, e.g. an ICAO or FAA code. */
export function letters(rng: Mulberry32, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(65 + rng.int(26));
  return s;
}
