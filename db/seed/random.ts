// Deterministic pseudo-random numbers for the seed. Built on faker's Mersenne Twister (53-bit), so the
// same --seed N always yields the same data. Each table draws from its own stream (fork(label)), so
// changing the volume of one table does not shift the data of another.
import { generateMersenne53Randomizer } from "@faker-js/faker";
import { TZ } from "~db/time-zone.ts";

/** FNV-1a 32-bit hash of a string, used to derive child seeds. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly source: { next(): number };
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.source = generateMersenne53Randomizer(this.seed);
  }

  /** A float in [0, 1). */
  next(): number {
    return this.source.next();
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.source.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.source.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.source.next() * items.length)];
  }

  /** Picks by weight: entries are [value, weight]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const e of entries) total += e[1];
    let r = this.source.next() * total;
    for (const e of entries) {
      r -= e[1];
      if (r < 0) return e[0];
    }
    return entries[entries.length - 1][0];
  }

  /** A string of n decimal digits. */
  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += Math.floor(this.source.next() * 10);
    return s;
  }

  /** Approximately normal (Irwin–Hall with 4 draws), clamped to [min, max]. */
  normal(mean: number, sd: number, min = -Infinity, max = Infinity): number {
    const u = this.source.next() + this.source.next() + this.source.next() + this.source.next() - 2;
    const v = mean + u * sd * 1.732;
    return v < min ? min : v > max ? max : v;
  }

  /** An independent stream for one purpose, derived from this seed and a label. */
  fork(label: string): Rng {
    return new Rng(hash32(`${this.seed}:${label}`));
  }
}

// ---- dates: day numbers (days since 1970-01-01, UTC) make arithmetic cheap and exact ----

const MS_PER_DAY = 86_400_000;

export function dayOf(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);
}

export function isoOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function timeOf(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** Today's date in the insurer's time zone as 'YYYY-MM-DD'. */
export function todayInCatamarca(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

export const NO_DATE = "0001-01-01";
export const NO_PHARMACY_DATE = "1900-01-01";
