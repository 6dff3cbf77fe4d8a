// Smaller registries: practice nomenclature, vademecum, appointment config and appointments, documents
// (tramites), CAPA covid records with household members, MAE fichas with students.
import { TIPOS_DOCUMENTO } from "~db/reference.ts";
import * as s from "~db/schema/index.ts";
import { ESCUELAS, PARENTESCOS, PROCEDURE_TYPES, STAFF_USERS, TITULOS_MAE } from "./catalog.ts";
import { AREAS, EXTRACTOS, EXTRACTOS_POR_TIPO, EXTRACTOS_PRESTADOR } from "./catalog-tramites.ts";
import { personName } from "./names.ts";
import type { Practice, VademecumRow } from "./nomenclature.ts";
import { apeynom, nroafi, type Population } from "./population.ts";
import type { Responsable } from "./providers.ts";
import { dayOf, isoOf, timeOf, weekdayOf, type Rng } from "./random.ts";
import type { TableLoad, Value } from "./writer.ts";

const YEAR = 365.25;
const ageOf = (p: Population, i: number, day = p.today) => Math.floor((day - p.birth[i]) / YEAR);

export function practicasLoad(list: Practice[]): TableLoad {
  return {
    table: s.practicas,
    columns: ["id", "practica", "descripcion", "seccion", "capitulo", "subcapitulo", "secuencia", "subitem", "origen"],
    rows: list.map((x, k) => [
      k + 1,
      x.practica,
      x.descripcion,
      x.seccion,
      x.capitulo,
      x.subcapitulo,
      x.secuencia,
      x.subitem,
      x.origen,
    ]),
  };
}

export function vademecumLoad(list: VademecumRow[]): TableLoad {
  return {
    table: s.vademecum,
    columns: ["id", "producto", "presentacion", "laboratorio", "droga", "familia", "cobertura", "plan", "tamanio"],
    rows: list.map((v, k) => [
      k + 1,
      v.producto,
      v.presentacion,
      v.laboratorio,
      v.droga,
      v.familia,
      v.cobertura,
      v.plan,
      v.tamanio,
    ]),
  };
}

export function turnosConfigLoad(): TableLoad {
  return {
    table: s.turnosConfig,
    columns: ["id", "tipo_tramite", "cant_puesto", "tiempo_por_turno", "inicio_turno", "fin_turno"],
    rows: PROCEDURE_TYPES.map((t, k) => [k + 1, t.tipo, t.puestos, t.minutos, t.inicio, t.fin]),
  };
}

/** Appointments from 20 days ago to 10 days ahead, on weekdays, about a third of the slots taken. */
export function turnosLoad(p: Population, rng: Rng, fill = 0.35): TableLoad {
  const columns = [
    "nro_turno",
    "tipo_tramite",
    "fecha_turno",
    "hora_turno",
    "puesto",
    "dni_afiliado",
    "apeynom_afiliado",
    "id_afiliado",
    "estado_turno",
    "observacion",
    "operador",
  ];
  function* rows(): Generator<Value[]> {
    for (let day = p.today - 20; day <= p.today + 10; day++) {
      const wd = weekdayOf(day);
      if (wd === 0 || wd === 6) continue;
      for (const t of PROCEDURE_TYPES) {
        const start = Number(t.inicio.slice(0, 2)) * 60 + Number(t.inicio.slice(3));
        const end = Number(t.fin.slice(0, 2)) * 60 + Number(t.fin.slice(3));
        let nro = 0;
        for (let m = start; m + t.minutos <= end; m += t.minutos) {
          for (let puesto = 1; puesto <= t.puestos; puesto++) {
            nro++;
            if (!rng.chance(fill)) continue;
            const past = day < p.today;
            const estado = past
              ? rng.weighted([
                  ["ATENDIDO", 60],
                  ["CANCELADO", 15],
                  ["CONFIRMADO", 10],
                  ["ASIGNADO", 15],
                ] as const)
              : rng.weighted([
                  ["ASIGNADO", 60],
                  ["CONFIRMADO", 30],
                  ["CANCELADO", 10],
                ] as const);
            if (t.tipo === "AFILIACIONES" && rng.chance(0.4)) {
              const n = personName(rng, rng.chance(0.5) ? "F" : "M");
              yield [
                nro,
                t.tipo,
                isoOf(day),
                timeOf(m),
                puesto,
                String(rng.int(30_000_000, 47_000_000)),
                n.apeynom,
                null,
                estado,
                "ALTA NUEVA - TRAE DOCUMENTACION",
                rng.pick(STAFF_USERS),
              ];
            } else {
              const i = p.active[rng.int(0, p.active.length - 1)];
              yield [
                nro,
                t.tipo,
                isoOf(day),
                timeOf(m),
                puesto,
                String(p.dni[i]),
                apeynom(p, i),
                i + 1,
                estado,
                rng.chance(0.3) ? "CONSULTA TELEFONICA PREVIA" : null,
                rng.pick(STAFF_USERS),
              ];
            }
          }
        }
      }
    }
  }
  return { table: s.turnos, columns, rows: rows() };
}

