/**
 * Time zones of the date functions, as Go's `*time.Location` behaves in the reference:
 * UTC, the process's local zone, fixed offsets (named like `+0530`, as the reference's
 * `getLocation` names them) and IANA zones with their DST rules.
 *
 * IANA rules come from the platform's ICU data through luxon (`IANAZone`), which caches one
 * `Intl.DateTimeFormat` per zone. Zone abbreviations (Go's `t.Zone()` name, printed by `%Z`,
 * `TZN`, `MST`) are not in luxon's API; they are taken from `Intl` short names in a few
 * English locales and, where ICU only knows `GMT+x`, written as tzdata writes numeric
 * abbreviations (`-03`, `+0530`).
 *
 * Source: couchbase/query `expression/func_date.go` (`gatherZone`, `getLocation`,
 * `loadLocation`, `shortToLong`); Go `time.LoadLocation`.
 */
import { IANAZone } from 'luxon';

/** A time zone: the offset from UTC in seconds at an instant, and its names. */
export interface Zone {
  /** Go's `Location.String()`: `UTC`, `Local`, the IANA name as given, or `+0530` for a fixed offset. */
  readonly name: string;
  /** Set for a fixed offset (seconds east of UTC). */
  readonly fixed?: number;
  /** Offset east of UTC in seconds at the instant `utcSec` (seconds since the epoch). */
  offsetAt(utcSec: number): number;
  /** The zone abbreviation at the instant (`CET`, `EST`, `+0530`). */
  abbrAt(utcSec: number): string;
}

/** `+hhmm` as the reference's `getLocation` names a fixed zone (`%+03d%02d` of hour and minute). */
export function fixedName(hours: number, minutes: number): string {
  const h = Math.abs(hours);
  return `${hours < 0 ? '-' : '+'}${h < 10 ? '0' : ''}${h}${minutes < 10 ? '0' : ''}${minutes}`;
}

class FixedZone implements Zone {
  constructor(
    readonly name: string,
    readonly fixed: number,
  ) {}
  offsetAt(): number {
    return this.fixed;
  }
  abbrAt(): string {
    return this.name;
  }
}

/** UTC: Go's `time.UTC`. */
export const UTC: Zone = new FixedZone('UTC', 0);

const fixedCache = new Map<string, Zone>();

/** A fixed zone of `offset` seconds named `name` (Go `time.FixedZone`). */
export function fixedZone(name: string, offset: number): Zone {
  const key = `${name}|${offset}`;
  let z = fixedCache.get(key);
  if (!z) {
    z = new FixedZone(name, offset);
    fixedCache.set(key, z);
  }
  return z;
}

/** tzdata's numeric abbreviation of an offset: `+05`, `-0330`, `+054500`. */
function numericAbbr(offset: number): string {
  const sign = offset < 0 ? '-' : '+';
  let a = Math.abs(offset);
  const h = Math.floor(a / 3600);
  a -= h * 3600;
  const m = Math.floor(a / 60);
  const s = a - m * 60;
  const two = (n: number) => (n < 10 ? '0' : '') + n;
  return sign + two(h) + (m || s ? two(m) : '') + (s ? two(s) : '');
}

const ABBR_LOCALES = ['en-US', 'en-CA', 'en-GB', 'en-IN', 'en-AU', 'ja-JP'];

/**
 * Go's tzdata keeps the POSIX-style zones (`EST5EDT` … and `CET`, `MET`, `EET`, `WET`) at their
 * standard offset outside the national DST rules (US: 1918–1919, 1942–1945, from 1967; Europe:
 * 1916–1918, 1940–1945, from 1977), where recent ICU makes them links to city zones with local
 * mean time and local rules. Value: [standard offset, first year of continuous rules, wars].
 */
