/**
 * gateway-scenarios.md F (OIDC implicit flow) against a real OpenID provider on loopback
 * (discovery document + JWKS, RS256 keys made with jose).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcUsername } from '../../../src/adapters/gateway/index.js';
import { cookiePair, startFixture, type Fixture } from './helpers.js';

type Key = Awaited<ReturnType<typeof generateKeyPair>>;
interface Provider {
  issuer: string;
  jwks: JWK[];
  jwksFetches: number;
  discoveryFetches: number;
  /** Delay of the JWKS answer (ms). */
  jwksDelayMs: number;
  /** Discovery answers 503 until this time (ms since the epoch). */
  downUntil: number;
  /** The discovery document's `id_token_signing_alg_values_supported` (left out when undefined). */
  algs?: string[];
  server: Server;
}

async function startProvider(path: string): Promise<Provider> {
  const p = { issuer: '', jwks: [] as JWK[], jwksFetches: 0, discoveryFetches: 0, jwksDelayMs: 0, downUntil: 0, algs: ['RS256'] } as Provider;
  p.server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === `${path}/.well-known/openid-configuration`) {
      p.discoveryFetches++;
      if (Date.now() < p.downUntil) {
        res.statusCode = 503;
        res.end('{}');
        return;
      }
      res.end(JSON.stringify({ issuer: p.issuer, jwks_uri: `${p.issuer}/jwks`, id_token_signing_alg_values_supported: p.algs, response_types_supported: ['id_token'], subject_types_supported: ['public'] }));
    } else if (req.url === `${path}/jwks`) {
      p.jwksFetches++;
      const body = JSON.stringify({ keys: p.jwks });
      setTimeout(() => res.end(body), p.jwksDelayMs);
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => p.server.listen(0, '127.0.0.1', r));
  p.issuer = `http://127.0.0.1:${(p.server.address() as AddressInfo).port}${path}`;
  return p;
}

let prov: Provider;
let keyA: Key;
let keyB: Key;
let f: Fixture;
const now = () => Math.floor(Date.now() / 1000);

async function token(claims: JWTPayload, opts: { key?: Key; kid?: string | null; iss?: string } = {}): Promise<string> {
  const kid = opts.kid === null ? {} : { kid: opts.kid ?? 'kid' };
  return new SignJWT({ aud: ['aud1', 'aud2', 'aud3', 'baz'], sub: 'noah', email: 'noah@foo.com', exp: now() + 300, ...claims })
    .setProtectedHeader({ alg: 'RS256', ...kid })
    .setIssuer(opts.iss ?? prov.issuer)
    .sign((opts.key ?? keyA).privateKey);
}

const provider = (extra: Record<string, unknown> = {}) => ({ issuer: prov.issuer, client_id: 'baz', ...extra });

beforeAll(async () => {
  prov = await startProvider('/foo');
  keyA = await generateKeyPair('RS256', { extractable: true });
  keyB = await generateKeyPair('RS256', { extractable: true });
  prov.jwks = [{ ...(await exportJWK(keyA.publicKey)), kid: 'kid', alg: 'RS256', use: 'sig' }];
  f = await startFixture(
    { oidc: { providers: { foo: provider({ register: true, user_prefix: 'foo' }) } } },
    { more: {
      noreg: { oidc: { providers: { foo: provider({ register: false, user_prefix: 'foo' }) } } },
      claim: { oidc: { providers: { foo: provider({ register: true, username_claim: 'gpid' }) } } },
      claimprefix: { oidc: { providers: { foo: provider({ register: true, username_claim: 'gpid', user_prefix: 'foo' }) } } },
      claimnoreg: { oidc: { providers: { foo: provider({ register: false, username_claim: 'gpid' }) } } },
      plain: { oidc: { providers: { foo: provider({ register: true }) } } },
      keyspace: { oidc: { providers: { foo: provider({ register: true }) } } },
      nopw: { disable_password_auth: true, oidc: { providers: { foo: provider({ register: true }) } } },
    } },
  );
});
afterAll(async () => {
  await f.close();
  await new Promise((r) => prov.server.close(r));
});

const GOOD_BODY = { authentication_handlers: ['default', 'cookie'], ok: true, userCtx: { channels: { '!': 1 }, name: 'foo_noah' } };

