import type { Value } from './value.js';

/**
 * Serialises a value as JSON text. MISSING fields are left out (as `JSON.stringify` does for
 * `undefined`), a top-level MISSING serialises as the empty string's absence: callers drop it.
 * Numbers that are not finite serialise as `null`, as the reference does.
 * @param indent spaces per level for pretty output (0: compact)
 */
export function toJSON(v: Value, indent = 0): string {
  if (v === undefined) return '';
  return JSON.stringify(v, null, indent || undefined);
}

/** Size in bytes of the UTF-8 JSON text of a value (for `metrics.resultSize`). */
export function jsonSize(v: Value): number {
  return Buffer.byteLength(toJSON(v), 'utf8');
}

/**
 * A deep copy of a JSON value (much cheaper than `structuredClone` for plain data). Fields whose
 * value is `undefined` (MISSING) are left out, as JSON would.
 */
export function cloneValue<T extends Value>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    for (let i = 0; i < v.length; i++) out[i] = cloneValue(v[i]);
    return out as T;
  }
  const out: Record<string, Value> = {};
  for (const k in v) {
    const x = (v as Record<string, Value>)[k];
    if (x === undefined) continue;
    // `__proto__` must stay a plain field, as JSON.parse makes it, not set the prototype.
    if (k === '__proto__') Object.defineProperty(out, k, { value: cloneValue(x), enumerable: true, writable: true, configurable: true });
    else out[k] = cloneValue(x);
  }
  return out as T;
}

/**
 * Freezes a value and everything in it, so documents held by the store cannot be changed
 * through the rows a query returns. Returns the value.
 */
export function deepFreeze<T extends Value>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    if (Array.isArray(v)) for (const x of v) deepFreeze(x);
    else for (const k in v) deepFreeze((v as Record<string, Value>)[k]);
  }
  return v;
}
