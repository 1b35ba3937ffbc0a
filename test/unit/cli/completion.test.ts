import { describe, expect, it } from 'vitest';
import { complete, keyspaceAliases, type CompletionSources } from '../../../src/cli/completion.js';

/** Tab completion from what the grammar accepts at the cursor, with fields from a sample of the keyspace. */
describe('shell completion', () => {
  const sources: CompletionSources = {
    keyspaces: () => ['product', 'profile', 'beer'],
    fields: async (ks) => (ks === 'product' ? ['description', 'name', 'price', 'productId'] : ['abv', 'brewery_id', 'name']),
  };

  it.each([
    // keyspaces after FROM, JOIN, INTO, UPDATE (and nothing else there)
    ['SELECT * FROM pr', [['product', 'profile'], 'pr']],
    ['SELECT * FROM ', [['beer', 'product', 'profile'], '']],
    ['SELECT * FROM beer b JOIN p', [['product', 'profile'], 'p']],
    ['UPDATE b', [['beer'], 'b']],
    ['INSERT INTO p', [['product', 'profile'], 'p']],
    // fields of the keyspace an alias names, from the sample
    ['SELECT * FROM product p WHERE p.', [['description', 'name', 'price', 'productId'], '']],
    ['SELECT * FROM product p WHERE p.pr', [['price', 'productId'], 'pr']],
    ['SELECT * FROM beer b JOIN product p ON b.name = p.', [['description', 'name', 'price', 'productId'], '']],
    // in an expression: functions (with `(`), the statement's fields and expression keywords
    ['SELECT LOWE', [['LOWER('], 'LOWE']],
    ['SELECT * FROM product WHERE na', [['name', 'nan(', 'nan_if(', 'nanif('], 'na']],
    ['SELECT * FROM product WHERE ', [['description', 'name', 'price', 'productId'], '']],
    // only the keywords the grammar accepts there
    ['SEL', [['SELECT'], 'SEL']],
    ['sel', [['select'], 'sel']],
    ['SELECT * FROM product p WH', [['WHERE'], 'WH']],
    ['SELECT * FROM product GRO', [['GROUP'], 'GRO']],
    ['SELECT * FROM product ORDER BY name D', [['DESC'], 'D']],
    ['SELECT * FROM product p WHERE p.name LI', [['LIKE', 'LIMIT'], 'LI']],
    // shell commands
    ['\\SE', [['\\SET'], '\\SE']],
  ])('%s → %j', async (line, expected) => {
    expect(await complete(line, sources)).toEqual(expected);
  });

  it('finds the keyspace of an alias after the cursor and on earlier lines of the statement', async () => {
    expect(await complete('SELECT p.na', { ...sources, wholeLine: () => 'SELECT p.na FROM product p' })).toEqual([['name'], 'na']);
    expect(await complete('WHERE p.na', { ...sources, pending: () => 'SELECT *\nFROM product p\n' })).toEqual([['name'], 'na']);
  });

  it('maps aliases and names to keyspaces', () => {
    expect([...keyspaceAliases('SELECT * FROM product AS p JOIN `beer` b ON p.x = b.y WHERE 1', ['product', 'beer'])]).toEqual([
      ['product', 'product'],
      ['p', 'product'],
      ['beer', 'beer'],
      ['b', 'beer'],
    ]);
    expect([...keyspaceAliases('SELECT * FROM product WHERE x = 1', ['product'])]).toEqual([['product', 'product']]);
  });
});
