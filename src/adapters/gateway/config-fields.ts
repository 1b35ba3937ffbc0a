/**
 * Field checks of the gateway configuration (spec gateway-reference.md §6; seed area A
 * "Configuration file"): typed readers whose errors name the key path, the user entries and the
 * OIDC providers (§5.6: a name with `_` is refused; unlike the reference, a provider without
 * `issuer` or `client_id` is an error rather than skipped).
 */
import type { ConfigUser, OidcProviderConfig } from './config.js';

export class ConfigError extends Error {
  constructor(key: string, message: string) {
    super(`gateway config: ${key}: ${message}`);
    this.name = 'ConfigError';
  }
}

export type Obj = Record<string, unknown>;

export function object(v: unknown, key: string): Obj {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ConfigError(key, 'must be a JSON object');
  return v as Obj;
}
export function onlyKeys(o: Obj, key: string, allowed: string[]): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) throw new ConfigError(`${key}.${k}`, `unknown key (allowed: ${allowed.join(', ')})`);
}
export function str(v: unknown, key: string, nonEmpty = false): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || (nonEmpty && v === '')) throw new ConfigError(key, nonEmpty ? 'must be a non-empty string' : 'must be a string');
  return v;
}
export function bool(v: unknown, key: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new ConfigError(key, 'must be true or false');
  return v;
}
export function strings(v: unknown, key: string): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw new ConfigError(key, 'must be an array of strings');
  return v as string[];
}
export function positive(v: unknown, key: string, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !(v > 0)) throw new ConfigError(key, 'must be a positive number');
  return v;
}

/** Splits `host:port` (`:port` = every interface, `[::1]:port` for IPv6). */
export function parseInterface(value: string, key: string): { host: string; port: number } {
  const m = /^(\[[^\]]*\]|[^:]*):(\d+)$/.exec(value);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65535) throw new ConfigError(key, `"${value}" is not host:port`);
  const host = m[1]!.replace(/^\[|\]$/g, '');
  return { host: host === '' ? '0.0.0.0' : host, port };
}

export function user(v: unknown, key: string): ConfigUser {
  const o = object(v, key);
  onlyKeys(o, key, ['password', 'disabled', 'admin_channels', 'admin_roles', 'email', 'name']);
  return {
    password: str(o.password, `${key}.password`),
    disabled: bool(o.disabled, `${key}.disabled`),
    admin_channels: strings(o.admin_channels, `${key}.admin_channels`),
    admin_roles: strings(o.admin_roles, `${key}.admin_roles`),
    email: str(o.email, `${key}.email`),
  };
}

export function providers(v: unknown, key: string): OidcProviderConfig[] {
  if (v === undefined) return [];
  const oidc = object(v, key);
  onlyKeys(oidc, key, ['providers', 'default_provider']);
  const list = Object.entries(object(oidc.providers, `${key}.providers`)).map(([label, raw]) => {
    const k = `${key}.providers.${label}`;
    if (label.includes('_')) throw new ConfigError(k, 'provider names may not contain "_"');
    const p = object(raw, k);
    onlyKeys(p, k, ['issuer', 'client_id', 'register', 'username_claim', 'user_prefix', 'discovery_url', 'validation_key', 'callback_url']);
    const issuer = str(p.issuer, `${k}.issuer`, true);
    const clientId = str(p.client_id, `${k}.client_id`, true);
    if (issuer === undefined) throw new ConfigError(`${k}.issuer`, 'is required');
    if (clientId === undefined) throw new ConfigError(`${k}.client_id`, 'is required');
    return {
      label, issuer, client_id: clientId,
      register: bool(p.register, `${k}.register`) ?? false,
      username_claim: str(p.username_claim, `${k}.username_claim`) || undefined,
      user_prefix: str(p.user_prefix, `${k}.user_prefix`) || undefined,
      discovery_url: str(p.discovery_url, `${k}.discovery_url`, true),
    };
  });
  if (list.length === 0) throw new ConfigError(`${key}.providers`, 'OpenID Connect defined in config, but no valid providers specified');
  return list;
}

