// Authorisations over the last two years up to today, generated day by day in time order so that
// nroautorizacion grows with time and every auditor's audits of a day form a plausible sequence inside
// the shift (fast audits under 2 min, breaks over 15 min, loads before 7 AM or the day before).
import * as s from "~db/schema/index.ts";
import { DELEGACIONES, STAFF_USERS } from "./catalog.ts";
import type { Stays } from "./health.ts";
import type { Practice } from "./nomenclature.ts";
import { apeynom, cuil, nroafi, NONE, type Population } from "./population.ts";
import type { Auditor, Efector, Professional, Responsable } from "./providers.ts";
import { weekdayOf, type Rng } from "./random.ts";
import type { TableLoad, Value } from "./writer.ts";
import { practicePicker } from "./practice-picker.ts";
import {
  dayEvents,
  dayFormatters,
  dayWeights,
  hms,
  recentStays,
  type Event,
  type StayWindow,
} from "./authorisation-days.ts";

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
