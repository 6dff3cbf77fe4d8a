// Authorisations over the last two years up to today, generated day by day in time order so that
// nroautorizacion grows with time and every auditor's audits of a day form a plausible sequence inside
// the shift (fast audits under 2 min, breaks over 15 min, loads before 7 AM or the day before).
import * as s from "~db/schema/index.ts";
import { DELEGACIONES, STAFF_USERS } from "./catalog.ts";
import type { Stays } from "./health.ts";
import type { Practice } from "./nomenclature.ts";
import { apeynom, cuil, nroafi, NONE, type Population } from "./population.ts";
import type { Auditor, Efector, Professional, Responsable } from "./providers.ts";
import { isoOf, weekdayOf, type Rng } from "./random.ts";
import type { TableLoad, Value } from "./writer.ts";
import { practicePicker } from "./practice-picker.ts";

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

const AUTH_COLUMNS = [
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

const FIRST_AUTH_NUMBER = 30_000_001;

export function autorizacionesLoad(ctx: AuthContext, rng: Rng): TableLoad {
  return { table: s.autorizaciones, columns: AUTH_COLUMNS, rows: authRows(ctx, rng) };
}

/** What the helpers of authRows share: the context, the stream, the practice picker and the day formatters. */
type Gen = {
  ctx: AuthContext;
  rng: Rng;
  pickPractice: ReturnType<typeof practicePicker>;
  delegWeights: (readonly [number, number])[];
  iso: (day: number) => string;
  ts: (day: number, sec: number) => string;
};

/** Stays admitted in the last 10 days before a day: indexes [lo, hi). */
type StayWindow = { lo: number; hi: number };

/** An authorisation's values drawn before its row is written (see authRow for the order of the draws). */
type Draft = {
  id: number;
  nro: number;
  day: number;
  ev: Event;
  i: number;
  stay: number;
  pr: Practice;
  ef: Efector;
  modalidad: "PREVIA" | "CONSUMO" | "AUT Y CONS SIMULTANEO";
  autorizo: "AUTORIZADA" | "DENEGADA" | "DIF/OTRO";
  anulado: boolean;
  estado: string;
} & Terms;

/** Payment, quantity, prescriber, delegation, dates, token, reference and loading user of an authorisation. */
type Terms = {
  tipopago: "PAG" | "GEN" | "SIN";
  cantidad: number;
  presc: Professional;
  deleg: string;
  tipoDeleg: string;
  solicitud: string;
  vto: string;
  token: string | null;
  ref: number;
  nonAuditor: string | null;
};

/** A time of day in seconds as hh:mm:ss. */
const hms = (sec: number) => `${pad2(Math.floor(sec / 3600))}:${pad2(Math.floor(sec / 60) % 60)}:${pad2(sec % 60)}`;

/** ISO dates by day number (cached), and timestamps of a second relative to a day (negative: days before). */
function dayFormatters(): Pick<Gen, "iso" | "ts"> {
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
function dayWeights(first: number, today: number, days: number): { weights: number[]; wsum: number } {
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
function dayEvents(rng: Rng, auditors: Auditor[], n: number, weekday: boolean): Event[] {
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
function recentStays(stays: Stays, day: number): StayWindow {
  const hi = firstStayFrom(stays, day + 1, stays.count);
  return { lo: firstStayFrom(stays, day - 10, hi), hi };
}

/** The member: 7 % in a recent stay, else an active member (3 % any member not gone by then), born and joined by the day. */
function memberOf(g: Gen, day: number, w: StayWindow): { i: number; stay: number } {
  const { p, stays } = g.ctx;
  const rng = g.rng;
  let stay = -1;
  if (w.hi > w.lo && rng.chance(0.07)) stay = rng.int(w.lo, w.hi - 1);
  let i = stay >= 0 ? stays.member[stay] : p.active[rng.int(0, p.active.length - 1)];
  if (stay < 0 && rng.chance(0.03)) {
    const j = rng.int(0, p.members - 1);
    if (p.baja[j] === NONE || p.baja[j] >= day) i = j;
  }
  for (let retry = 0; stay < 0 && retry < 50 && (p.alta[i] > day || p.birth[i] > day); retry++)
    i = p.active[rng.int(0, p.active.length - 1)];
  return { i, stay };
}

/** Modality, auditor's decision, annulment and resulting state (unaudited ones are always authorised). */
function decisionOf(rng: Rng, audited: boolean): Pick<Draft, "modalidad" | "autorizo" | "anulado" | "estado"> {
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
  return { modalidad, autorizo, anulado, estado };
}

/** A six-character token (60 % of the non-prior authorisations). */
function tokenOf(rng: Rng): string {
  let token = "";
  for (let t = 0; t < 6; t++) token += TOKEN_CHARS[rng.int(0, TOKEN_CHARS.length - 1)];
  return token;
}

/** Payment, quantity, prescriber, delegation, request and expiry dates, token, reference and loading user. */
function termsOf(g: Gen, d: Omit<Draft, keyof Terms>): Terms {
  const { rng, iso } = g;
  const { day, modalidad } = d;
  const tipopago = rng.weighted([
    ["PAG", 50],
    ["GEN", 30],
    ["SIN", 20],
  ] as const);
  const cantidad = SESSION_SECTIONS.has(d.pr.seccion) ? rng.int(1, 10) : rng.chance(0.1) ? 2 : 1;
  const presc = g.ctx.prescribers[rng.int(0, g.ctx.prescribers.length - 1)];
  const [deleg, tipoDeleg] = DELEGACIONES[rng.weighted(g.delegWeights)];
  const solicitud =
    modalidad === "PREVIA" ? iso(day - rng.int(0, 15)) : iso(day + Math.floor(Math.min(d.ev.carga, 0) / 86400));
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
      : iso(day);
  const token = modalidad !== "PREVIA" && rng.chance(0.6) ? tokenOf(rng) : null;
  const ref = modalidad === "CONSUMO" && d.id > 5000 && rng.chance(0.3) ? d.nro - rng.int(1, 5000) : d.nro;
  const nonAuditor = d.ev.aud >= 0 ? null : rng.chance(0.5) ? null : rng.pick(STAFF_USERS);
  return { tipopago, cantidad, presc, deleg, tipoDeleg, solicitud, vto, token, ref, nonAuditor };
}

/** The row of a draft, in AUTH_COLUMNS order; the draws left for it happen in column order. */
function rowOf(g: Gen, d: Draft): Value[] {
  const { p, stays, auditors } = g.ctx;
  const { rng, ts } = g;
  const { id, day, ev, i, stay, pr, ef, cantidad, tipopago, presc } = d;
  const audited = ev.aud >= 0;
  const inflation = Math.pow(1.025, -(p.today - day) / 30.4);
  const resp = g.ctx.responsables[ef.responsable]; // in a stay: the clinic for its day-beds, each professional's entity for the fees
  const fecha = g.iso(day);
  return [
    id,
    d.nro,
    d.ref,
    rng.chance(0.02) ? `EXP-${rng.int(1000, 99999)}/${fecha.slice(0, 4)}` : null,
    i + 1,
    nroafi(p, i),
    apeynom(p, i),
    cuil(p, i),
    pr.practica,
    pr.subitem,
    pr.descripcion,
    stay >= 0 ? stays.cov[stay] : p.cov[i] && rng.chance(0.45) ? p.cov[i] : 1,
    d.autorizo,
    d.modalidad,
    stay >= 0 ? "I" : "A",
    stay >= 0 ? stays.numero[stay] : null,
    fecha,
    hms(ev.sec),
    fecha,
    d.solicitud,
    d.vto,
    cantidad,
    tipopago,
    tipopago === "PAG" ? (rng.int(6, 240) * 50 * cantidad).toFixed(2) : tipopago === "GEN" ? "0.00" : null,
    d.estado,
    resp.nombre,
    d.deleg,
    d.tipoDeleg,
    rng.pick(STAFF_USERS),
    audited ? auditors[ev.aud].code : d.nonAuditor,
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
    d.anulado,
    d.token,
    (pr.gasto * cantidad * inflation * (0.9 + rng.next() * 0.2)).toFixed(2),
    (pr.honorario * cantidad * inflation * (0.9 + rng.next() * 0.2)).toFixed(2),
  ];
}

/**
 * Authorisation number `id` for an event of a day. The draws, in this order: member (memberOf), practice and
 * effector (in a stay: one that fits the stay), decision (decisionOf), terms (termsOf), then those of the row (rowOf).
 */
function authRow(g: Gen, day: number, ev: Event, id: number, w: StayWindow): Value[] {
  const { p, stays } = g.ctx;
  const { i, stay } = memberOf(g, day, w);
  const { pr, ef } =
    stay >= 0
      ? g.pickPractice(p.sexo[i], Math.max(0, day - p.birth[i]), stays.tipo[stay], stays.efector[stay])
      : g.pickPractice(p.sexo[i], Math.max(0, day - p.birth[i]), -1, -1);
  const base = { id, nro: FIRST_AUTH_NUMBER + id - 1, day, ev, i, stay, pr, ef, ...decisionOf(g.rng, ev.aud >= 0) };
  return rowOf(g, { ...base, ...termsOf(g, base) });
}

function* authRows(ctx: AuthContext, rng: Rng): Generator<Value[]> {
  const today = ctx.p.today;
  const first = today - ctx.days + 1;
  const g: Gen = {
    ctx,
    rng,
    pickPractice: practicePicker(ctx.practices, ctx.efectores, rng),
    delegWeights: DELEGACIONES.map((d, k) => [k, d[2]] as const),
    ...dayFormatters(),
  };
  const { weights, wsum } = dayWeights(first, today, ctx.days);
  let id = 0;
  let carry = 0;
  for (let day = first; day <= today; day++) {
    const exact = (ctx.total * weights[day - first]) / wsum + carry;
    const n = Math.floor(exact);
    carry = exact - n;
    const weekday = weekdayOf(day) >= 1 && weekdayOf(day) <= 5;
    const events = dayEvents(rng, ctx.auditors, n, weekday);
    const window = recentStays(ctx.stays, day);
    for (const ev of events) yield authRow(g, day, ev, ++id, window);
  }
}
