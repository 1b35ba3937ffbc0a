import { createHash, randomUUID } from 'node:crypto';
import { ErrorCode, evaluationError, QueryError } from './errors/index.js';
import type { ObjectValue, Value } from './values/index.js';

/**
 * Index advisor sessions (`ADVISOR({"action": "start" | "stop" | "abort" | "get" | "purge" |
 * "list", …})`, couchbase/query `expression/func_advisor.go` and the Couchbase ADVISOR
 * documentation): a session collects the statements the database completes for a while
 * (`duration`), at most `query_count` of them and only those that ran at least `response`,
 * then runs the index advisor over them; its task is listed in `system:tasks_cache` (class
 * `advisor`, subClass `analyze`) as `scheduled` and then `completed` with the advice in
 * `results`. Sessions live in the process's memory, as the reference's tasks cache.
 */

/** What a session's analysis runs: the ADVISOR report for statements with their run counts. */
export type AdviseStatements = (statements: Map<string, number>) => Value;

interface Session {
  id: string;
  name: string;
  delayMs: number;
  delayText: string;
  queryContext: string;
  submitTime: string;
  startTime?: string;
  stopTime?: string;
  state: 'scheduled' | 'completed' | 'cancelled';
  responseMs: number;
  queryCount: number;
  collected: Map<string, number>;
  total: number;
  timer?: ReturnType<typeof setTimeout>;
  results?: Value[];
}

/** The statements the advisor reads: SELECT, UPDATE, DELETE and MERGE, not calls of ADVISOR itself. */
const ADVISABLE = /^\s*(select|update|delete|merge|with)\b/i;

/** A Go duration string (`300ms`, `1.5s`, `10m`, `1h30m`) in milliseconds; undefined when it is not one. */
export function parseGoDuration(s: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let at = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    total += Number(m[1]) * units[m[2]!]!;
    at = re.lastIndex;
  }
  const sign = s.startsWith('-') ? -1 : 1;
  if (sign < 0 || s.startsWith('+')) return parseGoDuration(s.slice(1)) === undefined ? undefined : sign * parseGoDuration(s.slice(1))!;
  return at === s.length && s.length > 0 ? total : s === '0' ? 0 : undefined;
}

/** 5010 "Error evaluating projection" with the advisor's own error as its reason. */
const advisorReason = (code: number, message: string) => evaluationError('Error evaluating projection', new QueryError({ code, phase: 'execution', message }));

/** 5010 "Error evaluating projection - cause: …" (the reference's wording for a bad argument). */
const causeError = (cause: string) => evaluationError(`Error evaluating projection - cause: ${cause}`);
const invalidArgument = (name: string) => causeError(`advisor() not valid argument for '${name}'`);

/** A duration argument in ms; raises the reference's errors for a wrong type or text. */
function durationArg(v: Value, name: string, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'string') throw invalidArgument(name);
  const ms = parseGoDuration(v);
  if (ms === undefined) throw causeError(`time: invalid duration ${JSON.stringify(v)}`);
  return ms;
}

/** The advisor sessions of one database. */
export class AdvisorSessions {
  private readonly sessions = new Map<string, Session>();

  /** @param analyze runs the advisor over a session's statements when it ends. */
  constructor(private readonly analyze: AdviseStatements) {}