describe('F. OIDC implicit flow', () => {
  it('65: register:true, POST /_session with Bearer gives the session body and cookie; Bearer works directly', async () => {
    const t = await token({});
    const r = await f.pub('POST', '/db/_session', { bearer: t, body: {} });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json'); // exactly (§0, S65)
    expect(r.text).toBe(JSON.stringify(GOOD_BODY));
    const c = cookiePair(r);
    expect(c).toMatch(/^GatewaySession=[0-9a-f]{40}$/);
    expect((await f.pub('PUT', '/db/doc65', { cookie: c })).status).toBe(201);
    expect((await f.pub('PUT', '/db/doc65b', { bearer: t })).status).toBe(201);
    const u = (await f.admin('GET', '/db/_user/foo_noah')).json();
    expect(u).toMatchObject({ name: 'foo_noah', email: 'noah@foo.com', jwt_issuer: prov.issuer });
  });

  it('18: a body copied from GET /_user/{oidc user} (jwt_* included) can be PUT back unchanged', async () => {
    await f.pub('GET', '/db/_session', { bearer: await token({}) });
    const body = (await f.admin('GET', '/db/_user/foo_noah')).json();
    expect(body).toMatchObject({ jwt_issuer: prov.issuer, jwt_roles: [], jwt_channels: [], all_channels: ['!'] });
    expect((await f.admin('PUT', '/db/_user/foo_noah', { body })).status).toBe(200);
    expect((await f.admin('GET', '/db/_user/foo_noah')).json()).toEqual(body);
    const { jwt_issuer: _omitted, ...withoutIssuer } = body;
    expect((await f.admin('PUT', '/db/_user/foo_noah', { body: withoutIssuer })).status).toBe(200);
    expect((await f.admin('GET', '/db/_user/foo_noah')).json()).toEqual(body);
  });

  it('66-67: register:false', async () => {
    const t = await token({});
    const r = await f.pub('POST', '/noreg/_session', { bearer: t, body: {} });
    expect([r.status, r.json().reason, r.headers.get('www-authenticate')]).toEqual([401, 'Invalid login', null]);
    await f.admin('PUT', '/noreg/_user/foo_noah', { body: { password: 'letmein' } });
    expect((await f.pub('POST', '/noreg/_session', { bearer: t, body: {} })).text).toBe(JSON.stringify(GOOD_BODY));
  });

  it('69-75: expired, audience, empty sub, emails, issuer, nbf', async () => {
    const reject = async (t: string, why: string) => expect((await f.pub('GET', '/db/', { bearer: t })).status, why).toBe(401);
    const accept = async (t: string, why: string) => expect((await f.pub('GET', '/db/', { bearer: t })).status, why).toBe(200);
    await reject(await token({ exp: now() - 300 }), 'expired');
    await reject(await token({ exp: now() - 5 }), 'expired without leeway');
    await reject(await token({ exp: undefined }), 'no exp');
    await reject(await token({ aud: ['aud1', 'aud2', 'aud3', 'qux'] }), 'wrong audience');
    await reject(await token({ sub: '' }), 'empty sub');
    await reject(await token({}, { iss: 'https://login.unknownissuer.com' }), 'wrong issuer');
    await reject(await token({ nbf: now() + 600 }), 'nbf in 10 min');
    await accept(await token({ nbf: now() }), 'nbf now');
    await accept(await token({ nbf: now() - 60 }), 'nbf a minute ago');
    await accept(await token({ email: 'foo_noah@' }), 'invalid email');
    expect((await f.admin('GET', '/db/_user/foo_noah')).json().email).toBe('noah@foo.com');
    await accept(await token({ email: 'foo_noah@example.com' }), 'new email');
    expect((await f.admin('GET', '/db/_user/foo_noah')).json().email).toBe('foo_noah@example.com');
  });

  it('84, 89: HS256, none, garbage, wrong key', async () => {
    const hs = await new SignJWT({ aud: 'baz', sub: 'noah', exp: now() + 300 }).setProtectedHeader({ alg: 'HS256', kid: 'kid' }).setIssuer(prov.issuer).sign(new TextEncoder().encode('x'.repeat(32)));
    const none = new UnsecuredJWT({ aud: 'baz', sub: 'noah', exp: now() + 300 }).setIssuer(prov.issuer).encode();
    const wrongKey = await token({}, { key: keyB });
    for (const t of [hs, none, 'garbage', wrongKey, (await token({})).slice(0, -4) + 'AAAA']) {
      const r = await f.pub('GET', '/db/', { bearer: t });
      expect([r.status, r.json().reason, r.headers.get('www-authenticate')]).toEqual([401, 'Invalid login', null]);
    }
  });


  it('76-79: username claim and prefix', async () => {
    const who = async (db: string, claims: JWTPayload) => {
      const r = await f.pub('GET', `/${db}/_session`, { bearer: await token(claims) });
      return r.status === 200 ? r.json().userCtx.name : r.status;
    };
    expect(await who('claim', { gpid: '80249751' })).toBe('80249751');
    expect(await who('claimprefix', { gpid: '80249751' })).toBe('foo_80249751');
    expect(await who('claim', {})).toBe(401);
    expect(await who('claim', { gpid: [80249751] })).toBe(401);
    expect(await who('claim', { gpid: 80249752 })).toBe('80249752');
    // A number is written as Go writes a float64: shortest digits, never an exponent (§5.3).
    expect(await who('claim', { gpid: 1e-7 })).toBe('0.0000001');
    expect(await who('claim', { gpid: 1e23 })).toBe('100000000000000000000000');
    expect(await who('claim', { gpid: 2.5 })).toBe('2.5');
    expect(await who('claimprefix', { gpid: 'bar_alice' })).toBe('foo_bar_alice');
    // 79: the derived name changes from foo_alice to bar_alice: a new user with register, else 401.
    expect(await who('claim', { gpid: 'foo_alice' })).toBe('foo_alice');
    expect(await who('claim', { gpid: 'bar_alice' })).toBe('bar_alice');
    await f.admin('PUT', '/claimnoreg/_user/foo_alice', { body: { password: 'letmein' } });
    expect(await who('claimnoreg', { gpid: 'foo_alice' })).toBe('foo_alice');
    expect(await who('claimnoreg', { gpid: 'bar_alice' })).toBe(401);
    // The issuer's host and path, query-escaped: "127.0.0.1:<port>/foo" → "127.0.0.1%3A<port>%2Ffoo".
    expect(await who('plain', {})).toBe(`127.0.0.1%3A${new URL(prov.issuer).port}%2Ffoo_noah`);
    expect(oidcUsername({ label: 'test', issuer: 'test_issuer', client_id: 'c', register: true }, { sub: 'bilbo' })).toBe('test_bilbo');
    expect(oidcUsername({ label: 'p', issuer: 'http://www.someprovider.com/extra', client_id: 'c', register: true }, { sub: '{bernard}' })).toBe('www.someprovider.com%2Fextra_%7Bbernard%7D');
    // Go's ParseRequestURI keeps a root path, the host as written and a default port.
    const derived = (issuer: string): string | undefined => oidcUsername({ label: 'p', issuer, client_id: 'c', register: true }, { sub: 'noah' });
    expect(derived('http://127.0.0.1:8080/')).toBe('127.0.0.1%3A8080%2F_noah');
    expect(derived('https://Accounts.Example.COM:443/a%20b')).toBe('Accounts.Example.COM%3A443%2Fa+b_noah');
    expect(derived('http://www.someprovider.com')).toBe('www.someprovider.com_noah');
    expect(derived('/relative/issuer')).toBe('%2Frelative%2Fissuer_noah');
    for (const notRequestUri of ['test_issuer', 'mailto:x@example.com', 'http://host:port/', '', 'http://h/%zz']) expect(derived(notRequestUri)).toBe('p_noah');
  });

  it('a disabled user\'s token is rejected (deliberate difference, §4.6)', async () => {
    const t = await token({});
    await f.admin('PUT', '/db/_user/foo_noah', { body: { disabled: true } });
    expect((await f.pub('GET', '/db/', { bearer: t })).status).toBe(401);
    await f.admin('PUT', '/db/_user/foo_noah', { body: { disabled: false } });
    expect((await f.pub('GET', '/db/', { bearer: t })).status).toBe(200);
  });

  it('no token appears in the log', async () => {
    const t = await token({});
    await f.pub('GET', '/db/', { bearer: t });
    await f.pub('GET', '/db/', { bearer: t.slice(0, -3) + 'xyz' });
    const all = f.logs.join('\n');
    expect(all).toContain('bearer token rejected');
    expect(all).not.toContain(t.split('.')[2]!);
    expect(all).not.toContain(t.split('.')[1]!);
  });
});

