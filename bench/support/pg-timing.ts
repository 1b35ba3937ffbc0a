/**
 * Timing of statements on a private PostgreSQL for bench:pg-tokens: wall-clock time as the
 * client sees it, and the CPU time of the server process that ran them (the backend of the
 * connection, read from /proc: the machine is shared, and the server's CPU time is steadier
 * than its wall time). The backend is on the same machine (bench/support/postgres.ts), and the
 * benchmark runs as root or as the cluster's user, so its /proc entry is readable; without it
 * the CPU time is NaN.
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** Clock ticks per second of /proc's utime and stime (Linux's USER_HZ). */
const TICKS_PER_SECOND = 100;

/** The CPU time (user + system) of process `pid` in ms, or NaN when /proc cannot be read. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm) ": state is field 3; utime and stime are fields 14 and 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(rest[11]) + Number(rest[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** A connection with the process id of its server backend. */
export interface TimedClient {
  client: pg.Client;
  backendPid: number;
}

/** `pg_backend_pid()` of a connected client. */
export async function withBackendPid(client: pg.Client): Promise<TimedClient> {
  const r = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return { client, backendPid: r.rows[0]!.pid };
}

/** Wall-clock ms and the backend's CPU ms of one async step. */
export interface Timed<T> {
  wallMs: number;
  serverCpuMs: number;
  value: T;
}

/** Runs `step` and measures its wall time and the backend's CPU time (10 ms resolution). */
export async function timed<T>(c: TimedClient, step: () => Promise<T>): Promise<Timed<T>> {
  const cpu0 = processCpuMs(c.backendPid);
  const t0 = performance.now();
  const value = await step();
  const wallMs = performance.now() - t0;
  return { wallMs, serverCpuMs: processCpuMs(c.backendPid) - cpu0, value };
}

/** The minimum, median and maximum of a non-empty list, as `min / median / max` with `fmt`. */
export function minMedMax(xs: readonly number[], fmt: (x: number) => string): string {
  const s = [...xs].sort((a, b) => a - b);
  return `${fmt(s[0]!)} / ${fmt(s[Math.floor((s.length - 1) / 2)]!)} / ${fmt(s[s.length - 1]!)}`;
}

/** The 1-, 5- and 15-minute load averages, for the record of a shared machine. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