/** Documents of every type; numbers run per type and year. */
export function tramitesLoad(p: Population, rng: Rng, resp: Responsable[], count: number): TableLoad {
  const columns = ["tipo_documento", "nrotramite", "anio", "letra", "extracto", "iniciador", "fecini", "area", "dni"];
  function* rows(): Generator<Value[]> {
    const next = new Map<string, number>();
    for (let k = 0; k < count; k++) {
      const tipo =
        k < TIPOS_DOCUMENTO.length
          ? TIPOS_DOCUMENTO[k]
          : rng.weighted(TIPOS_DOCUMENTO.map((t, j) => [t, [40, 15, 20, 8, 5, 8, 4][j]] as const));
      const day = p.today - Math.floor(Math.pow(rng.next(), 1.3) * 6 * 365);
      const anio = Number(isoOf(day).slice(0, 4));
      const key = `${tipo}/${anio}`;
      const nro = (next.get(key) ?? rng.int(1, 40)) + rng.int(1, 3);
      next.set(key, nro);
      // Member documents carry the member's DNI and name; the others a provider as initiator.
      const member = ["AFILIACION PARTICULAR", "RECLAMO"].includes(tipo) || rng.chance(0.7);
      const i = p.active[rng.int(0, p.active.length - 1)];
      const extractos = EXTRACTOS_POR_TIPO[tipo] ?? (member ? EXTRACTOS : EXTRACTOS_PRESTADOR);
      yield [
        tipo,
        nro,
        anio,
        rng.pick(["O", "A", "M", "R", "S"]),
        rng.pick(extractos),
        member ? apeynom(p, i) : rng.pick(resp).nombre,
        isoOf(day),
        rng.pick(AREAS),
        member ? String(p.dni[i]) : null,
      ];
    }
  }
  return { table: s.tramites, columns, rows: rows() };
}

/**
 * Days before today of the last CAPA records: the list opens on today–today (spec part 2 §9), so a newcomer sees
 * some records there (ADR 031). The random draws stay the same, so every other record is as before.
 */
const CAPA_RECIENTES = [2, 1, 1, 0, 0, 0, 0];

/** Columns of a CAPA record row (below): afi_dni and fecha_positivo. */
const CAPA_DNI = 3;
const CAPA_POSITIVO = 12;

/**
 * One record per DNI and positive date (issue 35, the unique index of migration 0011): a row drawn with the DNI and
 * positive date of an earlier one takes the day before, until free. No random draw, so every other row is as before.
 */
function unoPorPositivo(row: Value[], seen: Set<string>): void {
  let day = dayOf(String(row[CAPA_POSITIVO]));
  while (seen.has(`${row[CAPA_DNI]}|${isoOf(day)}`)) day--;
  row[CAPA_POSITIVO] = isoOf(day);
  seen.add(`${row[CAPA_DNI]}|${isoOf(day)}`);
}

