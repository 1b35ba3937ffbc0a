/**
 * The text of the statements tokenql parses but does not execute (user/group administration,
 * bucket/scope/collection DDL, ALTER INDEX, EXPLAIN FUNCTION), in the reference's upper-case
 * `String()` forms: `CREATE GROUP IF NOT EXISTS `g` WITH "d" NO ROLES`, `GRANT `select` ON
 * `default`:`orders` TO GROUPS `g1``, `ALTER USER `joe` PASSWORD "****" …` (a password is never
 * printed). Source: couchbase/query `algebra/create_user.go`, `grant_role.go`, `create_bucket.go`,
 * … as SANITIZE prints them on the reference.
 */
import type { Expr } from './expr.js';
import type { AlterIndexStatement, ContainerStatement, ExplainFunctionStatement, KeyspaceRef, SecurityStatement } from './statement.js';
import { printName } from './print-expr.js';

/** How the caller prints a keyspace, a WITH value and a name in a role's ON. */
export interface AdminPrintOptions {
  keyspace: (k: KeyspaceRef) => string;
  withValue: (e: Expr) => string;
}

/** `` `local`:`joe` `` or `` `joe` ``: a user or group name with its domain. */
function principal(k: KeyspaceRef): string {
  return (k.namespace !== undefined ? printName(k.namespace) + ':' : '') + k.path.map((p) => printName(p)).join('.');
}

/** Prints one of the not-executed administration statements. */
export function printAdmin(st: SecurityStatement | ContainerStatement | AlterIndexStatement | ExplainFunctionStatement, o: AdminPrintOptions): string {
  switch (st.kind) {
    case 'Security': {
      if (st.action === 'GRANT' || st.action === 'REVOKE') {
        const roles = st.roles!.map((r) => printName(r.role)).join(', ');
        const on = st.on ? ' ON ' + st.on.map(o.keyspace).join(', ') : '';
        return `${st.action} ${roles}${on} ${st.action === 'GRANT' ? 'TO' : 'FROM'} ${st.target} ${st.names.map(principal).join(', ')}`;
      }
      let s = `${st.action} ${st.target} ${st.ifNotExists ? 'IF NOT EXISTS ' : ''}${st.ifExists ? 'IF EXISTS ' : ''}${principal(st.names[0]!)}`;
      if (st.password !== undefined) s += ' PASSWORD "****"';
      if (st.description !== undefined) s += ' WITH ' + JSON.stringify(st.description);
      if (st.groups) s += ' GROUPS ' + st.groups.map((g) => printName(g)).join(', ');
      if (st.roles) s += ' ROLES ' + st.roles.map((r) => printName(r.role) + (r.on ? ' ON ' + principal(r.on) : '')).join(', ');
      if (st.none) s += ' NO ' + st.none;
      return s;
    }
    case 'Container': {
      const name = st.container === 'BUCKET' ? principal({ path: st.keyspace.path }) : o.keyspace(st.keyspace);
      const cond = st.ifNotExists ? 'IF NOT EXISTS ' : st.ifExists ? 'IF EXISTS ' : '';
      return `${st.action} ${st.container} ${cond}${name}` + (st.with ? ' WITH ' + o.withValue(st.with) : '');
    }
    case 'AlterIndex':
      return `ALTER INDEX ${printName(st.name)} ON ${o.keyspace(st.keyspace)}` + (st.using ? ' USING ' + st.using.toUpperCase() : '') + ' WITH ' + o.withValue(st.with);
    case 'ExplainFunction': {
      const k = st.name;
      return 'EXPLAIN FUNCTION ' + (k.path.length === 1 ? printName(k.namespace ?? 'default') + ':' + printName(k.path[0]!) : o.keyspace(k));
    }
  }
}