  /**
   * Runs one session action (the object form of ADVISOR). Returns the reference's answer:
   * `{"session": id}` for start, the advice list for get, the task rows for list, `[]` otherwise.
   * @throws QueryError 5010 caused by 10501 "Advisor: Invalid value for 'action'" or
   *   10500 "Advisor: Session not found." (stop of an unknown session)
   */
  action(arg: ObjectValue, queryContext = ''): Value {
    if (arg.action === undefined) throw advisorReason(ErrorCode.ADVISOR_ACTION_MISSING, "Advisor: missing argument for 'action'");
    const action = typeof arg.action === 'string' ? arg.action.toLowerCase() : undefined;
    const session = (): Session | undefined => {
      if (typeof arg.session !== 'string') throw invalidArgument('session');
      return this.sessions.get(arg.session);
    };
    switch (action) {
      case 'start':
        return { session: this.start(arg, queryContext) };
      case 'stop': {
        const s = session();
        if (!s) throw advisorReason(ErrorCode.ADVISOR_SESSION_NOT_FOUND, 'Advisor: Session not found.');
        if (s.state === 'scheduled') this.complete(s);
        return [];
      }
      case 'abort': {
        const s = session();
        if (s) {
          clearTimeout(s.timer);
          this.sessions.delete(s.name);
        }
        return [];
      }
      case 'purge': {
        const s = session();
        if (s && s.state !== 'scheduled') this.sessions.delete(s.name);
        return [];
      }
      case 'get':
        return session()?.results ?? [];
      case 'list': {
        const status = arg.status === undefined ? 'all' : typeof arg.status === 'string' ? arg.status.toLowerCase() : '';
        if (!['all', 'active', 'completed'].includes(status)) throw invalidArgument('status');
        return this.rows()
          .filter((r) => status === 'all' || (status === 'active' ? r.state === 'scheduled' : r.state === status))
          .map((r) => ({ tasks_cache: r }));
      }
      default:
        throw advisorReason(ErrorCode.ADVISOR_INVALID_ACTION, "Advisor: Invalid value for 'action'");
    }
  }

  /** Counts a finished request's statement in every collecting session it qualifies for. */
  record(statement: string, elapsedMs: number): void {
    if (!ADVISABLE.test(statement) || /\badvisor\s*\(/i.test(statement)) return;
    for (const s of this.sessions.values()) {
      if (s.state !== 'scheduled' || elapsedMs < s.responseMs || s.total >= s.queryCount) continue;
      s.collected.set(statement, (s.collected.get(statement) ?? 0) + 1);
      s.total++;
    }
  }

  /** Rows of `system:tasks_cache`, in submission order (fields in name order, as the reference prints them). */
  rows(): ObjectValue[] {
    return [...this.sessions.values()].map((s) => ({
      class: 'advisor',
      delay: s.delayText,
      id: s.id,
      name: s.name,
      queryContext: s.queryContext,
      ...(s.results ? { results: s.results } : {}),
      ...(s.startTime ? { startTime: s.startTime } : {}),
      state: s.state,
      ...(s.stopTime ? { stopTime: s.stopTime } : {}),
      subClass: 'analyze',
      submitTime: s.submitTime,
    }));
  }

  /** Stops every session's timer (the database closes). */
  close(): void {
    for (const s of this.sessions.values()) clearTimeout(s.timer);
  }

  private start(arg: ObjectValue, queryContext: string): string {
    const delayMs = Math.max(0, durationArg(arg.duration, 'duration'));
    const responseMs = durationArg(arg.response, 'response', 0);
    if (arg.query_count !== undefined && typeof arg.query_count !== 'number') throw invalidArgument('query_count');
    const queryCount = typeof arg.query_count === 'number' && arg.query_count > 0 ? Math.floor(arg.query_count) : 20000;
    const name = randomUUID();
    // The task id is derived from the session name (a name-based UUID), as the tasks cache keys it.
    const h = createHash('sha1').update(name).digest('hex');
    const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
    const s: Session = {
      id,
      name,
      delayMs,
      delayText: arg.duration as string,
      queryContext,
      submitTime: new Date().toISOString(),
      state: 'scheduled',
      responseMs,
      queryCount,
      collected: new Map(),
      total: 0,
    };
    s.timer = setTimeout(() => this.complete(s), delayMs);
    s.timer.unref?.();
    this.sessions.set(name, s);
    return name;
  }

  private complete(s: Session): void {
    clearTimeout(s.timer);
    s.startTime = new Date().toISOString();
    s.results = [s.collected.size ? this.analyze(s.collected) : []];
    s.stopTime = new Date().toISOString();
    s.state = 'completed';
  }
}
