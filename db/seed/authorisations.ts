// Authorisations over the last two years up to today, generated day by day in time order so that
// nroautorizacion grows with time and every auditor's audits of a day form a plausible sequence inside
// the shift (fast audits under 2 min, breaks over 15 min, loads before 7 AM or the day before).
import * as s from "~db/schema/index.ts";
import { DELEGACIONES, STAFF_USERS } from "./catalog.ts";
import { STAY_TYPES, type Stays } from "./health.ts";
import { fits, NEONATE, serviceBit, type Practice } from "./nomenclature.ts";
import { apeynom, cuil, nroafi, NONE, type Population } from "./population.ts";
import { CHILDREN_UNTIL, type Auditor, type Efector, type Professional, type Responsable } from "./providers.ts";
import { isoOf, weekdayOf, type Rng } from "./random.ts";
import type { TableLoad, Value } from "./writer.ts";

export type AuthContext = {
  p: Population;
  stays: Stays;
  practices: Practice[];
  efectores: Efector[];
  responsables: Responsable[];
  prescribers: Professional[];
  auditors: Auditor[];
  total: number;
  days: number;
};

type Event = { sec: number; aud: number; carga: number; cargaOrig: number };

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const SESSION_SECTIONS = new Set(["25", "26", "27", "43", "20"]);
const TOKEN_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export const AUTH_COLUMNS = [
  "id",
  "nroautorizacion",
  "numautreferenciada",
  "num_exp",
  "idafi",
  "nroafiliado",
  "nombreafiliado",
  "cuil",
  "practica",
  "subitem",
  "descpractica",
  "cobertura",
  "autorizo",
  "modalidad",
  "estadoambint",
  "nrointernacion",
  "fecha",
  "hora",
  "fechaemision",
  "fechasolicitud",
  "fechavto",
  "cantidad",
  "tipopago",
  "coseguro",
  "estado",
  "entidad",
  "delegacion",
  "tipo_delegacion",
  "usuarioautorizacion",
  "usuarioauditoria",
  "fecha_hora_carga",
  "fecha_hora_carga_original",
  "fecha_hora_auditoria",
  "matmedprescriptor",
  "nommedprescriptor",
  "codigo_efector",
  "matmedefector",
  "nommedefector",
  "responsable",
  "cuit_responsable",
  "anulado",
  "autoken",
  "montoautgasto",
  "montoauthonorario",
] as const;

export const FIRST_AUTH_NUMBER = 30_000_001;

export function autorizacionesLoad(ctx: AuthContext, rng: Rng): TableLoad {
  return { table: s.autorizaciones, columns: AUTH_COLUMNS, rows: authRows(ctx, rng) };
}

