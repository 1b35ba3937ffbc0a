import { describe, expect, it } from 'vitest';
import { QueryError } from '../../src/errors/index.js';
import type { FunctionDef } from '../../src/eval/functions/function-def.js';
import { tokenFunctions } from '../../src/eval/functions/token.js';
import { collate, type Value } from '../../src/values/index.js';

const byName = new Map<string, FunctionDef>();
for (const f of tokenFunctions) for (const n of [f.name, ...(f.aliases ?? [])]) byName.set(n, f);
const ctx = { warn: () => undefined, now: 0 };
const call = (name: string, ...args: Value[]): Value => (byName.get(name) as FunctionDef).fn(args, ctx);
const M = undefined; // MISSING
const sorted = (v: Value): Value => (Array.isArray(v) ? [...v].sort(collate) : v);

describe('registration (spec §1)', () => {
  it.each<[string, number, number]>([
    ['TOKENS', 1, 2],
    ['CONTAINS_TOKEN', 2, 3],
    ['HAS_TOKEN', 2, 3],
    ['CONTAINS_TOKEN_LIKE', 2, 3],
    ['CONTAINS_TOKEN_REGEXP', 2, 3],
    ['CONTAINS_TOKEN_REGEX', 2, 3],
  ])('%s takes %i–%i arguments, custom NULL handling', (name, min, max) => {
    const f = byName.get(name) as FunctionDef;
    expect(f).toBeDefined();
    expect([f.minArgs, f.maxArgs, f.nulls]).toEqual([min, max, 'custom']);
    expect(f.name).toBe(f.name.toUpperCase());
  });

  it('HAS_TOKEN is the same function as CONTAINS_TOKEN, _REGEX as _REGEXP', () => {
    expect(byName.get('HAS_TOKEN')).toBe(byName.get('CONTAINS_TOKEN'));
    expect(byName.get('CONTAINS_TOKEN_REGEX')).toBe(byName.get('CONTAINS_TOKEN_REGEXP'));
  });
});

describe('TOKENS (spec §2, §5)', () => {
  it.each<[string, Value[], Value]>([
    ['expr MISSING', [M], M],
    ['expr MISSING, options given', [M, {}], M],
    ['options MISSING', ['a', M], M],
    ['MISSING wins over a bad options value', [M, 0], M],
    ['expr NULL is [null]', [null], [null]],
    ['expr NULL with options', [null, {}], [null]],
    ['options NULL', ['a', null], null],
    ['options number (func_token_13)', [{ aa: { bb: 'hello' } }, 0], null],
    ['options string', ['a', 'lower'], null],
    ['options array', ['a', []], null],
    ['options boolean', ['a', true], null],
    ['FALSE', [false], [false]],
    ['TRUE', [true], [true]],
    ['0', [0], [0]],
    ['-1.5', [-1.5], [-1.5]],
    ['10', [10], [10]],
    ["'hello'", ['hello'], ['hello']],
    ['empty options', ['Hello, World!', {}], ['Hello', 'World']],
  ])('%s', (_, args, expected) => {
    expect(sorted(call('TOKENS', ...args))).toEqual(expected);
  });

  it('the conformance constants (func_token_09–17)', () => {
    expect(sorted(call('TOKENS', 'Hello, World!'))).toEqual(['Hello', 'World']);
    expect(sorted(call('TOKENS', { a: { b: 'hello', c: 'world!' } }))).toEqual(['a', 'b', 'c', 'hello', 'world']);
    expect(sorted(call('TOKENS', { aa: { bb: 'hello', cc: 'world!' } }, { names: false }))).toEqual(['hello', 'world']);
    expect(sorted(call('TOKENS', ['jim@abc.com, kim@abc.com, http://abc.com/, 408-555-1212']))).toEqual([
      '1212',
      '408',
      '555',
      'abc',
      'com',
      'http',
      'jim',
      'kim',
    ]);
  });

  it('split:false on blank strings gives []', () => {
    expect(call('TOKENS', '', { split: false })).toEqual([]);
    expect(call('TOKENS', '   ', { split: false })).toEqual([]);
    expect(call('TOKENS', '   ', { split: false, trim: false })).toEqual(['   ']);
  });
});

describe('CONTAINS_TOKEN / HAS_TOKEN (spec §2, §6)', () => {
  it.each<[string, Value[], Value]>([
    ['expr MISSING', [M, 'a'], M],
    ['token MISSING', ['a', M], M],
    ['options MISSING', ['a', 'a', M], M],
    ['MISSING wins over NULL', [M, null], M],
    ['MISSING token wins over NULL expr', [null, M], M],
    ['MISSING options win over NULL expr', [null, 'a', M], M],
    ['expr NULL', [null, 'a'], null],
    ['token NULL', ['a', null], null],
    ['options NULL', ['a', 'a', null], null],
    ['options not an object', ['a', 'a', 1], null],
    ['options array', ['a', 'a', []], null],
    ['null element in an array', [[null], 'a'], false],
    ['wrong-typed token is just false', ['5', 5], false],
    ['number by value', [5, 5.0], true],
    ['array token', [['a'], ['a']], false],
    ['object token', [{ a: 1 }, { a: 1 }], false],
    ['found', ['Hello World', 'World'], true],
    ['multi-word token in split mode', ['Hello World', 'Hello World'], false],
    ['multi-word token with split:false', ['Hello World', 'Hello World', { split: false }], true],
    ['search token not folded', ['Hello World', 'Hello', { case: 'lower' }], false],
    ['folded tokens', ['Hello World', 'hello', { case: 'lower' }], true],
    ['names are tokenized', [{ 'first name': 1 }, 'first'], true],
    ['names are not whole', [{ 'first name': 1 }, 'first name'], false],
    ["no empty-token quirk: ('', '', {split:false})", ['', '', { split: false }], false],
    ["no empty-token quirk: ('   ', '', {split:false})", ['   ', '', { split: false }], false],
    ["('', '') in split mode", ['', ''], false],
  ])('%s', (_, args, expected) => {
    expect(call('CONTAINS_TOKEN', ...args)).toBe(expected);
    expect(call('HAS_TOKEN', ...args)).toBe(expected);
  });

  it('the conformance examples (func_token_18–20)', () => {
    const v = ['jim@abc.com, kim@abc.com,', 'http://abc.com/, 408-555-1212'];
    expect(call('CONTAINS_TOKEN', v, 'abc')).toBe(true);
    expect(call('CONTAINS_TOKEN', v, 'abcd')).toBe(false);
    expect(call('CONTAINS_TOKEN', v, 'kim@abc.com', { specials: true })).toBe(true);
  });
});

