/**
 * Table-driven checks of scalar functions: each row `[args, expected]` runs through
 * `callFunction(lookupFunction(name)!, args, ctx)`. MISSING (`undefined`) and NULL must match
 * exactly; other values compare with `collate(...) === 0` and the same kind. `throws(code)`
 * expects a QueryError with that code. Every row's argument count must be within the
 * function's `minArgs`/`maxArgs`. The same rows also run through statements on arguments read
 * from each store kind (stored-arguments.ts).
 */
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../src/errors/index.js';
import type { FunctionContext } from '../../src/eval/functions/function-def.js';
import { callFunction, lookupFunction } from '../../src/eval/functions/registry.js';
import { collate, kindOf, type Value } from '../../src/values/index.js';
import { storedArgumentsSuite } from './stored-arguments.js';

export const MISSING = undefined;

/** An expected error, by code. */
export class Throws {
  constructor(readonly code: number) {}
}
export const throws = (code: number): Throws => new Throws(code);

export type Row = [args: Value[], expected: Value | Throws];

export const ctx: FunctionContext = { warn: () => {}, now: 0 };

function show(v: Value): string {
  return v === undefined ? 'MISSING' : typeof v === 'bigint' ? `${v}n` : JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x));
}

/** Calls a function by name with the registry's MISSING/NULL rule. */
export function call(name: string, ...args: Value[]): Value {
  const def = lookupFunction(name);
  if (!def) throw new Error(`no function ${name}`);
  return callFunction(def, args, ctx);
}

/** Checks one actual value against an expected one (MISSING/NULL exact, else collation). */
export function expectValue(actual: Value, expected: Value): void {
  if (expected === undefined || expected === null) {
    expect(actual).toBe(expected);
    return;
  }
  expect(actual === undefined ? 'MISSING' : kindOf(actual)).toBe(kindOf(expected));
  if (collate(actual, expected) !== 0) expect(actual).toEqual(expected);
}

/** Registers a `describe` block running every row of `rows` through the function `name`. */
export function table(name: string, rows: Row[]): void {
  describe(name, () => {
    it('is registered', () => {
      expect(lookupFunction(name)).toBeDefined();
    });
    for (const [args, expected] of rows) {
      const label = `${name}(${args.map(show).join(', ')}) → ${expected instanceof Throws ? `error ${expected.code}` : show(expected)}`;
      it(label, () => {
        const def = lookupFunction(name)!;
        expect(args.length).toBeGreaterThanOrEqual(def.minArgs);
        expect(args.length).toBeLessThanOrEqual(def.maxArgs);
        if (expected instanceof Throws) {
          let err: unknown;
          try {
            callFunction(def, args, ctx);
          } catch (e) {
            err = e;
          }
          expect(err).toBeInstanceOf(QueryError);
          expect((err as QueryError).code).toBe(expected.code);
          return;
        }
        expectValue(callFunction(def, args, ctx), expected);
      });
    }
  });
  storedArgumentsSuite(name, rows, show);
}
