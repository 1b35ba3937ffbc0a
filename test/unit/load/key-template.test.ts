import { describe, expect, it } from 'vitest';
import { compileKeyTemplate } from '../../../src/load/index.js';

describe('compileKeyTemplate', () => {
  it('substitutes string and number fields and keeps literal text', () => {
    const key = compileKeyTemplate('%type%_%id%');
    expect(key({ type: 'airport', id: 1254 }, 0)).toBe('airport_1254');
    expect(compileKeyTemplate('%productId%_arrayIndex')({ productId: 'product7' }, 0)).toBe('product7_arrayIndex');
    expect(compileKeyTemplate('key::%ok%')({ ok: true }, 0)).toBe('key::true');
    expect(compileKeyTemplate('%n%')({ n: 1.5 }, 0)).toBe('1.5');
  });

  it('reads nested fields and backtick-quoted names with dots', () => {
    expect(compileKeyTemplate('%address.city%-%geo.alt%')({ address: { city: 'Zürich' }, geo: { alt: 12 } }, 0)).toBe('Zürich-12');
    expect(compileKeyTemplate('%a.`b.c`%')({ a: { 'b.c': 'x' } }, 0)).toBe('x');
    expect(compileKeyTemplate('%`we``ird`%')({ 'we`ird': 'y' }, 0)).toBe('y');
  });

  it('counts #MONO_INCR# from 1 per compiled template, #MONO_INCR[N]# from N', () => {
    const key = compileKeyTemplate('doc::#MONO_INCR#');
    expect([key({}, 0), key({}, 1), key({}, 2)]).toEqual(['doc::1', 'doc::2', 'doc::3']);
    expect(compileKeyTemplate('doc::#MONO_INCR#')({}, 0)).toBe('doc::1');
    const from = compileKeyTemplate('#MONO_INCR[100]#');
    expect([from(null, 0), from(null, 1)]).toEqual(['100', '101']);
  });

  it('generates v4 UUIDs for #UUID#', () => {
    const key = compileKeyTemplate('user-#UUID#');
    const a = key({}, 0);
    expect(a).toMatch(/^user-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(key({}, 1)).not.toBe(a);
  });

  it('treats %% and ## as literal % and #', () => {
    expect(compileKeyTemplate('100%%_##%id%')({ id: 7 }, 0)).toBe('100%_#7');
    expect(compileKeyTemplate('%a%%b%')({ 'a%b': 'z' }, 0)).toBe('z'); // %% inside a field name (as cbimport)
  });

  it('reports a missing field clearly', () => {
    const key = compileKeyTemplate('%type%_%id%');
    expect(() => key({ type: 'x' }, 0)).toThrow('key template field %id% is missing in the document');
    expect(() => compileKeyTemplate('%a.b%')({ a: 1 }, 0)).toThrow('key template field %a.b% is missing in the document');
  });

  it('rejects null, array and object field values and non-object documents', () => {
    const key = compileKeyTemplate('%v%');
    expect(() => key({ v: null }, 0)).toThrow(/%v% is null/);
    expect(() => key({ v: [1] }, 0)).toThrow(/%v% is an array/);
    expect(() => key({ v: {} }, 0)).toThrow(/%v% is an object/);
    expect(() => key('text', 0)).toThrow(/needs a JSON object document, not a string/);
    expect(() => key([1, 2], 0)).toThrow(/not an array/);
  });

  it('rejects malformed templates at compile time', () => {
    expect(() => compileKeyTemplate('')).toThrow(/empty/);
    expect(() => compileKeyTemplate('%id')).toThrow(/unclosed field/);
    expect(() => compileKeyTemplate('#UUID')).toThrow(/unclosed generator/);
    expect(() => compileKeyTemplate('#NOPE#')).toThrow(/unknown generator #NOPE#/);
    expect(() => compileKeyTemplate('%%%')).toThrow(/end of the template/);
    expect(() => compileKeyTemplate('%a..b%')).toThrow(/empty name/);
  });

  it('rejects an empty or over-long key', () => {
    expect(() => compileKeyTemplate('%s%')({ s: '' }, 0)).toThrow(/empty key/);
    expect(() => compileKeyTemplate('%s%')({ s: 'x'.repeat(251) }, 0)).toThrow(/longer than 250 bytes/);
  });
});
