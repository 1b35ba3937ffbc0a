/**
 * The gateway adapter (DESIGN §6, spec gateway-reference.md): users, sessions, Basic, session
 * cookies and OpenID Connect (implicit flow) in front of a tokenql store; docs/gateway.md.
 *
 * ```ts
 * const gw = await startGateway({ config: 'gateway.json', registerDocumentRoutes });
 * // curl -X POST http://127.0.0.1:4985/db/_user/ -d '{"name":"alice","password":"letmein"}'
 * await gw.close();
 * ```
 */
export { startGateway, redact, type Gateway, type GatewayOptions } from './server.js';
export { parseGatewayConfig, loadGatewayConfig, ConfigError, type GatewayConfig, type DatabaseConfig, type OidcProviderConfig } from './config.js';
export type { OidcOptions } from './oidc.js';
export { oidcUsername } from './oidc-username.js';
export type { GatewayDbContext, Principal } from './context.js';
