/**
 * The PostgreSQL benchmark's token choices (bench/postgres/corpus.ts) and its server CPU reader
 * (bench/postgres/server-cpu.ts). TOKENS expectations are the reference engine's answers
 * (cbq-engine: `SELECT RAW ARRAY_SORT(TOKENS("Hotel Belvedere-Nord 24 Hotel"))` →
 * ["24","Belvedere","Hotel","Nord"]; `TOKENS(42)` → [42]).
 */
import { describe, expect, it } from 'vitest';
import { nameTokens, rarestTokens, tokenWithShare } from '../../../bench/postgres/corpus.js';
import { serverCpuMs } from '../../../bench/postgres/server-cpu.js';

describe('nameTokens', () => {
  it('gives the distinct string tokens of TOKENS(name), default options', () => {
    expect(nameTokens({ name: 'Hotel Belvedere-Nord 24 Hotel' }).sort()).toEqual(['24', 'Belvedere', 'Hotel', 'Nord']);
  });
  it('gives none for a MISSING, NULL or numeric name (the GIN table holds strings)', () => {
    expect(nameTokens({})).toEqual([]);
    expect(nameTokens({ name: null })).toEqual([]);
    expect(nameTokens({ name: 42 })).toEqual([]);
  });
});

describe('rarestTokens', () => {
  const freq = new Map([
    ['Hotel', 9],
    ['Nord', 2],
    ['24', 1],
    ['X', 1],
    ['Belvedere', 2],
    ['Alpha', 3],
  ]);
  it('takes words of two letters or more, fewest documents first, ties in code unit order', () => {
    expect(rarestTokens(freq, 3)).toEqual([
      { token: 'Belvedere', docs: 2 },
      { token: 'Nord', docs: 2 },
      { token: 'Alpha', docs: 3 },
    ]);
  });
});

describe('tokenWithShare', () => {
  it('takes the letters-only token nearest the share of the documents', () => {
    const freq = new Map([
      ['Hotel', 50],
      ['Nord', 12],
      ['24', 10],
      ['Belvedere', 7],
    ]);
    expect(tokenWithShare(freq, 1000, 0.01)).toEqual({ token: 'Nord', docs: 12 });
  });
  it('breaks a tie by code unit order', () => {
    expect(tokenWithShare(new Map([['Zed', 11], ['Abc', 9]]), 1000, 0.01)).toEqual({ token: 'Abc', docs: 9 });
  });
});

describe('serverCpuMs', () => {
  it('reads 0 without a running cluster in the data directory', () => {
    expect(serverCpuMs('/nonexistent/tokenql-bench')).toBe(0);
  });
});
