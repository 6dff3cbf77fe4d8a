// Stays (internaciones) and pharmacy consumption.
import * as s from "~db/schema/index.ts";
import { COBERTURAS } from "./catalog.ts";
import { NEONATE, type VademecumRow } from "./nomenclature.ts";
import { NONE, type Population } from "./population.ts";
import type { Responsable } from "./providers.ts";
import { isoOf, NO_PHARMACY_DATE, type Rng } from "./random.ts";
import type { TableLoad, Value } from "./writer.ts";

/**
 * Stays kept in memory (small) so inpatient authorisations can point at them. entidad is the responsable
 * (a clinic, see stayHosts), efector that clinic's own effector, tipo an index into STAY_TYPES.
 */
export type Stays = {
  count: number;
  numero: Int32Array;
  member: Int32Array;
  dayIn: Int32Array;
  days: Int32Array;
  entidad: Int32Array;
  efector: Int32Array;
  cov: Uint8Array;
  tipo: Uint8Array;
};

/**
 * Kinds of stay: who may be admitted (age in years at admission, in [min, max), and sex), the day-bed practice
 * billed for it, and whether surgery (or a delivery) belongs in it.
 */
export type StayType = {
  tipo: string;
  min: number;
  max: number;
  sexo?: "F" | "M";
  diaCama: string;
  surgical: boolean;
  obstetric: boolean;
};
export const STAY_TYPES: readonly StayType[] = [
  { tipo: "CLINICA", min: 15, max: Infinity, diaCama: "430101", surgical: false, obstetric: false },
  { tipo: "QUIRURGICA", min: 0, max: Infinity, diaCama: "430102", surgical: true, obstetric: false },
  { tipo: "MATERNIDAD", min: 15, max: 50, sexo: "F", diaCama: "430101", surgical: false, obstetric: true },
  { tipo: "PEDIATRICA", min: 0, max: 15, diaCama: "430101", surgical: false, obstetric: false },
  { tipo: "TERAPIA INTENSIVA", min: 0, max: Infinity, diaCama: "430201", surgical: false, obstetric: false },
  { tipo: "SALUD MENTAL", min: 15, max: Infinity, diaCama: "430101", surgical: false, obstetric: false },
  { tipo: "UNIDAD CORONARIA", min: 30, max: Infinity, diaCama: "430202", surgical: false, obstetric: false },
  { tipo: "NEONATOLOGIA", min: 0, max: NEONATE, diaCama: "430301", surgical: false, obstetric: false },
];
const T = Object.fromEntries(STAY_TYPES.map((t, k) => [t.tipo, k])) as Record<string, number>;
const NEWBORN_TYPES = [
  [T.NEONATOLOGIA, 85],
  [T.QUIRURGICA, 10],
  [T["TERAPIA INTENSIVA"], 5],
] as const;
const CHILD_TYPES = [
  [T.PEDIATRICA, 70],
  [T.QUIRURGICA, 22],
  [T["TERAPIA INTENSIVA"], 8],
] as const;
const ADULT_TYPES = [
  [T.CLINICA, 40],
  [T.QUIRURGICA, 28],
  [T["TERAPIA INTENSIVA"], 8],
  [T["SALUD MENTAL"], 3],
] as const;
const OVER_30_TYPES = [...ADULT_TYPES, [T["UNIDAD CORONARIA"], 4]] as const;

/** A kind of stay that fits someone of that sex and age at admission (years). */
function stayType(rng: Rng, sexo: number, age: number): number {
  if (age < NEONATE) return rng.weighted(NEWBORN_TYPES);
  if (age < 15) return rng.weighted(CHILD_TYPES);
  if (sexo === 1 && age < 45 && rng.chance(0.3)) return T.MATERNIDAD;
  return rng.weighted(age >= 30 ? OVER_30_TYPES : ADULT_TYPES);
}

const YEAR = 365.25;
const COV_DESC = new Map(COBERTURAS.map((c) => [c.code, c.desc]));

export function buildStays(
  p: Population,
  rng: Rng,
  count: number,
  hosts: { responsable: number; efector: number }[],
): Stays {
  const st: Stays = {
    count,
    numero: new Int32Array(count),
    member: new Int32Array(count),
    dayIn: new Int32Array(count),
    days: new Int32Array(count),
    entidad: new Int32Array(count),
    efector: new Int32Array(count),
    cov: new Uint8Array(count),
    tipo: new Uint8Array(count),
  };
  const horizon = 730;
  for (let k = 0; k < count; k++) {
    const i = rng.chance(0.9) ? p.active[rng.int(0, p.active.length - 1)] : rng.int(0, p.members - 1);
    const last = p.baja[i] === NONE ? p.today : p.baja[i];
    const first = Math.max(p.alta[i], p.birth[i], p.today - horizon - 200);
    st.numero[k] = 500_001 + k;
    st.member[k] = i;
    st.dayIn[k] = first >= last ? last : rng.int(first, last);
    st.days[k] = Math.round(rng.normal(4, 3, 1, 30));
    const host = rng.pick(hosts);
    st.entidad[k] = host.responsable;
    st.efector[k] = host.efector;
    st.cov[k] = p.cov[i] && rng.chance(0.4) ? p.cov[i] : 1;
    st.tipo[k] = stayType(rng, p.sexo[i], (st.dayIn[k] - p.birth[i]) / YEAR);
  }
  // numero_orden grows with the admission date, as a counter would.
  const order = Array.from({ length: count }, (_, k) => k).sort((a, b) => st.dayIn[a] - st.dayIn[b] || a - b);
  const remap = <T extends Int32Array | Uint8Array>(arr: T): T => {
    const c = arr.slice() as T;
    order.forEach((from, to) => {
      c[to] = arr[from];
    });
    return c;
  };
  st.member = remap(st.member);
  st.dayIn = remap(st.dayIn);
  st.days = remap(st.days);
  st.entidad = remap(st.entidad);
  st.efector = remap(st.efector);
  st.cov = remap(st.cov);
  st.tipo = remap(st.tipo);
  return st;
}

