export { PrincipalStore, type PrincipalAdministration, type PrincipalUser, type PrincipalGroup, type SavedPrincipals } from './principal-store.js';
export { runSecurityStatement, type SecurityContext } from './security-statements.js';
export { userInfoRows, groupInfoRows } from './principal-rows.js';
export { hashPassword, verifyPassword, type HashRunner } from './password-hash.js';
export { allRoleNames, roleLevel, normalizeRoleName, roleAlias, formatRoleGrant, parseRoleGrant, roleRow, type RoleGrant, type RoleLevel } from './role-catalog.js';
