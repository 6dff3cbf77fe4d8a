// Which practice an authorisation is for: by the member's age band and sex, the effector's services and the stay
// type, weighted like the insurer's real mix. Used by the authorisations' generator (authorisations.ts).
import { STAY_TYPES } from "./health.ts";
import { fits, NEONATE, serviceBit, type Practice } from "./nomenclature.ts";
import { CHILDREN_UNTIL, type Efector } from "./providers.ts";
import type { Rng } from "./random.ts";

const YEAR = 365.25;
const MAX_BAND = 111;
/** Age bands: 0 = the first 28 days, 1 = the rest of the first year, k ≥ 2 = [k - 1, k) years, the last one open. */
const bandRange = (band: number): [number, number] =>
  band === 0
    ? [0, NEONATE]
    : band === 1
      ? [NEONATE, 1]
      : band === MAX_BAND
        ? [MAX_BAND - 1, Infinity]
        : [band - 1, band];

/** The cumulative weight table of the practices that fit (band, sex, stay kind `tipo`; -1 outside a stay). */
function buildTable(
  practices: Practice[],
  band: number,
  sexo: number,
  tipo: number,
  forChildren: Int32Array[],
  forAdults: Int32Array[],
): { cum: Float64Array; idx: Int32Array } {
  const [lo, hi] = bandRange(band);
  const sx = sexo === 1 ? "F" : "M";
  const stay = tipo >= 0 ? STAY_TYPES[tipo] : null;
  const picked: [k: number, w: number, main: number][] = []; // main: 1 = day-bed, 2 = the stay's procedure
  practices.forEach((pr, k) => {
    const r = pr.rule;
    // the whole band must fit the rule (band bounds are conservative)
    if (!(fits(r, sx, lo) && (hi === Infinity ? r.max === Infinity : hi <= r.max))) return;
    if (stay) {
      if (!r.inpatient) return;
      if (r.service === "internacion" && pr.practica !== stay.diaCama) return;
      if ((r.service === "cirugia" || r.service === "traumatologia") && !stay.surgical) return;
      if (r.service === "obstetricia" && !stay.obstetric) return;
    } else {
      if (!r.ambulatory) return;
      if (!(lo >= CHILDREN_UNTIL ? forAdults : forChildren)[k].length) return;
    }
    const main =
      r.service === "internacion"
        ? 1
        : stay && (r.service === "obstetricia" || r.service === "cirugia" || r.service === "traumatologia")
          ? 2
          : 0;
    picked.push([k, pr.weight, main]);
  });
  if (!picked.length) throw new Error(`no practice fits band ${band}, sex ${sx}, stay ${stay?.tipo ?? "-"}`);
  // In a stay, the day-beds make about a quarter of the authorisations and the stay's own procedure
  // (the delivery, the surgery) about a sixth; the rest are the studies and fees around them.
  const rest = picked.reduce((a, [, w, main]) => a + (main ? 0 : w), 0) || 1;
  for (const main of [1, 2]) {
    const share = main === 1 ? 0.25 : 0.15;
    const sum = picked.reduce((a, [, w, m]) => a + (m === main ? w : 0), 0);
    for (const e of picked) if (e[2] === main) e[1] = (rest * share * e[1]) / sum;
  }
  const idx = new Int32Array(picked.length);
  const cum = new Float64Array(picked.length);
  let acc = 0;
  picked.forEach(([k, w], j) => {
    acc += w;
    idx[j] = k;
    cum[j] = acc;
  });
  return { cum, idx };
}

/**
 * Picks a practice that fits the member (sex, age at the date; within a stay, that kind of stay) and an
 * effector that gives it. Per (band, sex, stay kind) a cumulative weight table is built on first use.
 */
export function practicePicker(practices: Practice[], efectores: Efector[], rng: Rng) {
  // Effectors per practice, in their order (earlier effectors are busier, as before): for children every one
  // that gives it, for adults those that are not paediatric.
  const listFor = (adult: boolean) =>
    practices.map((pr) => {
      const bit = serviceBit(pr.rule.service);
      const list: number[] = [];
      efectores.forEach((e, k) => {
        if (e.services & bit && !(adult && e.children)) list.push(k);
      });
      return Int32Array.from(list);
    });
  const forChildren = listFor(false),
    forAdults = listFor(true);
  const tables: ({ cum: Float64Array; idx: Int32Array } | undefined)[] = new Array((MAX_BAND + 1) * 2 * 16);
  const table = (band: number, sexo: number, tipo: number) => {
    const key = (band * 2 + sexo) * 16 + (tipo + 1);
    const t = tables[key] ?? buildTable(practices, band, sexo, tipo, forChildren, forAdults);
    tables[key] = t;
    return t;
  };
  const dayBed = practices.map((pr) => pr.rule.service === "internacion");
  const adultDays = CHILDREN_UNTIL * YEAR;
  const out = { pr: practices[0], ef: efectores[0] }; // reused: read it before the next call
  return (sexo: number, ageDays: number, tipo: number, stayEfector: number): { pr: Practice; ef: Efector } => {
    const band = ageDays < 28 ? 0 : Math.min(MAX_BAND, 1 + Math.floor(ageDays / YEAR));
    const t = tables[(band * 2 + sexo) * 16 + (tipo + 1)] ?? table(band, sexo, tipo);
    const cum = t.cum,
      idx = t.idx;
    const r = rng.next() * cum[cum.length - 1];
    let lo = 0,
      hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    const k = idx[lo];
    const pr = practices[k];
    const list = (ageDays >= adultDays ? forAdults : forChildren)[k];
    // In a stay the clinic bills its own day-beds; other practices go to an effector that gives them
    // (or to the clinic itself when nobody else does).
    const e =
      dayBed[k] || !list.length
        ? stayEfector
        : list[Math.min(list.length - 1, Math.floor(Math.pow(rng.next(), 1.6) * list.length))];
    out.pr = pr;
    out.ef = efectores[e];
    return out;
  };
}