const LEGACY: Record<string, [number, number, [number, number][]]> = {
  EST5EDT: [-18000, 1967, [[1918, 1920], [1942, 1946]]],
  CST6CDT: [-21600, 1967, [[1918, 1920], [1942, 1946]]],
  MST7MDT: [-25200, 1967, [[1918, 1920], [1942, 1946]]],
  PST8PDT: [-28800, 1967, [[1918, 1920], [1942, 1946]]],
  CET: [3600, 1977, [[1916, 1919], [1940, 1946]]],
  MET: [3600, 1977, [[1916, 1919], [1940, 1946]]],
  EET: [7200, 1977, []],
  WET: [0, 1977, []],
};

/** Seconds at the start of a UTC year (1900–2100). */
const yearStart = (y: number) => Date.UTC(y, 0, 1) / 1000;

/** The standard offset of a legacy zone at an instant outside its rules, else undefined. */
function legacyOffset(name: string, utcSec: number): number | undefined {
  const l = LEGACY[name];
  if (!l || utcSec >= yearStart(l[1])) return undefined;
  for (const [a, b] of l[2]) if (utcSec >= yearStart(a) && utcSec < yearStart(b)) return undefined;
  return l[0];
}

/** ICU abbreviations that tzdata writes as numbers (Lord Howe Island). */
const ICU_ONLY = new Set(['LHST', 'LHDT']);

/** Instants whose abbreviation stands for an offset when ICU has none at the instant itself. */
const ABBR_PROBES = [Date.UTC(2020, 0, 15), Date.UTC(2020, 6, 15), Date.UTC(2000, 0, 15), Date.UTC(2000, 6, 15)].map((ms) => ms / 1000);

class IanaZone implements Zone {
  private readonly zone: IANAZone;
  private readonly abbrs = new Map<number, string>();
  private formats?: Intl.DateTimeFormat[];
  /** Offsets cached per 15-minute slot: zone transitions fall on such boundaries. */
  private readonly offsets = new Map<number, number>();

  constructor(readonly name: string) {
    this.zone = IANAZone.create(name);
  }

  offsetAt(utcSec: number): number {
    const legacy = legacyOffset(this.name, utcSec);
    if (legacy !== undefined) return legacy;
    const slot = Math.floor(utcSec / 900);
    let off = this.offsets.get(slot);
    if (off === undefined) {
      // A slot whose two ends agree has one offset (zone transitions are at least hours apart);
      // one with a transition inside is looked up exactly each time (NaN).
      const a = this.exact(slot * 900);
      off = this.exact(slot * 900 + 899) === a ? a : NaN;
      if (this.offsets.size > 4096) this.offsets.clear();
      this.offsets.set(slot, off);
    }
    return Number.isNaN(off) ? this.exact(utcSec) : off;
  }

  private exact(utcSec: number): number {
    return Math.round(this.zone.offset(utcSec * 1000) * 60);
  }

  abbrAt(utcSec: number): string {
    const off = this.offsetAt(utcSec);
    let a = this.abbrs.get(off);
    if (a !== undefined) return a;
    a = this.icuAbbr(utcSec);
    // ICU knows no abbreviation far from today: take the one of a recent instant with this offset.
    for (let k = 0; a === undefined && k < ABBR_PROBES.length; k++) if (this.offsetAt(ABBR_PROBES[k]) === off) a = this.icuAbbr(ABBR_PROBES[k]);
    // Go's tzdata names local mean time (an offset with seconds) LMT.
    a ??= off % 60 !== 0 ? 'LMT' : numericAbbr(off);
    this.abbrs.set(off, a);
    return a;
  }

  /** An alphabetic abbreviation from ICU at the instant, or undefined. */
  private icuAbbr(utcSec: number): string | undefined {
    this.formats ??= ABBR_LOCALES.map((l) => new Intl.DateTimeFormat(l, { timeZone: this.name, timeZoneName: 'short' }));
    const d = new Date(utcSec * 1000);
    for (const f of this.formats) {
      const p = f.formatToParts(d).find((x) => x.type === 'timeZoneName')?.value;
      if (p === 'GMT' || p === 'UTC' || (p && /^[A-Z]{2,5}$/.test(p) && !ICU_ONLY.has(p))) return p;
    }
    return undefined;
  }
}

