import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../index.js';

/** The authenticated user of a public-API request (`GUEST` when guest access is enabled). */
export interface Principal {
  name: string;
  /** How the request authenticated. */
  via: 'bearer' | 'basic' | 'session' | 'guest';
}

/**
 * What the gateway server hands to the route modules of one configured database
 * (spec gateway-reference.md). The server owns authentication; route modules call
 * `requirePrincipal` first and return at once when it answered 401.
 */
export interface GatewayDbContext {
  db: Database;
  /** The database name in the URL (`/{db}/…`). */
  dbName: string;
  /** The tokenql bucket (keyspace) holding the database's documents; N1QL queries see them. */
  bucket: string;
  /**
   * Authenticates the request in the reference's order (Bearer ID token, basic, session cookie,
   * GUEST). On failure it sends the reference's 401 (with `WWW-Authenticate` when the reference
   * sends it) and resolves undefined; the route must then return without replying.
   */
  requirePrincipal(request: FastifyRequest, reply: FastifyReply): Promise<Principal | undefined>;
  /** Logs a line (never a password or a token). */
  log(line: string): void;
}
