import { Option, type Command } from 'commander';
import { CliError } from './cli-error.js';

/**
 * Option definitions shared by the commands. This module imports no engine code, so that
 * `tokenql --help` and the command line parse before the engine (and its grammar) loads.
 */

/** The options every command shares. */
export interface CommonOptions {
  /** `KEYSPACE=FILE` pairs, in order. */
  load: string[];
  /** `KEYSPACE=TEMPLATE` pairs. */
  key: string[];
  demo?: boolean;
  /** Data directory of the durable store. */
  data?: string;
  /** `postgres://` URL of the PostgreSQL store (docs/postgres.md). */
  store?: string;
}

/** The options that point a command at a running `tokenql serve` (cbq's `-e -u -p -c -t`). */
export interface ServerOptions {
  /** Base URL of the query service, e.g. `http://127.0.0.1:8093`. */
  engine?: string;
  user?: string;
  password?: string;
  /** cbq's `user:password` (or `keyspace:password`) pairs, comma-separated; the first is used. */
  credentials?: string;
  /** Request timeout as a Go duration (`10s`, `1m30s`, `500ms`). */
  timeout?: string;
  /** false when `--no-ssl-verify` was given. */
  sslVerify?: boolean;
}

/** Appends a repeatable option's value. */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];

/**
 * Adds `--load`, `--key`, `--demo` and `--data` to a command.
 * @param withKey false for a command that defines its own `--key` (`tokenql load`)
 */
export function addCommonOptions(cmd: Command, withKey = true): Command {
  cmd.addOption(
    new Option('--load <KEYSPACE=FILE>', 'load a file (JSON Lines, JSON array, directory of .json files or cbimport sample .zip) into a keyspace first; repeatable')
      .default([])
      .argParser(collect),
  );
  if (withKey) {
    cmd.addOption(
      new Option('--key <KEYSPACE=TEMPLATE>', 'cbimport key template for the --load of KEYSPACE, e.g. product=%productId%_arrayIndex (%field%, %a.b%, #UUID#, #MONO_INCR#); repeatable')
        .default([])
        .argParser(collect),
    );
  }
  return cmd
    .option('--demo', 'load the generated demo keyspace `demo` (10,000 documents)')
    .option('--data <DIR>', 'data directory of the durable store (default: an in-memory database)')
    .option('--store <URL>', 'the PostgreSQL store: a postgres://user@host:port/database URL (docs/postgres.md); instead of --data');
}

/**
 * `Database.open` options of `--data DIR` or `--store URL` (neither: in memory).
 * @throws CliError when both are given or the URL is not postgres://
 */
export function storeOpenOptions(opts: { data?: string; store?: string }): { path?: string; store?: string } {
  if (opts.store !== undefined) {
    if (opts.data !== undefined) throw new CliError('--data and --store cannot be used together');
    if (!/^postgres(ql)?:\/\//i.test(opts.store)) throw new CliError(`--store expects a postgres:// URL, got ${JSON.stringify(opts.store)}`);
    return { store: opts.store };
  }
  return opts.data === undefined ? {} : { path: opts.data };
}

/**
 * Adds the server options: `--engine URL` (with `-e` as its short form where `-e` is free, as in
 * cbq), `-u/--user`, `-p/--password`, `-c/--credentials`, `-t/--timeout`, `--no-ssl-verify`.
 */
export function addServerOptions(cmd: Command, engineShort: boolean): Command {
  return cmd
    .option(`${engineShort ? '-e, ' : ''}--engine <URL>`, 'run through the query service of a running `tokenql serve` (POST URL/query/service) instead of an embedded database')
    .option('-u, --user <USER>', 'user name for --engine (HTTP basic authentication)')
    .option('-p, --password <PASSWORD>', 'password of --user (default: $CB_PASSWORD, else asked for on a terminal)')
    .option('-c, --credentials <USER:PASS>', "cbq's credentials: USER:PASSWORD (the first pair of a comma-separated list)")
    .option('-t, --timeout <DURATION>', 'statement timeout, e.g. 10s, 1m30s, 500ms (sent as the timeout parameter; the request is aborted after it)')
    .option('--no-ssl-verify', 'do not verify the TLS certificate of an https --engine');
}

/** Splits `KEYSPACE=VALUE`. @throws CliError when there is no `=` or a side is empty */
export function parseAssignment(text: string, flag: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0 || eq === text.length - 1) throw new CliError(`${flag} expects KEYSPACE=VALUE, got ${JSON.stringify(text)}`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}

/**
 * Milliseconds of a Go duration as the query service's `timeout` takes it (`1h2m3.5s`, `250ms`,
 * `90s`; units h, m, s, ms, us, µs, ns). A bare number is seconds.
 * @throws CliError for any other text
 */
export function parseDuration(text: string): number {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const unit: Record<string, number> = { h: 3600e3, m: 60e3, s: 1e3, ms: 1, us: 1e-3, 'µs': 1e-3, ns: 1e-6 };
  let ms = 0;
  let rest = text;
  while (rest !== '') {
    const m = /^(\d+(?:\.\d+)?)(ms|us|µs|ns|h|m|s)/.exec(rest);
    if (!m) throw new CliError(`not a duration: ${JSON.stringify(text)} (e.g. 10s, 1m30s, 500ms)`);
    ms += Number(m[1]) * unit[m[2]]!;
    rest = rest.slice(m[0].length);
  }
  if (text === '') throw new CliError('empty duration');
  return ms;
}
