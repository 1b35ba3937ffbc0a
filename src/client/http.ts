/**
 * The replicator's HTTP layer: `fetch` with a cookie jar, the authenticators' rules
 * (authenticators.ts) and retry with exponential backoff on network errors and transient
 * statuses (spec gateway-client.md §4, `C4Error::mayBeTransient`: only 408, 429, 502, 503 and
 * 504 are transient; 401, 403 and every other 5xx are permanent).
 */
import { DEFAULT_COOKIE_NAME, type Authenticator } from './authenticators.js';
import { parseSetCookie } from './cookies.js';

/** Backoff settings: the first delay, the cap, and the number of attempts per request. */
export interface RetryOptions {
  initialDelayMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
}

/** The replicator's error as the application sees it, e.g. `{ status: 401, message: 'Unauthorized' }`. */
export interface ReplicatorErrorInfo {
  status: number;
  message: string;
  /** The gateway's `reason` (e.g. `Session Invalid`) when it sent one. */
  reason?: string;
}

/** A permanent HTTP failure (or transient retries exhausted); status 0 is a network error. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly label: string,
    readonly reason?: string,
  ) {
    super(reason ? `${status} ${label}: ${reason}` : `${status} ${label}`);
  }
  /** The error as `status.error` shows it. */
  info(): ReplicatorErrorInfo {
    const info: ReplicatorErrorInfo = { status: this.status, message: this.label };
    if (this.reason !== undefined) info.reason = this.reason;
    return info;
  }
}

/** Raised when the replicator was stopped while a request was running or waiting. */
export class StoppedError extends Error {}

