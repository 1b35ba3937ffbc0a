import type { Value } from './value.js';

/**
 * Deepest nesting of objects and arrays a stored document may have. Deeper values overflowed
 * the recursive copy and freeze of a write (RangeError at ~5,000 levels); they are refused with
 * StoreError INVALID instead (docs/security.md).
 */
export const MAX_DOCUMENT_DEPTH = 1000;

/**
 * True if `v` nests objects/arrays more than `max` levels deep (a scalar is depth 0, `[]` and
 * `{}` depth 1). Iterative, so it cannot overflow the stack itself; stops at the first path
 * past `max`.
 */
export function deeperThan(v: Value, max: number): boolean {
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length > 0) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    if (d + 1 > max) return true;
    const children = Array.isArray(x) ? x : Object.values(x as Record<string, unknown>);
    for (const c of children) if (c !== null && typeof c === 'object') stack.push([c, d + 1]);
  }
  return false;
}
