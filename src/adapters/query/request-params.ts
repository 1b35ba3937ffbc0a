import { ErrorCode, QueryError, type Value } from '../../index.js';

/** The parameters of one query service request. */
export interface ServiceRequest {
  statement?: string;
  named: Record<string, Value>;
  positional?: Value[];
  clientContextId?: string;
  /** `profile`: `off` (default) or `phases` (`timings` is read as `phases`: per-operator times are not measured). */
  profile?: 'off' | 'phases';
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
 * Reads `statement`, `args` (positional parameters, a JSON array), `$name` (named parameters)
 * and `client_context_id` from a form body (values of `args` and `$name` are JSON text) or a
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
      out.profile = value === 'off' ? 'off' : 'phases';
    } else if (name === 'client_context_id') {
      out.clientContextId = String(value);
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
