/**
 * `tokenql/client`: replicate a remote gateway database into a local tokenql database
 * (docs/client.md).
 */
export { BasicAuthenticator, SessionAuthenticator, DEFAULT_COOKIE_NAME, type Authenticator } from './authenticators.js';
export { Replicator, type ReplicatorConfig, type ReplicatorStatus, type ReplicatorType, type ActivityLevel, type DocumentReplication } from './replicator.js';
export { HttpError, type ReplicatorErrorInfo, type RetryOptions } from './http.js';
export { sessionFromIdToken, type GatewaySession } from './id-token.js';
export type { RevRecord } from './local.js';