describe.each(['CONTAINS_TOKEN_LIKE', 'CONTAINS_TOKEN_REGEXP', 'CONTAINS_TOKEN_REGEX'])('%s NULL/MISSING rules (spec §2)', (name) => {
  it.each<[string, Value[], Value]>([
    ['expr MISSING', [M, 'a'], M],
    ['pattern MISSING', ['a', M], M],
    ['options MISSING', ['a', 'a', M], M],
    ['MISSING wins over NULL pattern', [M, null], M],
    ['MISSING pattern wins over NULL expr', [null, M], M],
    ['expr NULL', [null, 'a'], null],
    ['pattern NULL', ['a', null], null],
    ['pattern a number', ['a', 1], null],
    ['pattern an array', ['a', ['a']], null],
    ['options NULL', ['a', 'a', null], null],
    ['options a string', ['a', 'a', 'x'], null],
    ['non-string tokens never match', [[1, true, null], '%'], false],
    ['no empty-token quirk with split:false', ['   ', 'zzz', { split: false }], false],
  ])('%s', (_, args, expected) => {
    expect(call(name, ...args)).toBe(expected);
  });

  it('NULL checks come before compiling the pattern', () => {
    const bad = name === 'CONTAINS_TOKEN_LIKE' ? 'x\\' : '(';
    expect(call(name, null, bad)).toBe(null);
    expect(call(name, 'a', bad, 0)).toBe(null);
    expect(call(name, M, bad)).toBe(M);
    expect(() => call(name, 'a', bad)).toThrow(QueryError);
  });
});

describe('CONTAINS_TOKEN_LIKE (spec §7)', () => {
  it.each<[Value[], Value]>([
    [['Hello World', 'H%'], true],
    [['Hello World', 'h%'], false],
    [['Hello World', 'W_rld'], true],
    [['Hello World', 'orl'], false],
    [['Hello World', '%orl%'], true],
    [['Hello World', 'h%', { case: 'lower' }], true],
    [['Hello World', 'H%', { case: 'lower' }], false],
    [['50%off', '50\\%off', { split: false }], true],
    [['50%off', '50\\%off'], false],
    [[['jim@abc.com, kim@abc.com,', 'http://abc.com/, 408-555-1212'], 'kim@ab%', { specials: true }], true],
    [[{ name: 'x' }, 'na%'], true],
    [[{ name: 'x' }, 'na%', { names: false }], false],
    [['a\nb', 'a_b', { split: false }], true],
  ])('%j → %s', (args, expected) => {
    expect(call('CONTAINS_TOKEN_LIKE', ...args)).toBe(expected);
  });

  it('a trailing escape fails with 5010 and the reference message', () => {
    let err: unknown;
    try {
      call('CONTAINS_TOKEN_LIKE', 'abc', 'abc\\');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).code).toBe(5010);
    expect((err as QueryError).message).toBe('Trailing escape character (\\) in pattern');
  });
});

describe('CONTAINS_TOKEN_REGEXP (spec §8, DESIGN §7)', () => {
  it.each<[Value[], Value]>([
    [['Sportsman Inn', 'nn'], false],
    [['Sportsman Inn', '.*nn'], true],
    [['Sportsman Inn', 'In+.*'], true],
    [['ab', 'a|x'], false], // fully anchored, unlike the reference
    [['xb', 'a|b'], false],
    [['a b', 'a|x'], true],
    [['Inn', '(?i)inn'], true],
    [['a\nb', 'a.b', { split: false }], false],
    [[10, '10'], false],
    [[true, 'true'], false],
    [[['jim@abc.com, kim@abc.com,', 'http://abc.com/, 408-555-1212'], 'kim@ab(.*)', { specials: true }], true],
  ])('%j → %s', (args, expected) => {
    expect(call('CONTAINS_TOKEN_REGEXP', ...args)).toBe(expected);
    expect(call('CONTAINS_TOKEN_REGEX', ...args)).toBe(expected);
  });

  it('an invalid pattern fails with 5010 naming the pattern', () => {
    let err: unknown;
    try {
      call('CONTAINS_TOKEN_REGEXP', 'abc', '(');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).code).toBe(5010);
    expect((err as QueryError).message).toContain('(');
    expect((err as QueryError).message).toContain('missing )');
  });
});