describe('scenarios 68 and 87', () => {
  it('68: a Bearer token on a document request, the first use of the provider, writes it (201)', async () => {
    const r = await f.pub('PUT', '/keyspace/doc1', { bearer: await token({}), body: { a: 1 } });
    expect(r.status).toBe(201);
    expect(r.json()).toMatchObject({ ok: true, by: expect.stringContaining('noah') });
  });

  it('87: with disable_password_auth, POST /_session with a Bearer token gives a session; no cookie then means 401', async () => {
    const login = await f.pub('POST', '/nopw/_session', { bearer: await token({}) });
    expect(login.status).toBe(200);
    expect(cookiePair(login)).toMatch(/^GatewaySession=/);
    expect((await f.pub('GET', '/nopw/')).status).toBe(401);
    expect((await f.pub('GET', '/nopw/', { cookie: cookiePair(login) })).status).toBe(200);
  });
});

describe('§5.2 signing keys, as go-oidc\'s RemoteKeySet', () => {
  let p: Provider;
  let g: Fixture;
  const jwk = async (key: Key, kid: string): Promise<JWK> => ({ ...(await exportJWK(key.publicKey)), kid, alg: 'RS256', use: 'sig' });
  const status = async (t: string): Promise<number> => (await g.pub('GET', '/k/', { bearer: t })).status;
  const signed = (opts: { key?: Key; kid?: string | null }) => token({}, { ...opts, iss: p.issuer });
  beforeAll(async () => {
    p = await startProvider('/k');
    p.jwks = [await jwk(keyA, 'A')];
    g = await startFixture({}, { more: { k: { oidc: { providers: { k: { issuer: p.issuer, client_id: 'baz', register: true, user_prefix: 'k' } } } } } });
  });
  afterAll(async () => {
    await g.close();
    await new Promise((r) => p.server.close(r));
  });

  it('an unknown kid fetches the key set again at once (no cooldown); concurrent ones share the fetch', async () => {
    expect(await status(await signed({ key: keyA, kid: 'A' }))).toBe(200);
    expect(p.jwksFetches).toBe(1);
    // The provider publishes key B: its first token is accepted, after exactly one fetch.
    p.jwks = [await jwk(keyA, 'A'), await jwk(keyB, 'B')];
    expect(await status(await signed({ key: keyB, kid: 'B' }))).toBe(200);
    expect(p.jwksFetches).toBe(2);
    expect(await status(await signed({ key: keyB, kid: 'B' }))).toBe(200);
    expect(p.jwksFetches).toBe(2); // known now: no fetch
    // A kid the provider does not have: one fetch per token, and 401.
    expect(await status(await signed({ key: keyB, kid: 'nope' }))).toBe(401);
    expect(await status(await signed({ key: keyB, kid: 'nope' }))).toBe(401);
    expect(p.jwksFetches).toBe(4);
    // Tokens arriving while a fetch is in flight wait for it instead of starting their own.
    p.jwksDelayMs = 1000;
    const tokens = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signed({ key: keyB, kid: 'nope' })));
    expect(await Promise.all(tokens.map(status))).toEqual([401, 401, 401, 401, 401, 401]);
    expect(p.jwksFetches).toBe(5);
    p.jwksDelayMs = 0;
    // Refused for its claims (expired): no fetch at all, whatever its kid.
    expect(await status(await token({ exp: now() - 10 }, { key: keyB, kid: 'other', iss: p.issuer }))).toBe(401);
    expect(p.jwksFetches).toBe(5);
  });

  it('a token without kid is tried against every key', async () => {
    const before = p.jwksFetches;
    expect(await status(await signed({ key: keyA, kid: null }))).toBe(200);
    expect(await status(await signed({ key: keyB, kid: null }))).toBe(200);
    expect(p.jwksFetches).toBe(before); // both keys were cached
    const stranger = await generateKeyPair('RS256');
    expect(await status(await signed({ key: stranger, kid: null }))).toBe(401);
    expect(p.jwksFetches).toBe(before + 1); // no cached key verified it: one fetch, then refused
  });

  it('a key replaced under the same kid is picked up by the fetch a failed verification makes', async () => {
    const keyA2 = await generateKeyPair('RS256', { extractable: true });
    p.jwks = [await jwk(keyA2, 'A'), await jwk(keyB, 'B')];
    const before = p.jwksFetches;
    expect(await status(await signed({ key: keyA2, kid: 'A' }))).toBe(200);
    expect(p.jwksFetches).toBe(before + 1);
    expect(await status(await signed({ key: keyA, kid: 'A' }))).toBe(401); // the old key is gone
  });
});

