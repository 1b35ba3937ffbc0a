import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../src/errors/index.js';
import { compileLike, compileRegexp, likePrefix } from '../../../src/tokens/index.js';

describe('compileLike (spec §7)', () => {
  it.each<[string, string, boolean]>([
    ['H%', 'Hello', true],
    ['h%', 'Hello', false],
    ['W_rld', 'World', true],
    ['orl', 'World', false],
    ['%orl%', 'World', true],
    ['%rld', 'World', true],
    ['%', '', true],
    ['%%', 'x', true],
    ['', '', true],
    ['', 'a', false],
    ['_', '', false],
    ['_', 'é', true],
    ['_', '😀', true], // one code point, two UTF-16 units
    ['__', '😀', false],
    ['a%b%c', 'abc', true],
    ['a%b%c', 'a-b-c', true],
    ['a%b%c', 'ac', false],
    ['a%a', 'a', false],
    ['a%a', 'aa', true],
    ['%ab%ab%', 'abab', true],
    ['%ab%ab%', 'aba', false],
    ['a_%', 'a', false],
    ['a_%', 'ab', true],
    ['50\\%off', '50%off', true],
    ['50\\%off', '50xoff', false],
    ['a\\_c', 'a_c', true],
    ['a\\_c', 'abc', false],
    ['\\\\', '\\', true],
    ['\\a', 'a', true],
    ['a.c', 'abc', false],
    ['a.c_', 'a.cd', true],
    ['(x)+_', '(x)+y', true],
    ['%', 'line1\nline2', true],
    ['a_b', 'a\nb', true],
    ['[a]%', '[a]z', true],
    ['Ab%', 'ab', false],
  ])('%j on %j → %s', (p, s, expected) => {
    expect(compileLike(p)(s)).toBe(expected);
  });

  it('the conformance example (func_token_21)', () => {
    expect(compileLike('kim@ab%')('kim@abc.com')).toBe(true);
  });

  it('a trailing lone escape is error 5010', () => {
    expect(() => compileLike('abc\\')).toThrow(QueryError);
    expect(() => compileLike('abc\\')).toThrow('Trailing escape character (\\) in pattern');
    try {
      compileLike('x\\');
    } catch (e) {
      expect((e as QueryError).code).toBe(5010);
    }
    expect(() => compileLike('ab!', '!')).toThrow('Trailing escape character (!) in pattern');
  });

  it('an escaped escape at the end is fine', () => {
    expect(compileLike('a\\\\')('a\\')).toBe(true);
  });

  it('other escape characters', () => {
    expect(compileLike('50!%', '!')('50%')).toBe(true);
    expect(compileLike('a\\%', '!')('a\\xyz')).toBe(true);
  });

  it('is cached', () => {
    expect(compileLike('x%y')).toBe(compileLike('x%y'));
  });
});

describe('likePrefix', () => {
  it.each<[string, { prefix: string; prefixOnly: boolean; exact: boolean }]>([
    ['abc', { prefix: 'abc', prefixOnly: false, exact: true }],
    ['abc%', { prefix: 'abc', prefixOnly: true, exact: false }],
    ['abc%%', { prefix: 'abc', prefixOnly: true, exact: false }],
    ['ab_c', { prefix: 'ab', prefixOnly: false, exact: false }],
    ['ab%c', { prefix: 'ab', prefixOnly: false, exact: false }],
    ['%abc', { prefix: '', prefixOnly: false, exact: false }],
    ['%', { prefix: '', prefixOnly: true, exact: false }],
    ['', { prefix: '', prefixOnly: false, exact: true }],
    ['a\\%b%', { prefix: 'a%b', prefixOnly: true, exact: false }],
  ])('%j → %j', (p, expected) => {
    expect(likePrefix(p)).toEqual(expected);
  });
});

