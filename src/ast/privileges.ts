import type { Expr } from './expr.js';
import type { FromTerm, KeyspaceRef, Returning, SelectBody, SelectStatement, SetClause, Statement } from './statement.js';
import { walkExpr } from './walk.js';

/**
 * A privilege a statement needs (couchbase/query `auth/privileges.go`): the query service's
 * names, on a keyspace written `namespace:path` (`default:b1`, `system:keyspaces`).
 */
export type QueryPrivilege =
  | 'query_select'
  | 'query_insert'
  | 'query_update'
  | 'query_delete'
  | 'query_create_index'
  | 'query_drop_index'
  | 'query_build_index'
  | 'query_list_index'
  | 'system_read'
  /** Changing users, groups and roles (CREATE/ALTER/DROP USER|GROUP, GRANT, REVOKE; reference PRIV_SECURITY_WRITE). */
  | 'security_write'
  /** Changing a user or group that holds or would get `admin` or `security_admin` (ns_server `cluster.admin.security.admin!write`); asked when the statement runs. */
  | 'security_admin_write';

export interface PrivilegeNeed {
  privilege: QueryPrivilege;
  /** `namespace:path`, e.g. `default:b1`; for `system_read`, the system keyspace; `''` for `security_write`. */
  keyspace: string;
  /** The bucket (first path element); undefined for `system_read`. */
  bucket?: string;
}

/**
 * The privileges a statement needs, in the order the reference checks them (the statement's own
 * target first, then what it reads), without duplicates. Source: couchbase/query `algebra/*.go`
 * `Privileges()` and the N1QL docs' "RBAC Privileges" sections: SELECT needs query_select on every
 * keyspace it reads (subqueries included); INSERT query_insert; UPSERT query_insert and
 * query_update; UPDATE query_update; DELETE query_delete; a RETURNING clause adds query_select on
 * the target; CREATE/DROP/BUILD INDEX their index privilege; a `system:` keyspace needs
 * system_read (query_system_catalog); `system:dual` needs nothing. EXPLAIN and PREPARE need the
 * privileges of their statement. EXECUTE is checked against its prepared statement by the caller.
 */
