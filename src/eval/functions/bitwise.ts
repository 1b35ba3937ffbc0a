/**
 * Bitwise functions on 64-bit two's-complement integers: BITAND, BITOR, BITXOR (2 or more
 * arguments), BITNOT, BITSHIFT(n, shift [, rotate]), BITSET(n, positions), BITCLEAR(n,
 * positions), BITTEST(n, positions [, all]) alias ISBITSET. Bit positions count from 1 (the
 * least significant bit) to 64; `positions` is one position or an array of them.
 *
 * Arguments: any MISSING gives MISSING, else any NULL, non-number or non-integer argument gives
 * NULL (so does a wrong-typed `rotate`/`all` flag or a position outside 1..64). A number is an
 * integer when it is an int64 past 2^53 (a bigint), or a double with no fraction in
 * [-2^63, 2^63) (Go `f == float64(int64(f))`). The work is done on BigInt, so every bit of the
 * int64 is exact, and so is the result: past ±2^53 it is a bigint (values/int64.ts), as the
 * reference's int64 (`BITSHIFT(1, 62) + 1` is 4611686018427387905).
 * Source: couchbase/query `expression/func_bitwise.go`.
 */
import { fromWrapped, TWO_63, type NumberValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

/** The int64 of a bigint or of an integral double in [-2^63, 2^63), else undefined (the reference's `isInt`). */
function toInt64(v: Value): bigint | undefined {
  if (typeof v === 'bigint') return v;
  return typeof v === 'number' && Number.isInteger(v) && v >= -TWO_63 && v < TWO_63 ? BigInt(v) : undefined;
}

/** An int64 result (any BigInt, wrapped to 64 bits) as a value: a double when one holds it exactly, else a bigint. */
function fromInt64(n: bigint): NumberValue {
  return fromWrapped(n);
}

/** The mask of `positions` (a number or an array of numbers, each an integer in 1..64), else undefined. */
function bitMask(positions: Value): bigint | undefined {
  const list = Array.isArray(positions) ? positions : [positions];
  let mask = 0n;
  for (const p of list) {
    const n = toInt64(p);
    if (n === undefined || n < 1n || n > 64n) return undefined;
    mask |= 1n << (n - 1n);
  }
  return mask;
}

/** BITAND / BITOR / BITXOR: `op` folded over all arguments. */
function fold(name: string, op: (a: bigint, b: bigint) => bigint): FunctionDef {
  return {
    name,
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'custom',
    fn: (args) => {
      let missing = false;
      let result: bigint | undefined;
      let ok = true;
      for (const a of args) {
        if (a === undefined) missing = true;
        const n = toInt64(a);
        if (n === undefined) ok = false;
        else result = result === undefined ? n : op(result, n);
      }
      if (missing) return undefined;
      return ok && result !== undefined ? fromInt64(result) : null;
    },
  };
}

/**
 * Checks the arguments of BITSHIFT and BITTEST: MISSING if any is MISSING, NULL if any is NULL or
 * fails its check (`checks[i]` for argument i), else the checked values.
 */
function checked<T extends unknown[]>(args: Value[], checks: { [K in keyof T]: (v: Value) => T[K] | undefined }): T | null | undefined {
  if (args.includes(undefined)) return undefined;
  const out: unknown[] = [];
  for (let i = 0; i < args.length; i++) {
    const x = args[i] === null ? undefined : checks[i](args[i]);
    if (x === undefined) return null;
    out.push(x);
  }
  return out as T;
}

const isBool = (v: Value): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const positionsOf = (v: Value): bigint | undefined => (typeof v === 'number' || typeof v === 'bigint' || Array.isArray(v) ? bitMask(v) : undefined);

/** Go `x << k` (k ≥ 0) or `x >> -k` (k < 0) on a uint64: shifts of 64 or more give 0. */
function shift(x: bigint, k: bigint): bigint {
  const u = BigInt.asUintN(64, x);
  if (k >= 64n || k <= -64n) return 0n;
  return k >= 0n ? u << k : u >> -k;
}

/** Go `bits.RotateLeft64(x, k)`: rotation by k mod 64 (negative k rotates right). */
function rotate(x: bigint, k: bigint): bigint {
  const u = BigInt.asUintN(64, x);
  const s = BigInt.asUintN(6, k);
  return s === 0n ? u : BigInt.asUintN(64, (u << s) | (u >> (64n - s)));
}

/** BITSET / BITCLEAR: `n` with the bits of `positions` set or cleared. */
function setOrClear(name: string, set: boolean): FunctionDef {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([n, positions]) => {
      if (n === undefined || positions === undefined) return undefined;
      const x = toInt64(n);
      const mask = positionsOf(positions);
      if (x === undefined || mask === undefined) return null;
      return fromInt64(set ? x | mask : x & ~mask);
    },
  };
}

export const bitwiseFunctions: FunctionDef[] = [
  /** BITAND(a, b, …): bitwise AND of all arguments. */
  fold('BITAND', (a, b) => a & b),
  /** BITOR(a, b, …): bitwise OR of all arguments. */
  fold('BITOR', (a, b) => a | b),
  /** BITXOR(a, b, …): bitwise exclusive OR of all arguments. */
  fold('BITXOR', (a, b) => a ^ b),
  {
    /** BITNOT(n): every bit of `n` inverted (BITNOT(0) = -1). */
    name: 'BITNOT',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([n]) => {
      const x = toInt64(n);
      return x === undefined ? null : fromInt64(~x);
    },
  },
  {
    /**
     * BITSHIFT(n, shift [, rotate]): `n` shifted left by `shift` bits (right when negative),
     * logically on its 64 bits (BITSHIFT(-8, -1) = 2^63 - 4); with `rotate` TRUE the bits shifted
     * out come back in at the other end.
     */
    name: 'BITSHIFT',
    minArgs: 2,
    maxArgs: 3,
    nulls: 'custom',
    fn: (args) => {
      const r = checked<[bigint, bigint, boolean]>(args, [toInt64, toInt64, isBool]);
      if (r === undefined || r === null) return r;
      const [x, k, rot] = r;
      return fromInt64(rot ? rotate(x, k) : shift(x, k));
    },
  },
  /** BITSET(n, positions): `n` with the bits at `positions` (1..64) set. */
  setOrClear('BITSET', true),
  /** BITCLEAR(n, positions): `n` with the bits at `positions` (1..64) cleared. */
  setOrClear('BITCLEAR', false),
  {
    /**
     * BITTEST(n, positions [, all]), alias ISBITSET: TRUE when any of the bits at `positions`
     * is set in `n` (with `all` TRUE: when every one is; BITTEST(n, [], TRUE) is TRUE).
     */
    name: 'BITTEST',
    aliases: ['ISBITSET'],
    minArgs: 2,
    maxArgs: 3,
    nulls: 'custom',
    fn: (args) => {
      const r = checked<[bigint, bigint, boolean]>(args, [toInt64, positionsOf, isBool]);
      if (r === undefined || r === null) return r;
      const [x, mask, all] = r;
      const bits = BigInt.asUintN(64, x) & mask;
      return all ? bits === mask : bits !== 0n;
    },
  },
];
