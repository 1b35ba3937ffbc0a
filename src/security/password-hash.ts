/**
 * Password hashes of local users: a salted scrypt hash (N = 2^14, r = 8, p = 1, 32 bytes) written
 * `scrypt$N$r$p$salt$hash` (base64 salt and hash). The password itself is never stored. A caller
 * that must bound how many hashes run at once on libuv's thread pool (the cluster adapter: the
 * store's file I/O shares it) passes `run`, which runs the hash when a slot is free.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 1 << 14;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** Runs a hash now, or when the caller's limit allows. */
export type HashRunner = <T>(work: () => Promise<T>) => Promise<T>;
const now: HashRunner = (work) => work();

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number, run: HashRunner): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 64 * 1024 * 1024 };
  return run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCb(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

/** A salted slow hash of a password: `scrypt$N$r$p$salt$hash` (base64 parts). */
export async function hashPassword(password: string, run: HashRunner = now): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, N, R, P, run);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** True if the password matches a hash made by {@link hashPassword}. */
export async function verifyPassword(password: string, stored: string, run: HashRunner = now): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const expected = Buffer.from(parts[5]!, 'base64');
  const actual = await scrypt(password, Buffer.from(parts[4]!, 'base64'), Number(parts[1]), Number(parts[2]), Number(parts[3]), run);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
