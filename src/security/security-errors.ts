/**
 * The reference's errors and warnings of the user, group and role statements (couchbase/query
 * `errors/execution.go` NewUserNotFoundError … NewGroupWithNoRoles, texts as cbq-engine at
 * commit 3582af6c prints them).
 */
import { ErrorCode, QueryError, type SourcePosition } from '../errors/index.js';

const err = (code: number, message: string, position?: SourcePosition): QueryError =>
  new QueryError({ code, phase: 'execution', message, ...(position ? { position } : {}) });

/** 5210 "Unable to find user local:joe." */
export const userNotFound = (user: string): QueryError => err(ErrorCode.USER_NOT_FOUND, `Unable to find user ${user}.`);
/** 5211 "User local:joe already exists." */
export const userExists = (user: string): QueryError => err(ErrorCode.USER_EXISTS, `User ${user} already exists.`);
/** 5212 "Attribute 'password' required for local users." / "… not supported for external users." */
export const userAttribute = (domain: string, attribute: string, reason: string): QueryError =>
  err(ErrorCode.USER_ATTRIBUTE, `Attribute '${attribute}' ${reason} for ${domain} users.`);
/** 5213 "Group g1 already exists." */
export const groupExists = (group: string): QueryError => err(ErrorCode.GROUP_EXISTS, `Group ${group} already exists.`);
/** 5214 "Unable to find group g1." */
export const groupNotFound = (group: string): QueryError => err(ErrorCode.GROUP_NOT_FOUND, `Unable to find group ${group}.`);
/** 5215 "Attribute 'roles' required for groups." */
export const groupAttribute = (attribute: string, reason: string): QueryError => err(ErrorCode.GROUP_ATTRIBUTE, `Attribute '${attribute}' ${reason} for groups.`);
/** 5216 "Missing attributes for user." */
export const missingAttributes = (entity: 'user' | 'group'): QueryError => err(ErrorCode.MISSING_ATTRIBUTES, `Missing attributes for ${entity}.`);
/** 5220 "Role query_select requires a keyspace." */
export const roleRequiresKeyspace = (role: string): QueryError => err(ErrorCode.ROLE_REQUIRES_KEYSPACE, `Role ${role} requires a keyspace.`);
/** 5221 "Role query_manage_functions cannot be specified at the collection level." */
export const roleIncorrectLevel = (role: string, level: string): QueryError => err(ErrorCode.ROLE_INCORRECT_LEVEL, `Role ${role} cannot be specified at the ${level} level.`);
/** 5230 "Role admin does not take a keyspace." */
export const roleTakesNoKeyspace = (role: string): QueryError => err(ErrorCode.ROLE_TAKES_NO_KEYSPACE, `Role ${role} does not take a keyspace.`);
/** 5240 "Keyspace default:nosuch is not valid." */
export const noSuchKeyspace = (ks: string): QueryError => err(ErrorCode.NO_SUCH_KEYSPACE, `Keyspace ${ks} is not valid.`);
/** 5241 "Scope default:b1.s9 is not valid." */
export const noSuchScope = (scope: string): QueryError => err(ErrorCode.NO_SUCH_SCOPE, `Scope ${scope} is not valid.`);
/** 5250 "Role nosuch is not valid." */
export const roleNotFound = (role: string): QueryError => err(ErrorCode.ROLE_NOT_FOUND, `Role ${role} is not valid.`);

/** 5260 "User local:joe already has role select." / "… on b1." */
export function roleAlreadyPresent(kind: 'User' | 'Group', who: string, role: string, target: string | undefined): { code: number; msg: string } {
  return { code: ErrorCode.WARN_ROLE_ALREADY_PRESENT, msg: `${kind} ${who} already has role ${role}${target !== undefined ? ` on ${target}` : ''}.` };
}
/** 5270 "User local:joe did not have role select." / "… on b1." */
export function roleNotPresent(kind: 'User' | 'Group', who: string, role: string, target: string | undefined): { code: number; msg: string } {
  return { code: ErrorCode.WARN_ROLE_NOT_PRESENT, msg: `${kind} ${who} did not have role ${role}${target !== undefined ? ` on ${target}` : ''}.` };
}
/** 5280 "User local:joe has no roles. Connecting with this user may not be possible" */
export function userWithNoRoles(user: string): { code: number; msg: string } {
  return { code: ErrorCode.WARN_USER_WITH_NO_ROLES, msg: `User ${user} has no roles. Connecting with this user may not be possible` };
}
/** 5281 "Group g1 has no roles." */
export function groupWithNoRoles(group: string): { code: number; msg: string } {
  return { code: ErrorCode.WARN_GROUP_WITH_NO_ROLES, msg: `Group ${group} has no roles.` };
}

/**
 * 11010 "System datastore : unable to update user information in server" (what the reference
 * answers when ns_server refuses a change), followed by ns_server's reason in parentheses.
 */
export const unableToUpdate = (what: 'user' | 'group', reason: string): QueryError =>
  err(ErrorCode.UNABLE_TO_UPDATE_USERS, `System datastore : unable to update ${what} information in server (${reason})`);
