import { describe, expect, it } from 'vitest';
import type { Expr, Statement } from '../../../src/ast/index.js';
import { call, id, lit, stmt } from './helpers.js';

const tokensOf = (x: string) => call('tokens', id(x));
const arrayFor = (mapping: Expr, v: string, over: Expr): Expr => ({
  kind: 'ArrayFor', first: false, mapping, bindings: [{ variable: v, within: false, expr: over }],
});

describe('CREATE INDEX', () => {
  it.each<[string, Statement]>([
    [
      'CREATE INDEX tokenindex ON product ((distinct (array lower(to_string(d)) for d in tokens(description) end)))',
      {
        kind: 'CreateIndex', name: 'tokenindex', ifNotExists: false, keyspace: { path: ['product'] },
        keys: [{ array: 'DISTINCT', desc: false, expr: arrayFor(call('lower', call('to_string', id('d'))), 'd', tokensOf('description')) }],
      },
    ],
    [
      'CREATE INDEX tokenindex1 on product(ALL ARRAY r  FOR r IN tokens(name) END)',
      { kind: 'CreateIndex', name: 'tokenindex1', ifNotExists: false, keyspace: { path: ['product'] }, keys: [{ array: 'ALL', desc: false, expr: arrayFor(id('r'), 'r', tokensOf('name')) }] },
    ],
    [
      'CREATE INDEX tokenindex2 on product (ALL DISTINCT ARRAY l for l in tokens(imageURL) END)',
      { kind: 'CreateIndex', name: 'tokenindex2', ifNotExists: false, keyspace: { path: ['product'] }, keys: [{ array: 'DISTINCT', desc: false, expr: arrayFor(id('l'), 'l', tokensOf('imageURL')) }] },
    ],
    [
      'CREATE INDEX i ON t(DISTINCT ARRAY v FOR v IN tokens(d) END, name DESC, (a.b)) WHERE type = "x" USING GSI WITH {"defer_build": true}',
      {
        kind: 'CreateIndex', name: 'i', ifNotExists: false, keyspace: { path: ['t'] },
        keys: [
          { array: 'DISTINCT', desc: false, expr: arrayFor(id('v'), 'v', tokensOf('d')) },
          { desc: true, expr: id('name') },
          { desc: false, expr: { kind: 'Field', target: id('a'), name: 'b' } },
        ],
        where: { kind: 'Binary', op: '=', left: id('type'), right: lit('x') },
        using: 'gsi',
        with: { kind: 'ObjectConstruct', fields: [{ name: lit('defer_build'), value: lit(true) }] },
      },
    ],
    [
      'CREATE INDEX IF NOT EXISTS `my-idx` ON default:t(DISTINCT tags, ALL x) USING VIEW',
      {
        kind: 'CreateIndex', name: 'my-idx', ifNotExists: true, keyspace: { namespace: 'default', path: ['t'] },
        keys: [{ array: 'DISTINCT', desc: false, expr: id('tags') }, { array: 'ALL', desc: false, expr: id('x') }], using: 'view',
      },
    ],
    ['CREATE INDEX i IF NOT EXISTS ON t(a)', { kind: 'CreateIndex', name: 'i', ifNotExists: true, keyspace: { path: ['t'] }, keys: [{ desc: false, expr: id('a') }] }],
  ])('%s', (src, ast) => {
    expect(stmt(src)).toEqual(ast);
  });

  it.each<[string, Statement]>([
    ['CREATE PRIMARY INDEX ON product', { kind: 'CreatePrimaryIndex', ifNotExists: false, keyspace: { path: ['product'] } }],
    ['CREATE PRIMARY INDEX `#primary` ON product USING GSI', { kind: 'CreatePrimaryIndex', name: '#primary', ifNotExists: false, keyspace: { path: ['product'] }, using: 'gsi' }],
    [
      'create primary index if not exists p on `travel-sample`.inventory.hotel with {"num_replica": 1}',
      {
        kind: 'CreatePrimaryIndex', name: 'p', ifNotExists: true, keyspace: { path: ['travel-sample', 'inventory', 'hotel'] },
        with: { kind: 'ObjectConstruct', fields: [{ name: lit('num_replica'), value: lit(1) }] },
      },
    ],
  ])('%s', (src, ast) => {
    expect(stmt(src)).toEqual(ast);
  });
});

describe('DROP INDEX / BUILD INDEX', () => {
  it.each<[string, Statement]>([
    ['DROP INDEX idx ON ks', { kind: 'DropIndex', name: 'idx', primary: false, ifExists: false, keyspace: { path: ['ks'] } }],
    ['DROP INDEX ks.idx', { kind: 'DropIndex', name: 'idx', primary: false, ifExists: false, keyspace: { path: ['ks'] } }],
    ['DROP INDEX default:ks.`idx`', { kind: 'DropIndex', name: 'idx', primary: false, ifExists: false, keyspace: { namespace: 'default', path: ['ks'] } }],
    ['DROP INDEX IF EXISTS idx ON b.s.c', { kind: 'DropIndex', name: 'idx', primary: false, ifExists: true, keyspace: { path: ['b', 's', 'c'] } }],
    ['DROP INDEX idx IF EXISTS ON ks', { kind: 'DropIndex', name: 'idx', primary: false, ifExists: true, keyspace: { path: ['ks'] } }],
    ['DROP PRIMARY INDEX ON ks', { kind: 'DropIndex', primary: true, ifExists: false, keyspace: { path: ['ks'] } }],
    ['DROP PRIMARY INDEX IF EXISTS ON ks', { kind: 'DropIndex', primary: true, ifExists: true, keyspace: { path: ['ks'] } }],
    ['DROP PRIMARY INDEX p ON ks', { kind: 'DropIndex', name: 'p', primary: true, ifExists: false, keyspace: { path: ['ks'] } }],
    ['BUILD INDEX ON ks(a, `b-c`)', { kind: 'BuildIndex', keyspace: { path: ['ks'] }, names: ['a', 'b-c'] }],
  ])('%s', (src, ast) => {
    expect(stmt(src)).toEqual(ast);
  });
});