function* authRows(ctx: AuthContext, rng: Rng): Generator<Value[]> {
  const { p, stays, practices, efectores, responsables, prescribers, auditors } = ctx;
  const today = p.today;
  const first = today - ctx.days + 1;
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
    const r = sec - (dd - day) * 86400;
    return `${iso(dd)} ${pad2(Math.floor(r / 3600))}:${pad2(Math.floor(r / 60) % 60)}:${pad2(r % 60)}`;
  };
  const pickPractice = practicePicker(practices, efectores, rng);
  const delegWeights = DELEGACIONES.map((d, k) => [k, d[2]] as const);

  // Authorisations per day: weekdays carry the load, a slight growth over the two years.
  const weights: number[] = [];
  let wsum = 0;
  for (let day = first; day <= today; day++) {
    const wd = weekdayOf(day);
    const w = (wd === 0 ? 0.05 : wd === 6 ? 0.15 : 1) * (0.85 + (0.3 * (day - first)) / ctx.days);
    weights.push(w);
    wsum += w;
  }
  let id = 0;
  let carry = 0;
  for (let day = first; day <= today; day++) {
    const exact = (ctx.total * weights[day - first]) / wsum + carry;
    const n = Math.floor(exact);
    carry = exact - n;
    const weekday = weekdayOf(day) >= 1 && weekdayOf(day) <= 5;
    const events: Event[] = [];
    // audited events: per auditor, a sequence through the shift
    const nAudited = weekday ? Math.round(n * 0.62) : 0;
    if (nAudited) {
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
          const cargaOrig = rng.chance(0.12) ? carga - rng.int(600, 3 * 86400) : carga;
          events.push({ sec, aud: k, carga, cargaOrig });
        }
      }
    }
    for (let e = nAudited; e < n; e++) {
      const sec = rng.chance(0.9) ? rng.int(7 * 3600, 20 * 3600) : rng.int(0, 86_399);
      events.push({ sec, aud: -1, carga: sec, cargaOrig: sec });
    }
    events.sort((x, y) => x.sec - y.sec);

    // stays admitted in the last 10 days (stays are sorted by admission day)
    let hi = stays.count,
      lo = 0;
    {
      let a = 0,
        b = stays.count;
      while (a < b) {
        const m = (a + b) >> 1;
        if (stays.dayIn[m] <= day) a = m + 1;
        else b = m;
      }
      hi = a;
    }
    {
      let a = 0,
        b = hi;
      while (a < b) {
        const m = (a + b) >> 1;
        if (stays.dayIn[m] < day - 10) a = m + 1;
        else b = m;
      }
      lo = a;
    }

    for (const ev of events) {
      id++;
      const nro = FIRST_AUTH_NUMBER + id - 1;
      const audited = ev.aud >= 0;
      let stay = -1;
      if (hi > lo && rng.chance(0.07)) stay = rng.int(lo, hi - 1);
      let i = stay >= 0 ? stays.member[stay] : p.active[rng.int(0, p.active.length - 1)];
      if (stay < 0 && rng.chance(0.03)) {
        const j = rng.int(0, p.members - 1);
        if (p.baja[j] === NONE || p.baja[j] >= day) i = j;
      }
      for (let retry = 0; stay < 0 && retry < 50 && (p.alta[i] > day || p.birth[i] > day); retry++)
        i = p.active[rng.int(0, p.active.length - 1)];
      const { pr, ef } =
        stay >= 0
          ? pickPractice(p.sexo[i], Math.max(0, day - p.birth[i]), stays.tipo[stay], stays.efector[stay])
          : pickPractice(p.sexo[i], Math.max(0, day - p.birth[i]), -1, -1);
      const modalidad = audited
        ? rng.weighted([
            ["PREVIA", 50],
            ["CONSUMO", 25],
            ["AUT Y CONS SIMULTANEO", 25],
          ] as const)
        : rng.chance(0.8)
          ? "CONSUMO"
          : "AUT Y CONS SIMULTANEO";
      const autorizo = audited
        ? rng.weighted([
            ["AUTORIZADA", 84],
            ["DENEGADA", 9],
            ["DIF/OTRO", 7],
          ] as const)
        : "AUTORIZADA";
      const anulado = rng.chance(0.01);
      const estado = anulado
        ? "ANULADA"
        : autorizo === "DENEGADA"
          ? "DENEGADA"
          : autorizo === "DIF/OTRO"
            ? "PENDIENTE"
            : modalidad === "PREVIA"
              ? rng.chance(0.55)
                ? "CONSUMIDA"
                : "EMITIDA"
              : "CONSUMIDA";
      const tipopago = rng.weighted([
        ["PAG", 50],
        ["GEN", 30],
        ["SIN", 20],
      ] as const);
      const cantidad = SESSION_SECTIONS.has(pr.seccion) ? rng.int(1, 10) : rng.chance(0.1) ? 2 : 1;
      const inflation = Math.pow(1.025, -(today - day) / 30.4);
      const resp = responsables[ef.responsable]; // in a stay: the clinic for its day-beds, each professional's entity for the fees
      const presc = prescribers[rng.int(0, prescribers.length - 1)];
      const [deleg, tipoDeleg] = DELEGACIONES[rng.weighted(delegWeights)];
      const fecha = iso(day);
      const solicitud =
        modalidad === "PREVIA" ? iso(day - rng.int(0, 15)) : iso(day + Math.floor(Math.min(ev.carga, 0) / 86400));
      const vto =
        modalidad === "PREVIA"
          ? iso(
              day +
                rng.weighted([
                  [30, 60],
                  [60, 25],
                  [90, 15],
                ] as const),
            )
          : fecha;
      let token: string | null = null;
      if (modalidad !== "PREVIA" && rng.chance(0.6)) {
        token = "";
        for (let t = 0; t < 6; t++) token += TOKEN_CHARS[rng.int(0, TOKEN_CHARS.length - 1)];
      }
      const ref = modalidad === "CONSUMO" && id > 5000 && rng.chance(0.3) ? nro - rng.int(1, 5000) : nro;
      const nonAuditor = audited ? null : rng.chance(0.5) ? null : rng.pick(STAFF_USERS);
      yield [
        id,
        nro,
        ref,
        rng.chance(0.02) ? `EXP-${rng.int(1000, 99999)}/${fecha.slice(0, 4)}` : null,
        i + 1,
        nroafi(p, i),
        apeynom(p, i),
        cuil(p, i),
        pr.practica,
        pr.subitem,
        pr.descripcion,
        stay >= 0 ? stays.cov[stay] : p.cov[i] && rng.chance(0.45) ? p.cov[i] : 1,
        autorizo,
        modalidad,
        stay >= 0 ? "I" : "A",
        stay >= 0 ? stays.numero[stay] : null,
        fecha,
        `${pad2(Math.floor(ev.sec / 3600))}:${pad2(Math.floor(ev.sec / 60) % 60)}:${pad2(ev.sec % 60)}`,
        fecha,
        solicitud,
        vto,
        cantidad,
        tipopago,
        tipopago === "PAG" ? (rng.int(6, 240) * 50 * cantidad).toFixed(2) : tipopago === "GEN" ? "0.00" : null,
        estado,
        resp.nombre,
        deleg,
        tipoDeleg,
        rng.pick(STAFF_USERS),
        audited ? auditors[ev.aud].code : nonAuditor,
        ts(day, ev.carga),
        ts(day, ev.cargaOrig),
        audited ? ts(day, ev.sec) : null,
        presc.matricula,
        `${presc.apellido} ${presc.nombre}`,
        ef.codigo,
        ef.matmedefector,
        ef.nommedefector,
        resp.nombre,
        resp.cuit,
        anulado,
        token,
        (pr.gasto * cantidad * inflation * (0.9 + rng.next() * 0.2)).toFixed(2),
        (pr.honorario * cantidad * inflation * (0.9 + rng.next() * 0.2)).toFixed(2),
      ];
    }
  }
}

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

/**
 * Picks a practice that fits the member (sex, age at the date; within a stay, that kind of stay) and an
 * effector that gives it. Per (band, sex, stay kind) a cumulative weight table is built on first use.
 */
function practicePicker(practices: Practice[], efectores: Efector[], rng: Rng) {
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
    let t = tables[key];
    if (t) return t;
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
    t = { cum, idx };
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
