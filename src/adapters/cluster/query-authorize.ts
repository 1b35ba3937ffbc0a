/**
 * Authorisation of N1QL statements for the query service, with the cluster's role model
 * ({@link isAllowed}): each privilege a statement needs ({@link PrivilegeNeed}) maps to a
 * permission (couchbase/query `datastore/couchbase` privilege → ns_server permission), and a
 * refusal is the reference's 13014 E_DATASTORE_INSUFFICIENT_CREDENTIALS with its message
 * (enterprise `messageForDeniedPrivilege`):
 * `User does not have credentials to run SELECT queries on default:b1. Add role query_select on default:b1 to allow the statement to run.`
 * (user administration: `… to run queries updating user information. Add role admin …`).
 */
import { ErrorCode, QueryError, type PrivilegeNeed } from '../../index.js';
import { isAllowed, SECURITY_ADMIN_WRITE, type Permission, type Role } from './rbac.js';

const DML: Record<string, [string, string]> = {
  query_select: ['select', 'SELECT'],
  query_insert: ['insert', 'INSERT'],
  query_update: ['update', 'UPDATE'],
  query_delete: ['delete', 'DELETE'],
};
const INDEX: Record<string, string> = {
  query_create_index: 'create',
  query_drop_index: 'drop',
  query_build_index: 'build',
  query_list_index: 'list',
};

/** The cluster permission of a query privilege (`cluster.bucket[b1].n1ql.select!execute`, `cluster.n1ql.meta!read`). */
export function permissionOf(need: PrivilegeNeed): Permission {
  if (need.privilege === 'system_read') return { object: 'n1ql.meta', operation: 'read' };
  // User administration: ns_server's `cluster.admin.security!write` (admin, security_admin).
  if (need.privilege === 'security_write') return { object: 'admin.security', operation: 'write' };
  // Managing a Full Admin or Security Admin: only `admin` (ns_server `cluster.admin.security.admin!write`).
  if (need.privilege === 'security_admin_write') return SECURITY_ADMIN_WRITE;
  const dml = DML[need.privilege];
  if (dml) return { bucket: need.bucket, object: `n1ql.${dml[0]}`, operation: 'execute' };
  return { bucket: need.bucket, object: 'n1ql.index', operation: INDEX[need.privilege]! };
}

/** The reference's 13014 error for a privilege the user lacks. */
export function insufficientCredentials(need: PrivilegeNeed): QueryError {
  let what: string;
  let role: string;
  const dml = DML[need.privilege];
  if (need.privilege === 'system_read') {
    what = 'run queries accessing the system tables';
    role = 'query_system_catalog';
  } else if (need.privilege === 'security_write' || need.privilege === 'security_admin_write') {
    what = 'run queries updating user information';
    role = 'admin';
  } else if (dml) {
    what = `run ${dml[1]} queries on ${need.keyspace}`;
    role = `${need.privilege} on ${need.keyspace}`;
  } else {
    what = 'run index operations';
    role = `query_manage_index on ${need.keyspace}`;
  }
  return new QueryError({
    code: ErrorCode.INSUFFICIENT_CREDENTIALS,
    phase: 'service',
    message: `User does not have credentials to ${what}. Add role ${role} to allow the statement to run.`,
  });
}

/** An `authorize` hook for `db.query` that checks every need against the roles (first refusal raises). */
export function queryAuthorizer(roles: readonly Role[]): (needs: PrivilegeNeed[]) => void {
  return (needs) => {
    for (const need of needs) if (!isAllowed(roles, permissionOf(need))) throw insufficientCredentials(need);
  };
}
