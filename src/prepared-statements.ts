import { createHash } from 'node:crypto';
import { implicitName, type Expr, type Statement } from './ast/index.js';
import { statementPrivileges, type PrivilegeNeed } from './ast/privileges.js';
import type { StatementPlan } from './planner/index.js';
import type { ObjectValue, Value } from './values/index.js';

/**
 * Prepared statements as the reference keeps and shows them (couchbase/query `prepareds/`,
 * `plan/prepared.go`, `datastore/system/system_keyspace_prepareds.go`): the name an unnamed
 * PREPARE gets, the PREPARE answer (`operator` under an `Authorize` and a `Stream`,
 * `signature`, `keyspaceReferences`, `text`), and the `system:prepareds` rows with their use
 * counts and times.
 */

/** A prepared statement: its text and statement, its plan serialised (`encoded_plan`), its uses. */
export interface PreparedStatement {
  name: string;
  /** The PREPARE statement's text without FORCE (what `system:prepareds` shows as `statement`). */
  prepareText: string;
  /** The prepared statement's own text. */
  text: string;
  statement: Statement;
  encodedPlan: string;
  /** The decoded plan, reused while every index it scans is online. */
  plan: StatementPlan;
  /** When it was prepared (ms since the epoch). */
  preparedAt: number;
  /** EXECUTEs so far, and their elapsed times (ms). */
  uses: number;
  lastUse?: number;
  elapsed: { total: number; min: number; max: number };
}

/**
 * Prepared statements kept where every query node of a database finds them (the PostgreSQL
 * store's catalogue: storage/postgres/pg-prepared.ts): the PREPARE text under the statement's
 * name, per kind of caller (`restricted`: a server's clients). A node asked to EXECUTE a name it
 * does not hold prepares the saved text again, as the reference's query nodes do.
 */
export interface SharedPrepared {
  save(name: string, restricted: boolean, prepareText: string): void;
  load(name: string, restricted: boolean): string | undefined;
  remove(name: string, restricted: boolean): void;
}

/**
 * The name of an unnamed prepared statement: a name-based (version 5, SHA-1) UUID of its text,
 * so that preparing the same text again (with or without FORCE) names the same statement, as
 * the reference does (it also derives the name from the text).
 */
