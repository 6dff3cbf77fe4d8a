// The days of the demo authorisations (db/seed/authorisations.ts): how many a day, when each was audited and
// loaded, and which hospital stays are recent. Pure functions of the seeded random stream; the order of their draws
// is part of the demo data (authorisations.ts draws after them).
import type { Stays } from "./health.ts";
import type { Auditor } from "./providers.ts";
import { isoOf, weekdayOf, type Rng } from "./random.ts";

/** An authorisation's moment: audit second, auditor, and when it was loaded (as drawn and as kept). */
export type Event = { sec: number; aud: number; carga: number; cargaOrig: number };

/** Stays admitted in the last 10 days before a day: indexes [lo, hi). */
export type StayWindow = { lo: number; hi: number };

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** A time of day in seconds as hh:mm:ss. */
export const hms = (sec: number) =>
  `${pad2(Math.floor(sec / 3600))}:${pad2(Math.floor(sec / 60) % 60)}:${pad2(sec % 60)}`;

/** ISO dates by day number (cached), and timestamps of a second relative to a day (negative: days before). */
export function dayFormatters(): { iso: (day: number) => string; ts: (day: number, sec: number) => string } {
  const isoCache = new Map<number, string>();
  const iso = (day: number) => {
    let v = isoCache.get(day);
    if (!v) {
      v = isoOf(day);
      isoCache.set(day, v);
    }
    return v;
  };
  const ts = (day: number, sec: number) => {
    const dd = day + Math.floor(sec / 86400);
    return `${iso(dd)} ${hms(sec - (dd - day) * 86400)}`;
  };
  return { iso, ts };
}

/** Authorisations per day: weekdays carry the load, a slight growth over the two years. */
export function dayWeights(first: number, today: number, days: number): { weights: number[]; wsum: number } {
  const weights: number[] = [];
  let wsum = 0;
  for (let day = first; day <= today; day++) {
    const wd = weekdayOf(day);
    const w = (wd === 0 ? 0.05 : wd === 6 ? 0.15 : 1) * (0.85 + (0.3 * (day - first)) / days);
    weights.push(w);
    wsum += w;
  }
  return { weights, wsum };
}

/** When an audited authorisation was loaded, in seconds from the start of its day, given its audit second. */
function cargaOf(rng: Rng, sec: number): number {
  const r = rng.next();
  let carga: number;
  if (r < 0.22)
    carga = sec - rng.int(10, 115); // audited in under 2 minutes
  else if (r < 0.72) carga = sec - rng.int(120, 1800);
  else if (r < 0.9) carga = sec - rng.int(1800, Math.max(1801, Math.min(sec - 60, 5 * 3600)));
  else if (r < 0.96)
    carga = -rng.int(60, 10 * 3600); // loaded the day before (14:00–23:59)
  else carga = rng.int(5 * 3600, 7 * 3600 - 1); // loaded early, before 7 AM
  if (carga >= sec) carga = sec - rng.int(10, 600);
  return carga;
}

/** Audited events: per auditor present, a sequence through the shift (breaks over 15 min now and then). */
function auditedEvents(rng: Rng, auditors: Auditor[], nAudited: number, events: Event[]): void {
  const present = auditors.map((_, k) => k).filter(() => rng.chance(0.92));
  if (!present.length) present.push(0);
  const counts = new Array(auditors.length).fill(0);
  for (let e = 0; e < nAudited; e++) counts[present[rng.int(0, present.length - 1)]]++;
  for (const k of present) {
    const a = auditors[k];
    if (!counts[k]) continue;
    const meanGap = ((a.end - a.start) * 60) / (counts[k] + 1);
    let sec = a.start * 60 + (rng.chance(0.15) ? rng.int(16, 45) : rng.int(0, 14)) * 60;
    for (let c = 0; c < counts[k]; c++) {
      const gap = rng.chance(0.04)
        ? rng.int(16 * 60, 70 * 60)
        : Math.max(20, -Math.log(1 - rng.next()) * meanGap * 0.9);
      sec = Math.min(86_399, Math.round(sec + gap));
      const carga = cargaOf(rng, sec);
      const cargaOrig = rng.chance(0.12) ? carga - rng.int(600, 3 * 86400) : carga;
      events.push({ sec, aud: k, carga, cargaOrig });
    }
  }
}

/** A day's n events in time order: on weekdays 62 % audited, the rest loaded unaudited, mostly 7–20 h. */
export function dayEvents(rng: Rng, auditors: Auditor[], n: number, weekday: boolean): Event[] {
  const events: Event[] = [];
  const nAudited = weekday ? Math.round(n * 0.62) : 0;
  if (nAudited) auditedEvents(rng, auditors, nAudited, events);
  for (let e = nAudited; e < n; e++) {
    const sec = rng.chance(0.9) ? rng.int(7 * 3600, 20 * 3600) : rng.int(0, 86_399);
    events.push({ sec, aud: -1, carga: sec, cargaOrig: sec });
  }
  events.sort((x, y) => x.sec - y.sec);
  return events;
}

/** First stay index whose admission day is not before `day` (stays are sorted by admission day), below `end`. */
function firstStayFrom(stays: Stays, day: number, end: number): number {
  let a = 0,
    b = end;
  while (a < b) {
    const m = (a + b) >> 1;
    if (stays.dayIn[m] < day) a = m + 1;
    else b = m;
  }
  return a;
}

/** Stays admitted in the last 10 days up to `day`. */
export function recentStays(stays: Stays, day: number): StayWindow {
  const hi = firstStayFrom(stays, day + 1, stays.count);
  return { lo: firstStayFrom(stays, day - 10, hi), hi };
}
