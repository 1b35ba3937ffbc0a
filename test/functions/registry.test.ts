import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allFunctions, callFunction, lookupFunction } from '../../src/eval/functions/registry.js';
import type { FunctionDef } from '../../src/eval/functions/function-def.js';
import { ctx } from './table.js';

describe('function registry', () => {
  it('looks names up case-insensitively', () => {
    expect(lookupFunction('lower')).toBe(lookupFunction('LOWER'));
    expect(lookupFunction('Array_Sort')?.name).toBe('ARRAY_SORT');
  });

  it('resolves aliases to the canonical definition', () => {
    const pairs: [string, string][] = [
      ['INITCAP', 'TITLE'],
      ['POSITION0', 'POSITION'],
      ['SUBSTR0', 'SUBSTR'],
      ['regex_like', 'REGEXP_LIKE'],
      ['REGEX_POSITION', 'REGEXP_POSITION'],
      ['TYPENAME', 'TYPE'],
      ['tostr', 'TO_STRING'],
      ['TONUM', 'TO_NUMBER'],
      ['IS_BOOL', 'IS_BOOLEAN'],
      ['COALESCE', 'IFMISSINGORNULL'],
      ['ARRAY_POS', 'ARRAY_POSITION'],
      ['JSON_ENCODE', 'ENCODE_JSON'],
    ];
    for (const [alias, name] of pairs) expect(lookupFunction(alias)?.name, alias).toBe(name);
  });

  it('returns undefined for an unknown name', () => {
    expect(lookupFunction('NO_SUCH_FUNCTION')).toBeUndefined();
  });

  it('registers every name once, in upper case, with sane arity', () => {
    const seen = new Set<string>();
    for (const def of allFunctions()) {
      for (const n of [def.name, ...(def.aliases ?? [])]) {
        expect(n, n).toBe(n.toUpperCase());
        expect(seen.has(n), `${n} registered twice`).toBe(false);
        seen.add(n);
        expect(lookupFunction(n)).toBe(def);
      }
      expect(def.minArgs, def.name).toBeGreaterThanOrEqual(0);
      expect(def.maxArgs, def.name).toBeGreaterThanOrEqual(def.minArgs);
    }
  });

  it('includes the token functions', () => {
    expect(lookupFunction('TOKENS')).toBeDefined();
    expect(lookupFunction('contains_token')).toBeDefined();
  });

  it('has the documented arity bounds', () => {
    const arity: [string, number, number][] = [
      ['LOWER', 1, 1],
      ['SUBSTR', 2, 3],
      ['TRIM', 1, 2],
      ['SPLIT', 1, 2],
      ['REPLACE', 3, 4],
      ['CONCAT', 2, Infinity],
      ['REGEXP_REPLACE', 3, 4],
      ['TO_NUMBER', 1, 2],
      ['ARRAY_APPEND', 2, Infinity],
      ['ARRAY_RANGE', 2, 3],
      ['ARRAY_FLATTEN', 2, 2],
      ['OBJECT_PUT', 3, 3],
      ['ROUND', 1, 2],
      ['RANDOM', 0, 1],
      ['PI', 0, 0],
      ['IFMISSING', 2, Infinity],
      ['NVL', 2, 2],
      ['NULLIF', 2, 2],
    ];
    for (const [name, min, max] of arity) {
      const def = lookupFunction(name)!;
      expect([def.minArgs, def.maxArgs], name).toEqual([min, max]);
    }
  });

  it('applies the strict MISSING/NULL rule before the body runs', () => {
    let calls = 0;
    const def: FunctionDef = { name: 'T', minArgs: 0, maxArgs: Infinity, nulls: 'strict', fn: () => ++calls };
    expect(callFunction(def, [null, undefined], ctx)).toBeUndefined();
    expect(callFunction(def, [1, null], ctx)).toBeNull();
    expect(calls).toBe(0);
    expect(callFunction(def, [1, 2], ctx)).toBe(1);
    const custom: FunctionDef = { ...def, nulls: 'custom', fn: (args) => args.length };
    expect(callFunction(custom, [undefined, null], ctx)).toBe(2);
  });

  it('marks RANDOM volatile', () => {
    expect(lookupFunction('RANDOM')?.volatile).toBe(true);
    expect(lookupFunction('UPPER')?.volatile).toBeFalsy();
  });
});

describe('docs/functions.md', () => {
  it('names every registered function and alias (the token functions are in spec/tokens-reference.md)', () => {
    const doc = readFileSync(new URL('../../docs/functions.md', import.meta.url), 'utf8');
    const token = new Set(['TOKENS', 'CONTAINS_TOKEN', 'HAS_TOKEN', 'CONTAINS_TOKEN_LIKE', 'CONTAINS_TOKEN_REGEXP', 'CONTAINS_TOKEN_REGEX']);
    const undocumented = allFunctions()
      .flatMap((d) => [d.name, ...(d.aliases ?? [])])
      // `#…` names are internal (the INFER statement's functions): no N1QL text can call them.
      .filter((n) => !token.has(n) && !n.startsWith('#') && !new RegExp(`\\b${n}\\b`).test(doc));
    expect(undocumented).toEqual([]);
  });
});
