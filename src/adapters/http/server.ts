/**
 * Shared HTTP plumbing for the adapters (DESIGN §6): one fastify instance per listener, the raw
 * request body kept as a string (each adapter decides how to read it), one log line per request
 * (method, path without the query string, status, time, user name — never a password or an
 * Authorization header), a last-resort error handler, and start/stop on a host and port.
 */
import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  /** Receives one line per request and error lines; nothing is logged without it. */
  log?: (line: string, level: LogLevel) => void;
  /** Level of the per-request lines (default `info`). */
  requestLogLevel?: LogLevel;
  /** Largest accepted request body in bytes (default 1 MiB); a longer one gets 413. */
  bodyLimit?: number;
  /**
   * The JSON body of the errors no route answers itself: a body over {@link bodyLimit} (413), a
   * malformed URL such as `/db/%zz` (400), an unexpected exception (500, message `internal
   * error`). Default `{"error": message}`; an adapter passes its reference's error shape.
   */
  errorBody?: (status: number, message: string) => unknown;
  /**
   * The Content-Type of the JSON and text answers ({@link sendJson}, {@link sendText}). Default
   * fastify's, `application/json; charset=utf-8` and `text/plain; charset=utf-8`; an adapter
   * whose reference sends a bare `application/json` passes it (gateway spec §0).
   */
  contentTypes?: Partial<ReplyTypes>;
  /**
   * Longest path parameter the router matches (default 1024 characters); a longer one gets 400
   * before any route runs, with the whole URL in the reason.
   */
  maxParamLength?: number;
  /**
   * Longest time a client may take to send a whole request, headers and body, in ms (default
   * 30 000): a slow body (slowloris) is answered 408 and its connection closed. Checked every
   * second. Work after the request arrived (a long query) is not limited by it.
   */
  requestTimeoutMs?: number;
  /** Longest time for the request headers, in ms (default 10 000). */
  headersTimeoutMs?: number;
  /** Longest idle time of a keep-alive connection between requests, in ms (default 5 000, Node's). */
  keepAliveTimeoutMs?: number;
}

/** Content-Type values of an app's answers (HttpAppOptions.contentTypes). */
export interface ReplyTypes {
  json: string;
  text: string;
}

const DEFAULT_TYPES: ReplyTypes = { json: 'application/json; charset=utf-8', text: 'text/plain; charset=utf-8' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated user's name, for the request log (set by the adapter's auth step). */
    logUser?: string;
  }
  interface FastifyInstance {
    /** The Content-Type values of {@link sendJson} and {@link sendText} (set by {@link createHttpApp}). */
    replyTypes: ReplyTypes;
  }
}

/** The raw body of a request as text ('' when there is none). */
export function rawBody(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : '';
}

/** The path of a request without its query string. */
export function pathOf(request: FastifyRequest): string {
  const q = request.url.indexOf('?');
  return q < 0 ? request.url : request.url.slice(0, q);
}

/** The query string of a request as URLSearchParams (`get` returns the first value of a key). */
export function queryOf(request: FastifyRequest): URLSearchParams {
  const q = request.url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : request.url.slice(q + 1));
}

/**
 * Sends a body with exactly this Content-Type: fastify appends `; charset=utf-8` to a JSON or
 * text type sent with a string, never to one sent with a Buffer.
 */
function sendTyped(reply: FastifyReply, status: number, type: string, text: string): FastifyReply {
  return reply.code(status).header('content-type', type).send(Buffer.from(text, 'utf8'));
}

/** Sends a plain-text answer, with the app's text Content-Type. */
export function sendText(reply: FastifyReply, status: number, text: string): FastifyReply {
  return sendTyped(reply, status, reply.server.replyTypes.text, text);
}

/** Sends a JSON answer serialised with JSON.stringify (key order kept), with the app's JSON Content-Type. */
export function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return sendTyped(reply, status, reply.server.replyTypes.json, JSON.stringify(body));
}

/** Creates a fastify instance with the shared plumbing; the adapter adds its routes. */
export function createHttpApp(options: HttpAppOptions = {}): FastifyInstance {
  const errorBody = options.errorBody ?? ((_status: number, message: string): unknown => ({ error: message }));
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? 10_000, requestTimeout);
  const app = Fastify({
    logger: false,
    // Node's own checks of slow requests, run every second instead of every 30 s.
    serverFactory: (handler) => createServer({ requestTimeout, headersTimeout, connectionsCheckingInterval: 1000, keepAliveTimeout: options.keepAliveTimeoutMs ?? 5000 }, handler),
    bodyLimit: options.bodyLimit ?? 1 << 20,
    forceCloseConnections: true,
    // A path parameter may be a 250-character document id or a 239-byte user name (fastify's
    // default limit, 100 characters, answered 400 for ids the bulk routes accept).
    routerOptions: { maxParamLength: options.maxParamLength ?? 1024 },
    // A path with a malformed percent-escape, answered before any route or hook runs.
    frameworkErrors: (err, _request, reply) => sendJson(reply, 400, errorBody(400, err.message)),
  });
  app.decorate('replyTypes', { ...DEFAULT_TYPES, ...options.contentTypes });
  // Every body is kept as text whatever its content type: the adapters parse it themselves
  // (the cluster admin API reads only form bodies and ignores the others, spec §0.5).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  const log = options.log;
  const level = options.requestLogLevel ?? 'info';
  if (log) {
    app.addHook('onResponse', async (request, reply) => {
      const ms = reply.elapsedTime.toFixed(1);
      log(`${request.method} ${pathOf(request)} ${reply.statusCode} ${ms}ms user=${request.logUser ?? '-'}`, level);
    });
  }
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) log?.(`error in ${request.method} ${pathOf(request)}: ${err.stack ?? err.message}`, 'error');
    return sendJson(reply, status, errorBody(status, status === 500 ? 'internal error' : err.message));
  });
  return app;
}

/** A started listener. */
export interface Listener {
  /** `http://host:port` with the port actually bound. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts listening on `host` (default 127.0.0.1) and `port` (0 = any free port). */
export async function listen(app: FastifyInstance, host = '127.0.0.1', port = 0): Promise<Listener> {
  await app.listen({ host, port });
  const address = app.server.address();
  const bound = typeof address === 'object' && address !== null ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shownHost}:${bound}`, port: bound, close: () => app.close() };
}
