import { describe, expect, it } from 'vitest';
import { formatTable, isTabular } from '../../../src/cli/format-table.js';

describe('formatTable', () => {
  it('aligns columns by display width (wide CJK characters take two columns)', () => {
    const t = formatTable([{ city: '東京', n: 1 }, { city: 'Zürich', n: 10, extra: null }]);
    expect(t.split('\n')).toEqual([
      '┌────────┬────┬───────┐',
      '│ city   │ n  │ extra │',
      '├────────┼────┼───────┤',
      '│ 東京   │  1 │       │',
      '│ Zürich │ 10 │ null  │',
      '└────────┴────┴───────┘',
    ]);
  });

  it('knows which results fit a table', () => {
    expect(isTabular([{ a: 1, b: 'x', c: null, d: true }])).toBe(true);
    expect(isTabular([])).toBe(true);
    expect(isTabular([{ a: [1] }])).toBe(false);
    expect(isTabular([{ a: { b: 1 } }])).toBe(false);
    expect(isTabular([1, 2])).toBe(false);
    expect(isTabular([{}, {}])).toBe(false);
    expect(formatTable([])).toBe('(no rows)');
  });

  it('cuts wide cells to maxColumnWidth with …', () => {
    expect(formatTable([{ s: 'abcdefghij' }], { maxColumnWidth: 5 })).toContain('│ abcd… │');
  });
});