export function internacionesLoad(st: Stays, p: Population, resp: Responsable[], rng: Rng): TableLoad {
  const columns = [
    "numero_orden",
    "idafi",
    "fecha_interna",
    "dias_solic",
    "dias_autorizados",
    "fecha_salida",
    "oi_cobertura",
    "tipo_interna",
    "entidad_nombre",
  ];
  function* rows(): Generator<Value[]> {
    for (let k = 0; k < st.count; k++) {
      const solic = st.days[k] + (rng.chance(0.3) ? rng.int(1, 4) : 0);
      const out = st.dayIn[k] + st.days[k];
      const i = st.member[k];
      const tipo = STAY_TYPES[st.tipo[k]].tipo;
      yield [
        st.numero[k],
        i + 1,
        isoOf(st.dayIn[k]),
        solic,
        st.days[k],
        out > p.today ? null : isoOf(out),
        `${st.cov[k]} - ${COV_DESC.get(st.cov[k])}`,
        tipo,
        resp[st.entidad[k]].nombre,
      ];
    }
  }
  return { table: s.internaciones, columns, rows: rows() };
}

const PHARMACIES = [
  "DEL PUEBLO",
  "CENTRAL",
  "SAN MARTÍN",
  "DEL VALLE",
  "ESQUIÚ",
  "SARMIENTO",
  "AMBATO",
  "NUEVA",
  "DEL CARMEN",
  "SANTA RITA",
  "LA MODERNA",
  "SAN JUAN",
  "BELGRANO",
  "DEL SOL",
  "LOURDES",
  "FARMASUR",
];
const PROVIDERS = [
  "COLEGIO DE FARMACEUTICOS DE CATAMARCA",
  "FEDERACION FARMACEUTICA (FEFARA)",
  "FARMACIAS SOCIALES OSEP",
  "ASOCIACION DE FARMACIAS MUTUALES",
];

/** Dispensed prescriptions over the last two years; about 3 % carry the 1900-01-01 "Sin info" sentinel. */
export function consumosLoad(p: Population, rng: Rng, vade: VademecumRow[], perMember: number): TableLoad {
  const columns = [
    "idafi",
    "dni",
    "farma_mombre",
    "farma_provincia",
    "farma_prestador",
    "fecha_receta",
    "fecha_dispensa",
    "producto",
    "cant_unidades",
    "descuento",
    "plan_programa",
  ];
  const plans = new Map<string, VademecumRow[]>();
  for (const v of vade) plans.set(v.plan, [...(plans.get(v.plan) ?? []), v]);
  const planOfCov: Record<number, string> = {
    3: "ONCOLOGIA",
    8: "DIABETES",
    15: "SALUD MENTAL",
    40: "HIV",
    41: "TRASPLANTE",
    43: "HIPOTIROIDISMO",
    44: "HIPERTENSION",
    45: "ESCLEROSIS MULTIPLE",
    53: "MATERNO INFANTIL",
  };
  function* rows(): Generator<Value[]> {
    for (let i = 0; i < p.members; i++) {
      const chronic = planOfCov[p.cov[i]];
      const expected = perMember * (chronic ? 3 : 0.8);
      let n = Math.floor(expected) + (rng.next() < expected % 1 ? 1 : 0);
      const last = p.baja[i] === NONE ? p.today : p.baja[i];
      const first = Math.max(p.alta[i], p.today - 730);
      if (first >= last) continue;
      for (; n > 0; n--) {
        const v = chronic && rng.chance(0.7) ? rng.pick(plans.get(chronic)!) : rng.pick(vade);
        const disp = rng.int(first, last);
        const unknownReceta = rng.chance(0.03),
          unknownDisp = rng.chance(0.02);
        const local = rng.chance(0.95);
        yield [
          i + 1,
          String(p.dni[i]),
          `FARMACIA ${rng.pick(PHARMACIES)}`,
          local ? "CATAMARCA" : rng.pick(["TUCUMÁN", "CÓRDOBA", "BUENOS AIRES", "LA RIOJA"]),
          rng.pick(PROVIDERS),
          unknownReceta ? NO_PHARMACY_DATE : isoOf(disp - rng.int(0, 20)),
          unknownDisp ? NO_PHARMACY_DATE : isoOf(disp),
          `${v.producto} ${v.presentacion}`,
          rng.int(1, 3),
          v.cobertura.replace("%", "") + ".00",
          v.plan,
        ];
      }
    }
  }
  return { table: s.consumosFarmacia, columns, rows: rows() };
}