const STATUS_TEXT: Record<number, string> = {
  ...{ 0: 'Network Error', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 408: 'Request Timeout', 409: 'Conflict' },
  ...{ 429: 'Too Many Requests', 500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable' },
  ...{ 504: 'Gateway Timeout', 505: 'HTTP Version Not Supported' },
};

/** The statuses retried with backoff: Couchbase Lite's transient HTTP statuses (gateway-client.md §4). */
const TRANSIENT = new Set([408, 429, 502, 503, 504]);
const isTransient = (status: number): boolean => TRANSIENT.has(status);
/** Statuses that end the request with an error: the permanent 401, 403 and 5xx, and the transient ones. */
const isFailure = (status: number): boolean => status === 401 || status === 403 || status >= 500 || isTransient(status);

/** The answer of a request: status and parsed JSON body (undefined when empty or not JSON). */
export interface HttpAnswer {
  status: number;
  body: any; // wire JSON, checked by the callers
}

/** Parses a body as JSON (undefined when empty or not JSON). */
function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A gateway URL as plain HTTP: `ws:`/`wss:` become `http:`/`https:`, trailing slashes dropped. */
export function httpUrl(url: string): string {
  return url.replace(/^ws(s?):/, 'http$1:').replace(/\/+$/, '');
}

/** One request: its status, JSON body and Set-Cookie headers; HttpError(0, 'Network Error') when it cannot be made. */
export async function fetchAnswer(url: string, init: RequestInit): Promise<HttpAnswer & { setCookies: string[] }> {
  let response: Response, text: string;
  try {
    response = await fetch(url, init);
    text = await response.text();
  } catch (e) {
    throw new HttpError(0, 'Network Error', (e as Error).message);
  }
  return { status: response.status, body: parseJson(text), setCookies: response.headers.getSetCookie() };
}

/** Hooks of {@link GatewayHttp}. */
export interface HttpHooks {
  /** Called before each backoff wait. */
  onRetry?(error: HttpError, attempt: number, delayMs: number): void;
  /** Called when a request succeeds after at least one retry. */
  onRecovered?(): void;
  /** Aborts running requests and waits. */
  signal?: AbortSignal;
}

/** HTTP access to one remote database (`http://host:port/{db}`). */
export class GatewayHttp {
  private readonly jar = new Map<string, string>();
  private basicOnEveryRequest = false;
  private readonly retry: Required<RetryOptions>;

  /** @param dbUrl the database URL as {@link httpUrl} gives it (the Replicator passes it so) */
  constructor(
    readonly dbUrl: string,
    readonly authenticator: Authenticator | undefined,
    retry: RetryOptions = {},
    private readonly hooks: HttpHooks = {},
  ) {
    this.retry = { initialDelayMs: retry.initialDelayMs ?? 1000, maxDelayMs: retry.maxDelayMs ?? 60_000, maxAttempts: retry.maxAttempts ?? 10 };
  }

  /** A request that must succeed (2xx); other statuses raise {@link HttpError}. */
  async ok(method: string, path: string, body?: unknown): Promise<any> {
    const res = await this.request(method, path, body);
    if (res.status >= 300) throw errorOf(res);
    return res.body;
  }

  /**
   * Sends a request, retrying transient failures (network errors, 408, 429, 502, 503, 504) with
   * backoff. 401, 403 and the other 5xx raise {@link HttpError} at once; other statuses are
   * returned. With a BasicAuthenticator a 401 on a cookie request logs in again once and repeats
   * the request.
   */
  async request(method: string, path: string, body?: unknown): Promise<HttpAnswer> {
    let delay = this.retry.initialDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.authenticated(method, path, body);
        if (attempt > 1) this.hooks.onRecovered?.();
        return res;
      } catch (e) {
        if (!(e instanceof HttpError) || !(e.status === 0 || isTransient(e.status))) throw e;
        if (attempt >= this.retry.maxAttempts) throw e;
        this.hooks.onRetry?.(e, attempt, delay);
        await sleep(delay, this.hooks.signal);
        delay = Math.min(delay * 2, this.retry.maxDelayMs);
      }
    }
  }

  private async authenticated(method: string, path: string, body: unknown): Promise<HttpAnswer> {
    const auth = this.authenticator;
    if (auth?.kind === 'basic' && !this.basicOnEveryRequest && !this.jar.has(DEFAULT_COOKIE_NAME)) await this.login();
    let res = await this.send(method, path, body);
    if (res.status === 401 && auth?.kind === 'basic' && !this.basicOnEveryRequest) {
      this.jar.delete(DEFAULT_COOKIE_NAME);
      await this.login();
      res = await this.send(method, path, body);
    }
    if (isFailure(res.status)) throw errorOf(res);
    return res;
  }

  /** BasicAuthenticator: `POST /{db}/_session` with the credentials, keeping the Set-Cookie. */
  private async login(): Promise<void> {
    const auth = this.authenticator;
    if (auth?.kind !== 'basic') return;
    const res = await this.send('POST', '/_session', undefined, auth.authorization());
    if (res.status >= 300) throw errorOf(res);
    // A server that sets no cookie on login gets the credentials on every request instead.
    if (!this.jar.has(DEFAULT_COOKIE_NAME)) this.basicOnEveryRequest = true;
  }

  private async send(method: string, path: string, body: unknown, authorization?: string): Promise<HttpAnswer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const auth = this.authenticator;
    if (authorization !== undefined) headers.authorization = authorization;
    else if (auth?.kind === 'basic' && this.basicOnEveryRequest) headers.authorization = auth.authorization();
    const cookie = this.cookieHeader();
    if (cookie !== '' && authorization === undefined) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.hooks.signal?.aborted) throw new StoppedError('stopped');
    let answer: HttpAnswer & { setCookies: string[] };
    try {
      answer = await fetchAnswer(this.dbUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: this.hooks.signal });
    } catch (e) {
      if (this.hooks.signal?.aborted) throw new StoppedError('stopped');
      throw e;
    }
    this.storeCookies(answer.setCookies);
    return { status: answer.status, body: answer.body };
  }

  /** The session authenticator's cookie first, then the jar's other cookies (names case-sensitive). */
  private cookieHeader(): string {
    const auth = this.authenticator;
    const parts: string[] = [];
    if (auth?.kind === 'session') parts.push(`${auth.cookieName}=${auth.sessionId}`);
    for (const [name, value] of this.jar) if (!(auth?.kind === 'session' && name === auth.cookieName)) parts.push(`${name}=${value}`);
    return parts.join('; ');
  }

  private storeCookies(setCookies: string[]): void {
    for (const c of setCookies.map(parseSetCookie)) {
      if (c === undefined) continue;
      if (c.value === '' || (c.expires !== undefined && c.expires.getTime() <= Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
  }
}

/** The {@link HttpError} of a failed answer (`reason` from the gateway's `{error, reason}` body). */
export function errorOf(res: HttpAnswer): HttpError {
  const reason = typeof res.body?.reason === 'string' ? (res.body.reason as string) : undefined;
  return new HttpError(res.status, STATUS_TEXT[res.status] ?? (typeof res.body?.error === 'string' ? res.body.error : 'HTTP Error'), reason);
}

/** Waits `ms`, rejecting with {@link StoppedError} when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new StoppedError('stopped'));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new StoppedError('stopped'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
