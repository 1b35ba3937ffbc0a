import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../../src/index.js';
import { statementPrivileges } from '../../../src/ast/privileges.js';

/** The privileges a statement needs (the reference's RBAC: query_select on every keyspace read). */
describe('statementPrivileges', () => {
  const needs = (s: string) => statementPrivileges(parseStatement(s)).map((p) => `${p.privilege} ${p.keyspace}`).sort();

  it('a join reads both keyspaces', () => {
    expect(needs('SELECT * FROM a JOIN b ON KEYS a.k')).toEqual(['query_select default:a', 'query_select default:b']);
    expect(needs('SELECT * FROM a LEFT JOIN b ON a.x = b.y')).toEqual(['query_select default:a', 'query_select default:b']);
    expect(needs('SELECT * FROM a NEST b ON KEYS a.k')).toEqual(['query_select default:a', 'query_select default:b']);
  });

  it('a subquery in an ON clause is read too', () => {
    expect(needs('SELECT * FROM a JOIN b ON a.x IN (SELECT RAW c.y FROM c)')).toEqual([
      'query_select default:a',
      'query_select default:b',
      'query_select default:c',
    ]);
  });
});