/**
 * The process's local zone, tokenql's equivalent of Go's `time.Local`: the zone of `TZ` (or of
 * the system when unset), named as Go names it (`TZ`'s value, else `Local`).
 */
function makeLocal(): Zone {
  const tz = process.env.TZ?.replace(/^:/, '');
  if (tz !== undefined && tz !== '') {
    // Go reads TZ itself: an IANA name, or UTC when the name is unknown.
    if (tz === 'UTC') return UTC;
    if (IANAZone.isValidZone(tz)) {
      const z = new IanaZone(tz);
      return { name: tz, offsetAt: (s) => z.offsetAt(s), abbrAt: (s) => z.abbrAt(s) };
    }
    return UTC;
  }
  const resolved = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!resolved || resolved === 'UTC' || resolved === 'Etc/UTC') return { name: 'Local', fixed: 0, offsetAt: () => 0, abbrAt: () => 'UTC' };
  const z = new IanaZone(resolved);
  return { name: 'Local', offsetAt: (s) => z.offsetAt(s), abbrAt: (s) => z.abbrAt(s) };
}

let local: Zone | undefined;

/** The local zone (process `TZ`), computed once. */
export function localZone(): Zone {
  return (local ??= makeLocal());
}

/** For tests: forget the cached local zone after changing `process.env.TZ`. */
export function resetLocalZone(): void {
  local = undefined;
}

/**
 * Short zone names the reference maps to a zone before loading (its `shortToLong`, e.g.
 * `EST` → `EST5EDT`); abbreviations are ambiguous, so it picks one.
 */
const SHORT_TO_LONG: Record<string, string> = {
  ACST: 'Australia/Darwin', AEDT: 'Australia/Sydney', AEST: 'Australia/Sydney', AET: 'Australia/Sydney',
  AWDT: 'Australia/Perth', AWST: 'Australia/Perth', BST: 'Europe/London', CAT: 'Africa/Windhoek',
  CDT: 'CST6CDT', CEDT: 'Europe/Paris', CEST: 'Europe/Paris', CST: 'CST6CDT', EDT: 'EST5EDT',
  EEST: 'Europe/Kiev', EST: 'EST5EDT', HMT: 'Europe/Helsinki', JST: 'Asia/Tokyo', KST: 'Asia/Seoul',
  MDT: 'MST7MDT', MEDT: 'Europe/Paris', MEST: 'Europe/Paris', MMT: 'Indian/Maldives', MST: 'MST7MDT',
  PDT: 'PST8PDT', PST: 'PST8PDT', SAST: 'Africa/Johannesburg', SGT: 'Asia/Singapore', SMT: 'Asia/Singapore',
  WAT: 'Africa/Lagos', WEST: 'Europe/Lisbon',
};

const ianaCache = new Map<string, Zone | null>();

/**
 * Go `time.LoadLocation(name)` after the reference's `shortToLong` mapping: `""` and `UTC` are
 * UTC, `Local` the local zone, otherwise a case-sensitive IANA name; undefined when unknown.
 */
export function loadNamedZone(name: string): Zone | undefined {
  if (name === '' || name === 'UTC') return UTC;
  if (name === 'Local') return localZone();
  const mapped = SHORT_TO_LONG[name] ?? name;
  let z = ianaCache.get(mapped);
  if (z === undefined) {
    z = null;
    if (IANAZone.isValidZone(mapped)) {
      // ICU matches names case-insensitively; Go's tzdata lookup does not.
      const canonical = new Intl.DateTimeFormat('en-US', { timeZone: mapped }).resolvedOptions().timeZone;
      if (canonical === mapped || canonical.toLowerCase() !== mapped.toLowerCase()) z = new IanaZone(mapped);
    }
    ianaCache.set(mapped, z);
  }
  return z ?? undefined;
}