describe('§5.2 discovery: up to 5 attempts, 500 ms apart, a failure not remembered', () => {
  let flaky: Provider;
  let down: Provider;
  let g: Fixture;
  const config = (issuer: string, extra: Record<string, unknown> = {}) => ({ oidc: { providers: { p: { issuer, client_id: 'baz', register: true, user_prefix: 'p', ...extra } } } });
  beforeAll(async () => {
    flaky = await startProvider('/flaky');
    down = await startProvider('/down');
    for (const p of [flaky, down]) p.jwks = [{ ...(await exportJWK(keyA.publicKey)), kid: 'kid', alg: 'RS256', use: 'sig' }];
    g = await startFixture({}, { more: {
      flaky: config(flaky.issuer),
      down: config(down.issuer),
      custom: config(down.issuer, { discovery_url: `${down.issuer}/.well-known/openid-configuration` }),
    } });
  });
  afterAll(async () => {
    await g.close();
    for (const p of [flaky, down]) await new Promise((r) => p.server.close(r));
  });

  it('a 1 s outage: the first token waits for a later attempt and is accepted', async () => {
    flaky.downUntil = Date.now() + 1000;
    const r = await g.pub('GET', '/flaky/', { bearer: await token({}, { iss: flaky.issuer }) });
    expect(r.status).toBe(200);
    expect(flaky.discoveryFetches).toBeGreaterThanOrEqual(2);
    expect(flaky.discoveryFetches).toBeLessThanOrEqual(5);
  });

  it('5 failed attempts give 401; the next token tries again at once', async () => {
    down.downUntil = Date.now() + 60_000;
    const t = await token({}, { iss: down.issuer });
    const started = Date.now();
    expect((await g.pub('GET', '/down/', { bearer: t })).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 500 - 50);
    expect(down.discoveryFetches).toBe(5);
    down.downUntil = 0;
    expect((await g.pub('GET', '/down/', { bearer: t })).status).toBe(200);
    expect(down.discoveryFetches).toBe(6);
  });

  it('a configured discovery_url is fetched once per token', async () => {
    down.downUntil = Date.now() + 60_000;
    const before = down.discoveryFetches;
    expect((await g.pub('GET', '/custom/', { bearer: await token({}, { iss: down.issuer }) })).status).toBe(401);
    expect(down.discoveryFetches).toBe(before + 1);
    down.downUntil = 0;
  });
});