describe('compileRegexp (spec §8, DESIGN §7)', () => {
  const full = (p: string, s: string): boolean => compileRegexp(p, 'full').test(s);

  it.each<[string, string, boolean]>([
    ['nn', 'Inn', false],
    ['.*nn', 'Inn', true],
    ['In+.*', 'Inn', true],
    ['a|x', 'ab', false], // fully anchored: not the reference quirk
    ['a|b', 'xb', false],
    ['(a|b)', 'b', true],
    ['a|b', 'b', true],
    ['(?i)inn', 'INN', true],
    ['.', '\n', false], // no (?s)
    ['.', '😀', true],
    ['kim@ab(.*)', 'kim@abc.com', true],
    ['\\d+', '123', true],
    ['\\d+', '12a', false],
  ])('%j full on %j → %s', (p, s, expected) => {
    expect(full(p, s)).toBe(expected);
  });

  it('search mode matches anywhere', () => {
    expect(compileRegexp('nn', 'search').test('Sportsman Inn')).toBe(true);
    expect(compileRegexp('^nn', 'search').test('Inn')).toBe(false);
  });

  it('an invalid pattern is error 5010 naming the pattern and RE2 message', () => {
    let err: unknown;
    try {
      compileRegexp('(', 'full');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).code).toBe(5010);
    expect((err as QueryError).message).toContain('`(`');
    expect((err as QueryError).message).toContain('missing )');
  });

  it('RE2 rejects back-references and look-around', () => {
    expect(() => compileRegexp('(a)\\1', 'full')).toThrow(QueryError);
    expect(() => compileRegexp('(?<=a)b', 'search')).toThrow(QueryError);
  });

  it('an anchoring-breaking pattern cannot escape the group', () => {
    expect(() => compileRegexp('a)|(b', 'full')).toThrow(QueryError);
  });

  // Go's regexp/syntax decides which escapes exist (the re2 package also reads JavaScript's).
  it.each<[string, string]>([
    ['\\u0061b', '\\u'],
    ['\\u{61}', '\\u'],
    ['\\cA', '\\c'],
    ['\\Cb', '\\C'],
    ['a\\Z', '\\Z'],
    ['\\8', '\\8'],
    ['\\e', '\\e'],
    ['[\\b]', '\\b'], // \b is an assertion: not in a class
    ['[\\A]', '\\A'],
    ['\\é', '\\é'],
    ['\\😀', '\\😀'],
  ])('%j: an escape Go rejects is 5010 "invalid escape sequence: `%s`"', (pattern, escape) => {
    let err: unknown;
    try {
      compileRegexp(pattern, 'full');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(QueryError);
    expect([(err as QueryError).code, (err as QueryError).message]).toEqual([5010, `error parsing regexp: invalid escape sequence: \`${escape}\``]);
  });

  it.each<[string, string, boolean]>([
    ['\\x61\\x{62}', 'ab', true],
    ['\\141', 'a', true], // octal
    ['\\0', '\0', true],
    ['\\Qa.b\\E', 'a.b', true],
    ['\\Q\\u\\E', '\\u', true], // literal inside \Q…\E
    ['\\Aab\\z', 'ab', true],
    ['a\\b', 'a', true],
    ['[\\d\\-\\]x]+', '1-]x', true],
    ['[]a]+', ']a', true],
    ['[^]a]', 'b', true],
    ['[[:alpha:]\\.]+', 'a.b', true],
    ['\\pL\\p{Greek}\\PN', 'aαb', true],
    ['\\.\\-\\ \\#\\~', '.- #~', true],
    ['\\t\\n', '\t\n', true],
  ])('%j: an escape Go accepts, full on %j → %s', (p, s, expected) => {
    expect(full(p, s)).toBe(expected);
  });

  it('is cached per mode', () => {
    expect(compileRegexp('x+', 'full')).toBe(compileRegexp('x+', 'full'));
    expect(compileRegexp('x+', 'full')).not.toBe(compileRegexp('x+', 'search'));
  });
});
