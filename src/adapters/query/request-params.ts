import { ErrorCode, QueryError, type DurabilityLevel, type Value } from '../../index.js';

/** The parameters of one query service request. */
export interface ServiceRequest {
  statement?: string;
  named: Record<string, Value>;
  positional?: Value[];
  clientContextId?: string;
  /** `timeout` in milliseconds (a Go duration such as `200ms`, `1.5s`, `2m`); 0 = none. */
  timeoutMs?: number;
  /** `memory_quota` in bytes (the parameter is in MB, as the reference's); 0 = none. */
  memoryQuotaBytes?: number;
  /** `max_parallelism`: accepted and checked; tokenql runs each request on one thread. */
  maxParallelism?: number;
  /** `scan_consistency`: accepted and checked; tokenql's indexes are always current (request_plus). */
  scanConsistency?: string;
  /** `profile`: `off` (default), `phases` or `timings` (phases and the plan with each operator's `#stats`). */
  profile?: 'off' | 'phases' | 'timings';
  /** `preserve_expiry` (a boolean, or `true`/`false` in a form). */
  preserveExpiry?: boolean;
  /** `durability_level`: checked; every level is met on one node (docs/merge.md). */
  durabilityLevel?: DurabilityLevel;
  /** `txid`: the transaction the statement belongs to (docs/transactions.md). */
  txid?: string;
  /** `tximplicit`: run the statement as a transaction of its own. */
  tximplicit?: boolean;
  /** `txtimeout` in milliseconds (a Go duration). */
  txtimeoutMs?: number;
  /** `query_context` (`default:bucket.scope`): where unqualified user-defined function names resolve first. */
  queryContext?: string;
}

/** The texts Go's `strconv.ParseBool` reads, as the reference parses a form's boolean. */
const GO_BOOL: Record<string, boolean> = { '1': true, t: true, T: true, true: true, TRUE: true, True: true, '0': false, f: false, F: false, false: false, FALSE: false, False: false };

/** The `durability_level` values the reference accepts (case-insensitive; "" is none). */
const DURABILITY: Record<string, DurabilityLevel> = { '': 'none', none: 'none', majority: 'majority', majorityandpersistactive: 'majorityAndPersistActive', persisttomajority: 'persistToMajority' };

/** The `scan_consistency` values the reference accepts (case-insensitive). */
const SCAN_CONSISTENCY = ['not_bounded', 'request_plus', 'statement_plus', 'at_plus'];

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, 'μs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Milliseconds of a Go duration (`300ms`, `1.5s`, `1m30s`, `0`), as the reference's `timeout`
 * parameter takes it; undefined when malformed.
 */
export function parseDuration(text: string): number | undefined {
  if (text === '0') return 0;
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/gy;
  let total = 0;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    total += Number(m[1]) * UNITS[m[2]!]!;
    at = re.lastIndex;
  }
  return at === text.length && at > 0 ? total : undefined;
}

function typeMismatch(message: string): QueryError {
  return new QueryError({ code: ErrorCode.REQUEST_TYPE_MISMATCH, phase: 'service', message });
}

function badValue(name: string, why: string): QueryError {
  return new QueryError({ code: ErrorCode.BAD_REQUEST_VALUE, phase: 'service', message: `Bad value for parameter ${name}: ${why}` });
}

function parseJsonValue(name: string, text: string): Value {
  try {
    return JSON.parse(text) as Value;
  } catch {
    throw badValue(name, 'not valid JSON');
  }
}

/**
 * Reads `statement`, `args` (positional parameters, a JSON array), `$name` (named parameters),
 * `client_context_id`, `timeout`, `memory_quota`, `max_parallelism` and `scan_consistency`, and the transaction parameters `txid`, `tximplicit`, `txtimeout`, `durability_level` (`txdata`, `txstmtnum`, `kvtimeout` accepted) from a form body (values of `args` and `$name` are JSON text) or a
 * JSON object body (values are JSON already), as the reference's `/query/service` does.
 * Raises QueryError 1040 (E_SERVICE_BAD_VALUE) errors for malformed parameters.
 */