describe('§5.2 allowed algorithms: the discovery document\'s, with the reference\'s list', () => {
  it('an RS256 token is refused when the provider advertises only other algorithms', async () => {
    const cases: [string, string[] | undefined, number][] = [
      ['es', ['ES256'], 401], // the intersection with §5.1 is [ES256]: RS256 is not allowed
      ['both', ['ES256', 'RS256'], 200],
      ['none', undefined, 200], // nothing advertised: RS256 only
      ['hs', ['HS256', 'none'], 200], // nothing of §5.1 advertised: RS256 only
    ];
    const providers: Provider[] = [];
    const more: Record<string, unknown> = {};
    for (const [name, algs] of cases) {
      const p = await startProvider(`/${name}`);
      p.algs = algs;
      p.jwks = [{ ...(await exportJWK(keyA.publicKey)), kid: 'kid', alg: 'RS256', use: 'sig' }];
      providers.push(p);
      more[name] = { oidc: { providers: { p: { issuer: p.issuer, client_id: 'baz', register: true, user_prefix: 'p' } } } };
    }
    const g = await startFixture({}, { more });
    try {
      for (const [i, [name, , expected]] of cases.entries()) {
        const r = await g.pub('GET', `/${name}/`, { bearer: await token({}, { iss: providers[i]!.issuer }) });
        expect(r.status, name).toBe(expected);
      }
    } finally {
      await g.close();
      for (const p of providers) await new Promise((r) => p.server.close(r));
    }
  });
});
