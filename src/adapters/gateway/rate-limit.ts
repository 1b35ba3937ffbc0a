/**
 * The gateway's failed-login limiter (an addition: the reference has none, spec
 * gateway-reference.md §7): {@link LoginLimiter} keyed by database, user name and client
 * address, configured by the database's `login_rate_limit`. Attempts are counted before the
 * password hash is checked, so concurrent attempts cannot bypass `max_failures`.
 */
export { LoginLimiter } from '../http/login-limiter.js';
