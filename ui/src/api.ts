// The workbench's calls to its server (src/adapters/workbench): the session, statements, cancel.

/** `GET /ui/api/session`. */
export interface SessionInfo {
  user: string;
  roles: string[];
  csrf: string;
  functions: string[];
}

/** A query service answer (as `/query/service` answers). */
export interface QueryAnswer {
  requestID: string;
  clientContextID?: string;
  results?: unknown[];
  status: string;
  metrics?: { elapsedTime?: string; executionTime?: string; resultCount?: number; resultSize?: number; mutationCount?: number; warningCount?: number; errorCount?: number };
  warnings?: { code: number; msg: string }[];
  errors?: { code: number; msg: string }[];
  profile?: unknown;
}

let csrf = '';

/** The logged-in session, or undefined (→ login page). */
export async function loadSession(): Promise<SessionInfo | undefined> {
  const r = await fetch('/ui/api/session', { credentials: 'same-origin' });
  if (r.status === 401) return undefined;
  const s = (await r.json()) as SessionInfo;
  csrf = s.csrf;
  return s;
}

async function post(path: string, body: unknown): Promise<Response> {
  const r = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(body) });
  // No session (expired, logged out elsewhere): back to the login. A statement refused by the
  // user's roles is a 401 too (13014), without this header: it is shown as an error.
  if (r.status === 401 && r.headers.get('x-workbench-login') === 'required') location.assign('/ui/login');
  return r;
}

/** The keyspaces the user may SELECT from, sorted. */
export async function keyspaceNames(): Promise<string[]> {
  const r = await fetch('/ui/api/keyspaces', { credentials: 'same-origin' });
  if (!r.ok) throw new Error(`keyspaces: ${r.status}`);
  return ((await r.json()) as { keyspaces: string[] }).keyspaces;
}

/** Runs one statement under the session's user; `clientContextId` lets {@link cancel} stop it. */
export async function runStatement(statement: string, clientContextId: string, profile?: 'timings'): Promise<QueryAnswer> {
  const r = await post('/ui/api/query', { statement, client_context_id: clientContextId, ...(profile ? { profile } : {}) });
  return (await r.json()) as QueryAnswer;
}

/** Stops a running statement of this session. */
export async function cancel(clientContextId: string): Promise<void> {
  await post('/ui/api/cancel', { client_context_id: clientContextId });
}

export async function logout(): Promise<void> {
  await post('/ui/api/logout', {});
  location.assign('/ui/login');
}

/** The rows of a statement, or an Error with the first error's message. */
export async function rows(statement: string): Promise<unknown[]> {
  const a = await runStatement(statement, newId());
  if (a.errors?.length) throw new Error(`${a.errors[0]!.code}: ${a.errors[0]!.msg}`);
  return a.results ?? [];
}

/** A random client_context_id (crypto.randomUUID needs a secure context; plain http on a LAN address is not one). */
export function newId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
