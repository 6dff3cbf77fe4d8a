// A few oncology case files (fichas) for members enrolled in coverage 3, with their drug rows.
import * as s from "~db/schema/index.ts";
import { ESTADOS_CIVILES, MONODROGAS, ORGANOS, PARENTESCOS } from "./catalog.ts";
import { apeynom, nroafi, type Population } from "./population.ts";
import type { Professional } from "./providers.ts";
import { isoOf, type Rng } from "./random.ts";
import type { TableLoad, Value } from "./writer.ts";

const HISTOLOGIAS = [
  "CARCINOMA DUCTAL INFILTRANTE",
  "ADENOCARCINOMA",
  "CARCINOMA EPIDERMOIDE",
  "CARCINOMA LOBULILLAR",
  "LINFOMA B DIFUSO DE CELULAS GRANDES",
  "CARCINOMA PAPILAR",
  "MELANOMA",
  "SARCOMA",
];
const ESTADIOS = ["I", "II", "III", "IV", "A", "B", "C"];
const ESQUEMAS = [
  "AC-T",
  "FOLFOX",
  "XELOX",
  "CARBOPLATINO-PACLITAXEL",
  "R-CHOP",
  "CISPLATINO-GEMCITABINA",
  "HORMONOTERAPIA ADYUVANTE",
];

const MALE_ORGANS = new Set(["PROSTATA", "TESTICULO"]);
const FEMALE_ORGANS = new Set(["MAMA", "OVARIO", "CUELLO UTERINO", "ENDOMETRIO"]);
/** Prostate and testicle only for men; breast, ovary, cervix and endometrium only for women. */
export function organFits(organ: string, sexo: "F" | "M"): boolean {
  return sexo === "M" ? !FEMALE_ORGANS.has(organ) : !MALE_ORGANS.has(organ);
}

const FICHAS_COLUMNS = [
  "id",
  "nro_ficha",
  "estado_ficha",
  "fecha",
  "afi_dni",
  "afi_nro_afi",
  "afi_parentesco",
  "afi_sexo",
  "afi_nombre",
  "afi_estado_civil",
  "afi_domicilio",
  "afi_localidad",
  "afi_departamento",
  "afi_provincia",
  "afi_telefono",
  "afi_celular",
  "afi_email",
  "hospital",
  "prescriptor_nombre",
  "prescriptor_matricula_prof",
  "prescriptor_matricula_espe",
  "prescriptor_email",
  "fecha_diagnostico",
  "edad_al_dianostico_anios",
  "edad_al_dianostico_meses",
  "diagnostico_histologico",
  "organoId",
  "resumen_historia_clinica",
  "estudios_realizados",
  "controles_previos",
  "estado_actual",
  "estado_adyuvancia",
  "estado_avanzado",
  "cirugia",
  "fecha_cirugia",
  "tipo_cirugia",
  "quimioterapia",
  "fecha_quimioterapia",
  "esquema_quimioterapia",
  "radioterapia",
  "fecha_radioterapia",
  "esquema_radioterapia",
  "homonoterapia",
  "fecha_homonoterapia",
  "esquema_homonoterapia",
  "diagnostico",
  "estadio",
  "peso",
  "talla",
  "sup_corporal",
  "observacion",
  "editable",
];

const DROGAS_COLUMNS = [
  "fichaId",
  "droga",
  "mgrs_protocolo",
  "cantidad",
  "dosis_dia",
  "dosis_total",
  "presentacion",
  "presentacion_cantidad",
  "ciclos",
  "frecuencia",
];

/** The member's columns of a case (no random draws). */
function afiliadoCols(p: Population, i: number): Value[] {
  return [
    String(p.dni[i]),
    nroafi(p, i),
    PARENTESCOS[p.parKind[i]],
    p.sexo[i] ? "F" : "M",
    apeynom(p, i),
    ESTADOS_CIVILES[p.estcivil[i]][1],
    "VER DOMICILIO EN PADRON",
    "SAN FERNANDO DEL VALLE DE CATAMARCA",
    "Capital",
    "Catamarca",
    null,
  ];
}

