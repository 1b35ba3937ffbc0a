import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/syntax/index.js';
import { parseHintText } from '../../../src/syntax/optimizer-hints.js';

/** `/*+ … *\/` optimizer hints (couchbase/query `algebra/optimizer_hints.go`). */
describe('optimizer hints', () => {
  it('parses the hint kinds', () => {
    expect(parseHintText(' USE_HASH(b/BUILD c) ORDERED use_nl(`d`) INDEX(a ix1 ix2) NO_INDEX(e) BOGUS(x) ')).toEqual([
      { kind: 'USE_HASH', alias: 'b', side: 'BUILD' },
      { kind: 'USE_HASH', alias: 'c' },
      { kind: 'ORDERED' },
      { kind: 'USE_NL', alias: 'd' },
      { kind: 'INDEX', alias: 'a', indexes: ['ix1', 'ix2'] },
      { kind: 'NO_INDEX', alias: 'e', indexes: [] },
      { kind: 'UNKNOWN', text: 'BOGUS(x)' },
    ]);
  });
  it('attaches the comment after SELECT to its block; other comments are comments', () => {
    const s = parseStatement('SELECT /*+ USE_NL(b) */ a.id FROM a JOIN b ON a.x = b.y');
    expect(s.kind === 'Select' && s.body.kind === 'Subselect' && s.body.hints).toEqual([{ kind: 'USE_NL', alias: 'b' }]);
    const t = parseStatement('SELECT /* USE_NL(b) */ a.id FROM a');
    expect(t.kind === 'Select' && t.body.kind === 'Subselect' && t.body.hints).toBeUndefined();
  });
});
