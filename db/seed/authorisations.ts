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