/** Case `id` of member `i`: its row and the body surface its drugs' doses use (the draws in the same order). */
function fichaDe(p: Population, i: number, id: number, rng: Rng, docs: Professional[]): { row: Value[]; sup: number } {
  const fecha = p.today - rng.int(0, 700);
  const diag = fecha - rng.int(10, 400);
  const ageDays = diag - p.birth[i];
  const peso = rng.normal(70, 12, 40, 130),
    talla = rng.normal(165, 9, 145, 195);
  const sup = Math.sqrt((peso * talla) / 3600);
  const doc = rng.pick(docs);
  let organo = rng.int(1, ORGANOS.length);
  while (!organFits(ORGANOS[organo - 1], p.sexo[i] ? "F" : "M")) organo = rng.int(1, ORGANOS.length);
  const quimio = rng.chance(0.7),
    radio = rng.chance(0.4),
    cirugia = rng.chance(0.5),
    hormono = rng.chance(0.25);
  const estado = rng.weighted([
    ["INGRESO", 75],
    ["CAMBIO_MEDICAMENTO", 15],
    ["REINGRESO", 10],
  ] as const);
  const row: Value[] = [
    id,
    id,
    estado,
    isoOf(fecha),
    ...afiliadoCols(p, i),
    `38315${rng.digits(6)}`,
    null,
    rng.pick(["HOSPITAL SAN JUAN BAUTISTA", "INSTITUTO ONCOLOGICO DEL VALLE", "SANATORIO DEL ACONQUIJA"]),
    `${doc.apellido} ${doc.nombre}`,
    doc.matricula,
    String(rng.int(100, 999)),
    null,
    isoOf(diag),
    Math.floor(ageDays / 365.25),
    Math.floor((ageDays % 365.25) / 30.44),
    rng.pick(HISTOLOGIAS),
    organo,
    "PACIENTE CON DIAGNOSTICO CONFIRMADO POR ANATOMIA PATOLOGICA. INICIA TRATAMIENTO SEGUN PROTOCOLO.",
    "TAC, CENTELLOGRAMA OSEO, LABORATORIO COMPLETO",
    rng.chance(0.5) ? "CONTROLES TRIMESTRALES" : null,
    true,
    rng.chance(0.5),
    rng.chance(0.3),
    cirugia,
    cirugia ? isoOf(diag + rng.int(5, 60)) : null,
    cirugia ? "RESECCION QUIRURGICA" : null,
    quimio,
    quimio ? isoOf(diag + rng.int(20, 90)) : null,
    quimio ? rng.pick(ESQUEMAS) : null,
    radio,
    radio ? isoOf(diag + rng.int(60, 180)) : null,
    radio ? "25 SESIONES" : null,
    hormono,
    hormono ? isoOf(diag + rng.int(90, 200)) : null,
    hormono ? "TAMOXIFENO 20 MG/DIA" : null,
    `${ORGANOS[organo - 1]} - ${rng.pick(HISTOLOGIAS)}`,
    rng.pick(ESTADIOS),
    peso.toFixed(2),
    talla.toFixed(2),
    sup.toFixed(2),
    rng.chance(0.3) ? "SE SOLICITA PROVISION URGENTE" : null,
    rng.chance(0.8),
  ];
  return { row, sup };
}

/** The drugs of case `id` (one to three). */
function drogasDe(rng: Rng, id: number, sup: number, drogas: Value[][]): void {
  for (let d = rng.int(1, 3); d > 0; d--) {
    const mg = rng.int(5, 100) * 10,
      days = rng.pick([1, 7, 14, 21, 28]),
      dosis = mg * sup;
    drogas.push([
      id,
      rng.pick(MONODROGAS),
      mg,
      days,
      dosis.toFixed(2),
      (dosis * days).toFixed(2),
      rng.pick(["Comprimido", "Ampolla"]),
      rng.int(1, 10),
      rng.int(1, 8),
      rng.int(1, 30),
    ]);
  }
}

export function onco(
  p: Population,
  rng: Rng,
  docs: Professional[],
  max: number,
): { fichas: TableLoad; drogas: TableLoad } {
  const fichas: Value[][] = [];
  const drogas: Value[][] = [];
  for (let i = 0, id = 0; i < p.members && id < max; i++) {
    if (p.cov[i] !== 3 || p.today - p.birth[i] < 18 * 365) continue;
    id++;
    const f = fichaDe(p, i, id, rng, docs);
    fichas.push(f.row);
    drogasDe(rng, id, f.sup, drogas);
  }
  return {
    fichas: { table: s.fichasOnco, columns: FICHAS_COLUMNS, rows: fichas },
    drogas: { table: s.fichasOncoMonodrogas, columns: DROGAS_COLUMNS, rows: drogas },
  };
}