export function statementPrivileges(statement: Statement): PrivilegeNeed[] {
  const out: PrivilegeNeed[] = [];
  const seen = new Set<string>();
  const add = (privilege: QueryPrivilege, ref: KeyspaceRef): void => {
    const ns = ref.namespace ?? 'default';
    const name = ref.path.join('.');
    if (ns === 'system') {
      // Open to every user (docs "Get System Information": dual, datastores, namespaces).
      if (name === 'dual' || name === 'datastores' || name === 'namespaces') return;
      privilege = 'system_read';
    }
    const keyspace = `${ns}:${name}`;
    const key = `${privilege} ${keyspace}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(privilege === 'system_read' ? { privilege, keyspace } : { privilege, keyspace, bucket: ref.path[0] });
  };
  const expr = (e: Expr | undefined): void => {
    if (!e) return;
    walkExpr(e, (x) => {
      if (x.kind === 'Subquery') select(x.query);
    });
  };
  const from = (f: FromTerm | undefined): void => {
    if (!f) return;
    if (f.kind === 'KeyspaceTerm') {
      add('query_select', f.keyspace);
      expr(f.useKeys);
    } else if (f.kind === 'ExpressionTerm') expr(f.expr);
    else if (f.kind === 'JoinTerm') {
      // A join reads its inner keyspace too: SELECT on both sides.
      from(f.left);
      from(f.right);
      expr(f.onKeys);
      expr(f.onKey);
      expr(f.on);
    } else {
      from(f.left);
      expr(f.expr);
    }
  };
  const body = (b: SelectBody): void => {
    if (b.kind === 'SetOperation') {
      body(b.left);
      body(b.right);
      return;
    }
    from(b.from);
    for (const t of b.projection) if (t.kind !== 'Star') expr(t.expr);
    for (const l of b.let ?? []) expr(l.expr);
    expr(b.where);
    for (const k of b.groupBy?.keys ?? []) expr(k.expr);
    for (const l of b.groupBy?.letting ?? []) expr(l.expr);
    expr(b.groupBy?.having);
  };
  function select(s: SelectStatement): void {
    body(s.body);
    for (const o of s.orderBy ?? []) expr(o.expr);
    expr(s.limit);
    expr(s.offset);
  }
  const sets = (cs: SetClause[]): void => {
    for (const c of cs) {
      expr(c.path);
      expr(c.value);
      for (const b of c.for?.bindings ?? []) expr(b.expr);
      expr(c.for?.when);
    }
  };
  const returning = (r: Returning | undefined, target: KeyspaceRef): void => {
    if (!r) return;
    add('query_select', target);
    for (const t of r.terms) if (t.kind !== 'Star') expr(t.expr);
  };
  const visit = (s: Statement): void => {
    switch (s.kind) {
      case 'Select':
        select(s);
        return;
      case 'Insert':
        add('query_insert', s.keyspace);
        if (s.upsert) add('query_update', s.keyspace);
        for (const v of s.values ?? []) {
          expr(v.key);
          expr(v.value);
          expr(v.options);
        }
        if (s.select) {
          select(s.select.query);
          expr(s.select.key);
          expr(s.select.value);
          expr(s.select.options);
        }
        returning(s.returning, s.keyspace);
        return;
      case 'Update':
        add('query_update', s.keyspace);
        expr(s.useKeys);
        for (const l of s.let ?? []) expr(l.expr);
        sets(s.set);
        for (const u of s.unset) expr(u);
        expr(s.where);
        expr(s.limit);
        returning(s.returning, s.keyspace);
        return;
      case 'Delete':
        add('query_delete', s.keyspace);
        expr(s.useKeys);
        for (const l of s.let ?? []) expr(l.expr);
        expr(s.where);
        expr(s.limit);
        expr(s.offset);
        returning(s.returning, s.keyspace);
        return;
      case 'Merge': {
        // The target's privilege per action; an ANSI merge reads the target (its join) as well.
        const target = s.target.keyspace;
        if (s.update) add('query_update', target);
        if (s.delete) add('query_delete', target);
        if (s.insert) add('query_insert', target);
        if (s.on) add('query_select', target);
        from(s.source);
        expr(s.onKey);
        expr(s.on);
        for (const l of s.let ?? []) expr(l.expr);
        if (s.update) {
          sets(s.update.set);
          for (const u of s.update.unset) expr(u);
          expr(s.update.where);
        }
        expr(s.delete?.where);
        for (const e of [s.insert?.key, s.insert?.value, s.insert?.options, s.insert?.where]) expr(e);
        expr(s.limit);
        returning(s.returning, target);
        return;
      }
      case 'CreateIndex':
      case 'CreatePrimaryIndex':
        add('query_create_index', s.keyspace);
        return;
      case 'DropIndex':
        add('query_drop_index', s.keyspace);
        return;
      case 'BuildIndex':
        add('query_build_index', s.keyspace);
        return;
      case 'UpdateStatistics':
        add('query_select', s.keyspace);
        return;
      case 'Security':
        // couchbase/query algebra/create_user.go … grant_role.go Privileges(): PRIV_SECURITY_WRITE, no keyspace.
        if (!seen.has('security_write')) out.push({ privilege: 'security_write', keyspace: '' });
        seen.add('security_write');
        return;
      case 'Explain':
      case 'Advise':
      case 'Prepare':
        visit(s.statement);
        return;
      case 'Execute':
        expr(s.using);
        return;
      case 'ExecuteFunction':
        for (const a of s.args) expr(a);
        return;
      case 'CreateFunction':
      case 'DropFunction':
        return;
    }
  };
  visit(statement);
  return out;
}
