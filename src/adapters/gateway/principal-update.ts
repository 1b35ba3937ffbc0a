/**
 * `POST /{db}/_user/` and `PUT /{db}/_user/{name}` (spec gateway-reference.md §1.1–§1.3):
 * validation of the `PrincipalConfig` body, per-field merge, read-only fields accepted only
 * unchanged, password rules, and session revocation on any password (§1.3). Also the user body of
 * `GET /{db}/_user/{name}` (§1.4).
 */
import type { GatewayDatabase } from './runtime.js';
import { EMAIL, allChannels, allRoles, nameProblems, passwordProblem, type StoredUser } from './users.js';

export interface UpdateOutcome {
  status: number;
  reason?: string;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sortedOrUndefined = (v: unknown): unknown => (Array.isArray(v) ? [...v].sort() : v);

function stringList(v: unknown, field: string): string[] | null | string {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return `Bad JSON: ${field} must be an array of strings`;
  return v as string[];
}

/** The body of `GET /{db}/_user/{name}`, fields in the reference's order. */
export function userBody(gdb: GatewayDatabase, u: StoredUser): Record<string, unknown> {
  const out: Record<string, unknown> = { name: u.name === '' ? 'GUEST' : u.name };
  if (u.admin_channels.length) out.admin_channels = [...u.admin_channels].sort();
  out.email = u.email ?? '';
  out.disabled = u.disabled;
  if (u.admin_roles.length) out.admin_roles = [...u.admin_roles].sort();
  out.all_channels = allChannels(u);
  const roles = allRoles(u);
  if (roles.length) out.roles = roles;
  if (u.jwt_issuer !== undefined && gdb.cfg.providers.some((p) => p.issuer === u.jwt_issuer)) {
    out.jwt_issuer = u.jwt_issuer;
    out.jwt_roles = u.jwt_roles ?? [];
    out.jwt_channels = u.jwt_channels ?? [];
    out.jwt_last_updated = u.jwt_last_updated;
  }
  return out;
}

/** Creates (`POST`, never replacing) or creates/updates (`PUT`) a principal from a parsed body. */
export async function updatePrincipal(gdb: GatewayDatabase, pathName: string | undefined, body: Record<string, unknown>): Promise<UpdateOutcome> {
  const post = pathName === undefined;
  if (body.name !== undefined && typeof body.name !== 'string') return { status: 400, reason: 'Bad JSON: name must be a string' };
  const name = post ? (body.name as string | undefined) : pathName;
  if (name === undefined || name === '') return { status: 400, reason: 'Missing name property' };
  if (!post && body.name !== undefined && body.name !== pathName) return { status: 400, reason: "Name mismatch (can't change name)" };
  const guest = name === 'GUEST';
  if (guest && post) return { status: 409, reason: 'Already exists' };
  if (!guest) {
    const problems = nameProblems(name);
    if (problems) return { status: 400, reason: `invalid name: ${problems}` };
  }
  const old = guest ? gdb.users.guest() : gdb.users.get(name);
  if (post && old) return { status: 409, reason: 'Already exists' };
  const exists = guest || old !== undefined;
  const base: StoredUser = old ?? { name, disabled: false, admin_channels: [], admin_roles: [] };

  // Read-only fields: accepted only when equal to the current value.
  if (body.all_channels !== undefined && !same(sortedOrUndefined(body.all_channels), allChannels(base))) return { status: 400, reason: 'all_channels is read-only' };
  if (body.roles !== undefined && !same(sortedOrUndefined(body.roles), allRoles(base))) return { status: 400, reason: 'roles is read-only' };
  for (const f of ['jwt_issuer', 'jwt_roles', 'jwt_channels', 'jwt_last_updated'] as const) {
    if (body[f] !== undefined && !same(body[f], base[f] ?? (f === 'jwt_roles' || f === 'jwt_channels' ? [] : undefined))) {
      return { status: 400, reason: "Can't change read-only properties" };
    }
  }
  const channels = stringList(body.admin_channels, 'admin_channels');
  const roles = stringList(body.admin_roles, 'admin_roles');
  if (typeof channels === 'string') return { status: 400, reason: channels };
  if (typeof roles === 'string') return { status: 400, reason: roles };
  const bad = channels?.find((c) => c === '' || c.includes(','));
  if (bad !== undefined) return { status: 400, reason: `Illegal channel name "${bad}"` };
  if (body.disabled !== undefined && typeof body.disabled !== 'boolean') return { status: 400, reason: 'Bad JSON: disabled must be a boolean' };
  if (body.password !== undefined && typeof body.password !== 'string') return { status: 400, reason: 'Bad JSON: password must be a string' };
  if (body.email !== undefined && typeof body.email !== 'string') return { status: 400, reason: 'Bad JSON: email must be a string' };

  let user: StoredUser = {
    ...base,
    ...(channels ? { admin_channels: [...new Set(channels)].sort() } : {}),
    ...(roles ? { admin_roles: [...new Set(roles)].sort() } : {}),
    ...(typeof body.disabled === 'boolean' ? { disabled: body.disabled } : {}),
  };
  if (typeof body.email === 'string') {
    if (EMAIL.test(body.email)) user.email = body.email;
    else gdb.log(`db ${gdb.name}: invalid email ignored for user ${name}`);
  }
  const password = body.password as string | undefined;
  if (!guest && (password !== undefined || !exists)) {
    const problem = passwordProblem(password, gdb.cfg.allow_empty_password);
    if (problem) return { status: 400, reason: `${exists ? 'Error updating user/role' : 'Error creating user'}: ${problem}` };
    user = await gdb.users.withPassword(user, password ?? '');
  }
  await gdb.users.save(user);
  return { status: exists ? 200 : 201 };
}