/** CAPA records (mostly 2021–2022, the last ones today and the days before) with the member's real family. */
export function capa(p: Population, rng: Rng, count: number): { registros: TableLoad; integrantes: TableLoad } {
  const reg: Value[][] = [];
  const inte: Value[][] = [];
  const positivos = new Set<string>();
  const covidStart = dayOf("2021-03-01"),
    covidEnd = dayOf("2022-06-30");
  for (let k = 0; k < count; k++) {
    const i = p.active[rng.int(0, p.active.length - 1)];
    const g = p.group[i];
    const drawn = k < count * 0.85 ? rng.int(covidStart, covidEnd) : rng.int(p.today - 60, p.today);
    const reciente = k - (count - CAPA_RECIENTES.length);
    const day = reciente >= 0 ? p.today - CAPA_RECIENTES[reciente] : drawn;
    const family: number[] = [];
    for (let j = p.gFirst[g]; j < p.gFirst[g] + p.gSize[g]; j++) if (j !== i && rng.chance(0.8)) family.push(j);
    const cel = `38315${rng.digits(6)}`;
    reg.push([
      k + 1,
      k + 1,
      isoOf(day),
      String(p.dni[i]),
      nroafi(p, i),
      PARENTESCOS[p.parKind[i]],
      apeynom(p, i),
      rng.pick(["SAN FERNANDO DEL VALLE DE CATAMARCA", "VALLE VIEJO", "FRAY MAMERTO ESQUIÚ", "BELÉN", "TINOGASTA"]),
      ageOf(p, i, day),
      cel,
      rng.chance(0.4) ? `38315${rng.digits(6)}` : null,
      rng.chance(0.5) ? `paciente${k + 1}@gmail.com` : null,
      isoOf(day - rng.int(0, 5)),
      rng.chance(0.6) ? "Completo" : "Incompleto",
      family.length,
      family.length ? "modulo3047" : "modulo3046",
      rng.chance(0.8) ? String(rng.int(1_000_000, 9_999_999)) : null,
      rng.chance(0.9) ? "ACTIVO" : "CERRADO",
    ]);
    unoPorPositivo(reg[reg.length - 1], positivos);
    for (const j of family) inte.push([k + 1, String(p.dni[j]), apeynom(p, j), ageOf(p, j, day)]);
  }
  return {
    registros: {
      table: s.capaRegistros,
      columns: [
        "id",
        "nro_registro",
        "fecha_registracion",
        "afi_dni",
        "afi_nro_afi",
        "afi_parentesco",
        "afi_nombre",
        "afi_localidad",
        "afi_edad",
        "afi_telefono",
        "afi_telefono_alternativo",
        "afi_email",
        "fecha_positivo",
        "esquema_vacunacion",
        "cant_integrantes",
        "tipo_modulo",
        "nro_autorizacion_sia",
        "estado_registro",
      ],
      rows: reg,
    },
    integrantes: {
      table: s.capaIntegrantes,
      columns: ["capaId", "afi_dni_integrante", "afi_nombre_integrante", "afi_edad_integrante"],
      rows: inte,
    },
  };
}

/** MAE fichas for 2024 and 2025 (some teachers migrated to 2025) with members of school age as students. */
export function mae(p: Population, rng: Rng, count: number): { fichas: TableLoad; alumnos: TableLoad } {
  const fichas: Value[][] = [];
  const alumnos: Value[][] = [];
  const pupils: number[] = [];
  for (let k = 0; k < p.active.length && pupils.length < 5000; k++) {
    const i = p.active[k];
    const a = ageOf(p, i);
    if (a >= 4 && a <= 18) pupils.push(i);
  }
  const teachers: { dni: string; apeynom: string; titulo: string }[] = [];
  const used = new Set<number>();
  for (let k = 0; k < count; k++) {
    const n = personName(rng, rng.chance(0.85) ? "F" : "M");
    let dni: number;
    do dni = rng.int(25_000_000, 40_000_000);
    while (used.has(dni));
    used.add(dni);
    teachers.push({ dni: String(dni), apeynom: n.apeynom, titulo: rng.pick(TITULOS_MAE) });
  }
  let id = 0;
  for (const anio of [2024, 2025]) {
    for (const [k, t] of teachers.entries()) {
      if (anio === 2024 && k % 4 === 3) continue; // new in 2025
      if (anio === 2025 && k % 3 === 0) continue; // not migrated
      id++;
      fichas.push([id, t.dni, t.apeynom, t.titulo, anio]);
      const onThisFicha = new Set<number>(); // a student is on a ficha once (ADR 032)
      for (let a = rng.int(0, 4); a > 0 && pupils.length; a--) {
        const i = rng.pick(pupils);
        if (onThisFicha.has(i)) continue;
        onThisFicha.add(i);
        const [escuela, nivel] = rng.pick(ESCUELAS);
        const active = rng.chance(0.85);
        alumnos.push([
          id,
          String(p.dni[i]),
          apeynom(p, i),
          `EXP-${rng.int(1000, 9999)}/${anio}`,
          rng.pick([
            "LUNES A VIERNES 08:00 A 12:00",
            "LUNES A VIERNES 13:30 A 17:30",
            "LUNES, MIERCOLES Y VIERNES 08:00 A 12:00",
          ]),
          escuela,
          nivel,
          rng.chance(0.3) ? "REQUIERE ACOMPAÑAMIENTO EN RECREOS" : null,
          active,
          active
            ? null
            : `${anio}-${String(rng.int(4, 11)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
          anio,
        ]);
      }
    }
  }
  return {
    fichas: { table: s.maeFichas, columns: ["id", "dni", "apeynom", "titulo_mae", "anio_lectivo"], rows: fichas },
    alumnos: {
      table: s.maeAlumnos,
      columns: [
        "id_ficha",
        "dni",
        "apeynom",
        "expediente",
        "horario",
        "escuela",
        "escuela_nivel",
        "observacion",
        "estado",
        "fecha_inactivacion",
        "anio_lectivo",
      ],
      rows: alumnos,
    },
  };
}
