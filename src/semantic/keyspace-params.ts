import type { KeyspaceRef, Statement } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import type { Value } from '../values/index.js';

/** The statement's parameters: named (without `$`) and positional (`$1` is index 0). */
export interface StatementParams {
  named: Record<string, Value>;
  positional: Value[];
}

const notValid = () => new QueryError({ code: ErrorCode.EVALUATION, phase: 'execution', message: 'Error evaluating expr is not valid' });

function isKeyspaceParam(o: Record<string, unknown>): o is KeyspaceRef & Record<string, unknown> {
  return o.param !== undefined && Array.isArray(o.path);
}

/**
 * The statement with every keyspace named by a parameter (`FROM $1 AS d USE KEYS $2`,
 * `INSERT INTO $ks`, `UPDATE $1 AS d USE KEYS …`, `DELETE FROM $1 …`) bound to the parameter's
 * value, before the statement is checked and planned. The input is not changed (a parsed
 * statement is cached and frozen): the objects on the way to a bound keyspace are copied.
 * @param hasKeyspace whether a keyspace of that name exists
 * @throws QueryError 5010 "Error evaluating expr is not valid" when the value is not a string
 *   naming a keyspace (the reference's answer, asked of n1ql-reference); 4010 "FROM term (near …)
 *   must have a name or alias" for a FROM parameter without AS
 */
export function bindKeyspaceParams(s: Statement, params: StatementParams, hasKeyspace: (name: string) => boolean): Statement {
  const bind = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      let changed = false;
      const out = node.map((x) => {
        const y = bind(x);
        if (y !== x) changed = true;
        return y;
      });
      return changed ? out : node;
    }
    if (!node || typeof node !== 'object') return node;
    const o = node as Record<string, unknown>;
    // In FROM, the reference names no term after a parameter: it needs an alias.
    const ks = o.kind === 'KeyspaceTerm' ? (o.keyspace as KeyspaceRef) : undefined;
    if (ks?.param && ks.alias === undefined) {
      const loc = ks.loc;
      throw new QueryError({ code: ErrorCode.TERM_NEEDS_ALIAS, phase: 'semantic', message: loc ? `FROM term (near line ${loc.line}, column ${loc.column}) must have a name or alias` : 'FROM term must have a name or alias', position: loc });
    }
    if (isKeyspaceParam(o)) {
      const p = o.param!;
      const v = p.kind === 'NamedParam' ? params.named[p.name] : p.kind === 'PositionalParam' ? params.positional[p.position - 1] : undefined;
      if (typeof v !== 'string' || !hasKeyspace(v)) throw notValid();
      const { param: _param, ...rest } = o;
      return { ...rest, path: [v] };
    }
    let copy: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(o)) {
      if (k === 'loc') continue;
      const w = bind(v);
      if (w !== v) (copy ??= { ...o })[k] = w;
    }
    return copy ?? node;
  };
  return bind(s) as Statement;
}