export function readServiceRequest(contentType: string | undefined, body: string, query: URLSearchParams): ServiceRequest {
  const out: ServiceRequest = { named: {} };
  const set = (name: string, value: Value | string, fromForm: boolean) => {
    if (name === 'statement') {
      if (typeof value !== 'string') throw badValue('statement', 'expected a string');
      out.statement = value;
    } else if (name === 'args') {
      const v = fromForm && typeof value === 'string' ? parseJsonValue('args', value) : value;
      if (!Array.isArray(v)) throw badValue('args', 'expected an array');
      out.positional = v;
    } else if (name === 'profile') {
      if (value !== 'off' && value !== 'phases' && value !== 'timings') throw badValue('profile', 'expected off, phases or timings');
      out.profile = value;
    } else if (name === 'query_context') {
      if (typeof value !== 'string') throw typeMismatch('query_context has to be of type string');
      out.queryContext = value;
    } else if (name === 'client_context_id') {
      // Reference: a string only (1070), without `\` or `"` (1110).
      if (typeof value !== 'string') throw typeMismatch('client_context_id has to be of type string');
      if (/[\\"]/.test(value)) throw new QueryError({ code: ErrorCode.CLIENT_ID, phase: 'service', message: 'forbidden character (\\ or ") in client_context_id' });
      out.clientContextId = value;
    } else if (name === 'timeout') {
      if (typeof value !== 'string') throw typeMismatch('timeout has to be of type string');
      const ms = parseDuration(value);
      if (ms === undefined) throw new QueryError({ code: ErrorCode.BAD_REQUEST_VALUE, phase: 'service', message: `Error processing duration - cause: Unable to parse duration: ${value}` });
      out.timeoutMs = ms;
    } else if (name === 'memory_quota' || name === 'max_parallelism') {
      const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : typeof value === 'number' && Number.isInteger(value) ? value : NaN;
      if (Number.isNaN(n) || (name === 'memory_quota' && n < 0)) {
        throw new QueryError({ code: ErrorCode.BAD_REQUEST_VALUE, phase: 'service', message: `Error processing ${name} - cause: ${name} is invalid` });
      }
      if (name === 'memory_quota') out.memoryQuotaBytes = n * 1024 * 1024;
      else out.maxParallelism = n;
    } else if (name === 'scan_consistency') {
      const v = typeof value === 'string' ? value.toLowerCase() : undefined;
      if (v === undefined || !SCAN_CONSISTENCY.includes(v)) {
        throw new QueryError({ code: ErrorCode.REQUEST_UNRECOGNIZED_VALUE, phase: 'service', message: `Unknown scan_consistency value: ${String(value)}` });
      }
      out.scanConsistency = v;
    } else if (name === 'preserve_expiry') {
      // A JSON body takes a boolean (1070); a form the texts Go's ParseBool reads (1040).
      if (!fromForm && typeof value !== 'boolean') throw typeMismatch('preserve_expiry has to be of type boolean');
      const v = typeof value === 'boolean' ? value : GO_BOOL[String(value)];
      if (v === undefined) throw new QueryError({ code: ErrorCode.BAD_REQUEST_VALUE, phase: 'service', message: 'Error processing preserve_expiry - cause: unable to parse tristate as a boolean' });
      out.preserveExpiry = v;
    } else if (name === 'durability_level') {
      const level = typeof value === 'string' ? DURABILITY[value.toLowerCase()] : undefined;
      if (level === undefined) throw new QueryError({ code: ErrorCode.BAD_REQUEST_VALUE, phase: 'service', message: 'Error processing durability_level - cause: durability_level is invalid' });
      out.durabilityLevel = level;
    } else if (name === 'txid') {
      if (typeof value !== 'string') throw typeMismatch('txid has to be of type string');
      out.txid = value;
    } else if (name === 'tximplicit') {
      // Reference: a boolean or its text ("true", "false"), else 1040.
      const b = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
      if (b === undefined) throw new QueryError({ code: ErrorCode.BAD_REQUEST_VALUE, phase: 'service', message: 'Error processing tximplicit - cause: unable to parse tristate as a boolean' });
      out.tximplicit = b;
    } else if (name === 'txtimeout') {
      if (typeof value !== 'string') throw typeMismatch('txtimeout has to be of type string');
      const ms = parseDuration(value);
      if (ms === undefined) throw new QueryError({ code: ErrorCode.BAD_REQUEST_VALUE, phase: 'service', message: `Error processing duration - cause: Unable to parse duration: ${value}` });
      out.txtimeoutMs = ms;
    } else if (name === 'txdata' || name === 'txstmtnum' || name === 'kvtimeout') {
      // Accepted as the reference does; tokenql's transactions need none of them (docs/transactions.md).
    } else if (name.startsWith('$') && name.length > 1) {
      out.named[name.slice(1)] = fromForm && typeof value === 'string' ? parseJsonValue(name, value) : (value as Value);
    }
  };
  for (const [k, v] of query) set(k, v, true);
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('application/json')) {
    if (body.trim() !== '') {
      const parsed = parseJsonValue('request body', body);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badValue('request body', 'expected a JSON object');
      for (const [k, v] of Object.entries(parsed)) set(k, v, false);
    }
  } else if (type.startsWith('application/x-www-form-urlencoded') || type === '') {
    for (const [k, v] of new URLSearchParams(body)) set(k, v, true);
  }
  return out;
}