export function preparedName(prepareText: string): string {
  const h = createHash('sha1').update('tokenql prepared\u0000').update(prepareText).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

/** The reference's privilege numbers (couchbase/query `auth/privileges.go`). */
const PRIV: Record<PrivilegeNeed['privilege'], number> = {
  query_select: 7,
  query_update: 8,
  query_insert: 9,
  query_delete: 10,
  query_build_index: 11,
  query_create_index: 12,
  query_drop_index: 14,
  query_list_index: 15,
  system_read: 4,
  security_write: 6,
  security_admin_write: 6,
};

/**
 * The `Authorize` operator a prepared plan starts with: its privileges as the reference lists
 * them (`{"Priv": n, "Props": 0, "Target": "default:b"}`, `Target` empty for the system
 * catalogue), then the plan followed by `Stream`.
 */
export function authorizeOperator(statement: Statement, plan: ObjectValue): ObjectValue {
  const list = statementPrivileges(statement).map((p) => ({ Priv: PRIV[p.privilege], Props: 0, Target: p.privilege === 'system_read' ? '' : p.keyspace }));
  return { '#operator': 'Authorize', privileges: { List: list }, '~child': { '#operator': 'Sequence', '~children': [plan, { '#operator': 'Stream', serializable: true }] } };
}

/** The static type of a projection term as a signature shows it: `number`, `string`, `boolean`, `array`, `object` or `json`. */
function staticType(e: Expr): string {
  switch (e.kind) {
    case 'Literal':
      return e.value === null ? 'json' : typeof e.value === 'number' ? 'number' : typeof e.value === 'string' ? 'string' : typeof e.value === 'boolean' ? 'boolean' : 'json';
    case 'ArrayConstruct':
      return 'array';
    case 'ObjectConstruct':
      return 'object';
    case 'Binary':
      if (['+', '-', '*', '/', '%'].includes((e as { op: string }).op)) return 'number';
      if ((e as { op: string }).op === '||') return 'string';
      return 'boolean';
    default:
      return 'json';
  }
}

/**
 * The signature of a statement's result (couchbase/query `algebra/select.go` Signature): for a
 * SELECT, each term's name (alias, implicit name, or `$n` numbering the unnamed terms) with its static type and
 * `"*": "*"` for `*` and `path.*`; RAW gives the single term's type; DML gives its RETURNING's
 * signature, and none without one.
 */
export function signatureOf(statement: Statement): Value | undefined {
  let terms: { raw: boolean; terms: import('./ast/index.js').ResultTerm[] } | undefined;
  if (statement.kind === 'Select') {
    let body = statement.body;
    while (body.kind === 'SetOperation') body = body.left;
    terms = { raw: body.raw, terms: body.projection };
  } else if ((statement.kind === 'Insert' || statement.kind === 'Update' || statement.kind === 'Delete') && statement.returning) {
    terms = statement.returning;
  }
  if (!terms) return undefined;
  if (terms.raw) {
    const t = terms.terms[0];
    return t?.kind === 'Term' ? staticType(t.expr) : 'json';
  }
  const out: Record<string, Value> = {};
  let unnamed = 0;
  for (const t of terms.terms) {
    if (t.kind !== 'Term') out['*'] = '*';
    else out[t.alias ?? implicitName(t.expr) ?? `$${++unnamed}`] = staticType(t.expr);
  }
  return out;
}

/** The keyspaces a statement names, as `namespace:path` (`default:customer`, `system:prepareds`). */
export function keyspaceReferences(statement: Statement): string[] {
  const out = new Set<string>();
  const visit = (o: unknown): void => {
    if (Array.isArray(o)) return o.forEach(visit);
    if (!o || typeof o !== 'object') return;
    const r = o as Record<string, unknown>;
    if (Array.isArray(r.path) && r.path.every((p) => typeof p === 'string') && !('kind' in r)) {
      out.add(`${typeof r.namespace === 'string' ? r.namespace : 'default'}:${(r.path as string[]).join('.')}`);
    }
    for (const v of Object.values(r)) visit(v);
  };
  visit(statement);
  return [...out];
}

/** The `system:prepareds` row of a prepared statement. */
export function preparedRow(p: PreparedStatement): ObjectValue {
  const row: ObjectValue = {
    encoded_plan: p.encodedPlan,
    keyspaceReferences: keyspaceReferences(p.statement),
    name: p.name,
    namespace: 'default',
    planPreparedTime: new Date(p.preparedAt).toISOString(),
    statement: p.prepareText,
    uses: p.uses,
  };
  if (p.lastUse !== undefined) {
    row.lastUse = new Date(p.lastUse!).toISOString();
    row.avgElapsedTime = goDuration(p.elapsed.total / Math.max(1, p.uses));
    row.minElapsedTime = goDuration(p.elapsed.min);
    row.maxElapsedTime = goDuration(p.elapsed.max);
  }
  return row;
}

/** Records the time of an EXECUTE of a prepared statement (`uses` was counted when it started). */
export function recordUse(p: PreparedStatement, ms: number): void {
  p.lastUse = Date.now();
  p.elapsed.total += ms;
  p.elapsed.min = p.elapsed.max === 0 ? ms : Math.min(p.elapsed.min, ms);
  p.elapsed.max = Math.max(p.elapsed.max, ms);
}

function goDuration(ms: number): string {
  if (ms < 1) return `${Number((ms * 1000).toFixed(3))}µs`;
  if (ms < 1000) return `${Number(ms.toFixed(3))}ms`;
  return `${Number((ms / 1000).toFixed(6))}s`;
}
