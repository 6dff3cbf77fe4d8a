// Providers side: liquidation responsables (~90 entities with CUIT), colleges, professionals, effectors,
// auditors and their shifts, and the oncology lookups (organs, drugs, doctors).
import * as s from "~db/schema/index.ts";
import { COLEGIOS, MONODROGAS, ORGANOS } from "./catalog.ts";
import { cuitForCompany, formatCuil } from "./cuil.ts";
import { personName } from "./names.ts";
import { servicesMask } from "./nomenclature.ts";
import { locality, street } from "./places.ts";
import type { Rng } from "./random.ts";
import type { TableLoad } from "./writer.ts";
import { HOSPITAL, professionalServices, providerKind, SPECIALTY_SERVICES, stayHosts } from "./provider-services.ts";

export type Responsable = { nombre: string; cuit: string };
/**
 * services: the bit mask of the services (nomenclature.ts) this effector may give; 0 = none.
 * children: it only sees patients under CHILDREN_UNTIL (a paediatrician, a paediatric dentist, the paediatric society).
 */
export type Efector = {
  codigo: string;
  matmedefector: string;
  nommedefector: string;
  responsable: number;
  services: number;
  institution: boolean;
  children: boolean;
};

/** Age (years) from which a patient no longer sees paediatric providers. */
export const CHILDREN_UNTIL = 18;
const PAEDIATRIC_SPECIALTIES = new Set(["PEDIATRIA", "ODONTOPEDIATRIA"]);
/** True for a specialty or an entity that only sees children. */
const onlyChildren = (especialidadOrEntidad: string): boolean =>
  PAEDIATRIC_SPECIALTIES.has(especialidadOrEntidad) || /^SOCIEDAD DE PEDIATRÍA/.test(especialidadOrEntidad);
export type Professional = {
  apellido: string;
  nombre: string;
  matricula: string;
  colegio: number;
  especialidad: string;
};

const INSTITUTION_KINDS = [
  "CLÍNICA",
  "SANATORIO",
  "INSTITUTO MÉDICO",
  "CENTRO MÉDICO",
  "CENTRO DE DIAGNÓSTICO",
  "LABORATORIO DE ANÁLISIS CLÍNICOS",
  "INSTITUTO DE DIAGNÓSTICO POR IMÁGENES",
  "CENTRO DE REHABILITACIÓN",
  "CENTRO ODONTOLÓGICO",
  "ÓPTICA",
  "INSTITUTO ONCOLÓGICO",
  "CENTRO DE DIÁLISIS",
];
const INSTITUTION_NAMES = [
  "DEL VALLE",
  "AMBATO",
  "ACONQUIJA",
  "SAN FERNANDO",
  "NUESTRA SEÑORA DEL VALLE",
  "FRAY MAMERTO ESQUIÚ",
  "ANCASTI",
  "LOS ÁLAMOS",
  "EL JUMEAL",
  "CATAMARCA",
  "DEL NORTE",
  "SANTA ROSA",
  "SAN JOSÉ",
  "VIRGEN DEL VALLE",
  "CALCHAQUÍ",
  "POMÁN",
  "DEL OESTE",
  "LA GRUTA",
  "SAN NICOLÁS",
  "DEL SOL",
  "PUNA",
  "FIAMBALÁ",
  "BELÉN",
  "ANDALGALÁ",
];
const ASSOCIATIONS = [
  "ASOCIACIÓN DE ANESTESIA, ANALGESIA Y REANIMACIÓN DE CATAMARCA",
  "ASOCIACIÓN BIOQUÍMICA DE CATAMARCA",
  "ASOCIACIÓN ODONTOLÓGICA CATAMARQUEÑA",
  "CÍRCULO MÉDICO DE CATAMARCA",
  "ASOCIACIÓN DE CLÍNICAS Y SANATORIOS DE CATAMARCA",
  "ASOCIACIÓN CATAMARQUEÑA DE KINESIOLOGÍA",
  "FEDERACIÓN FARMACÉUTICA DE CATAMARCA",
  "COLEGIO DE PSICÓLOGOS DE CATAMARCA",
  "ASOCIACIÓN DE OFTALMOLOGÍA DEL NOA",
  "SOCIEDAD DE PEDIATRÍA DE CATAMARCA",
  "ASOCIACIÓN DE FONOAUDIÓLOGOS DE CATAMARCA",
  "COOPERATIVA DE TRABAJO MÉDICO DEL VALLE LTDA.",
  "FUNDACIÓN HOSPITALARIA DEL VALLE",
  "MUTUAL DE ENFERMERÍA CATAMARQUEÑA",
];
const LEGAL = ["S.A.", "S.R.L.", "S.R.L.", "S.A.S."];

/** About 90 plausible (invented) entities with valid, distinct CUITs. */
export function responsables(rng: Rng, count = 90): Responsable[] {
  const out: Responsable[] = [];
  const names = new Set<string>();
  const numbers = new Set<number>();
  for (const a of ASSOCIATIONS) names.add(a);
  while (names.size < count)
    names.add(`${rng.pick(INSTITUTION_KINDS)} ${rng.pick(INSTITUTION_NAMES)} ${rng.pick(LEGAL)}`);
  for (const nombre of names) {
    let n: number;
    do n = rng.int(50_000_000, 71_999_999);
    while (numbers.has(n));
    numbers.add(n);
    out.push({ nombre, cuit: formatCuil(cuitForCompany(n)) });
  }
  return out;
}

export function responsablesLoad(list: Responsable[]): TableLoad {
  return {
    table: s.responsables,
    columns: ["id", "nombre", "cuit"],
    rows: list.map((r, i) => [i + 1, r.nombre, r.cuit]),
  };
}

export function colegiosLoad(): TableLoad {
  return { table: s.colegios, columns: ["id", "sptpmdescr"], rows: COLEGIOS.map(([n], i) => [i + 1, n]) };
}

const COLEGIO_WEIGHTS = COLEGIOS.map((_, i) => [i, [60, 12, 6, 7, 6, 2, 2, 2, 2, 1][i] ?? 1] as const);

export function professionals(rng: Rng, count: number): Professional[] {
  const out: Professional[] = [];
  for (let k = 0; k < count; k++) {
    const name = personName(rng, rng.chance(0.52) ? "F" : "M");
    const colegio = rng.weighted(COLEGIO_WEIGHTS);
    out.push({
      apellido: name.apellido,
      nombre: name.nombre,
      matricula: String(1000 + k * 3 + rng.int(0, 2)),
      colegio,
      especialidad: rng.pick(COLEGIOS[colegio][1]),
    });
  }
  return out;
}

export function prestadoresLoad(list: Professional[], rng: Rng): TableLoad {
  const columns = [
    "id",
    "apellido",
    "nombre",
    "matricula",
    "colegioId",
    "especialidad",
    "domicilio",
    "localida",
    "telefono",
  ];
  return {
    table: s.prestadores,
    columns,
    rows: list.map((p, i) => {
      const loc = rng.chance(0.7)
        ? { localidad: "SAN FERNANDO DEL VALLE DE CATAMARCA", departamento: "CAPITAL", codpostal: "4700" }
        : locality(rng);
      const st = street(rng, loc);
      return [
        i + 1,
        p.apellido,
        p.nombre,
        p.matricula,
        p.colegio + 1,
        p.especialidad,
        `${st.calle} ${st.numero}`,
        loc.localidad,
        `383-4${rng.digits(6)}`,
      ];
    }),
  };
}

/** Effectors: most are professionals, the rest institutions billed through a responsable. */
export function efectores(rng: Rng, count: number, pros: Professional[], resp: Responsable[]): Efector[] {
  const out: Efector[] = [];
  const candidates = new Map<string, number[]>();
  for (const esp of Object.keys(SPECIALTY_SERVICES)) {
    candidates.set(
      esp,
      resp.map((r, j) => (professionalServices(esp, r.nombre) ? j : -1)).filter((j) => j >= 0),
    );
  }
  for (let k = 0; k < count; k++) {
    // Zipf-like: a few responsables concentrate most of the activity.
    let responsable = Math.min(resp.length - 1, Math.floor(Math.pow(rng.next(), 2.2) * resp.length));
    if (rng.chance(0.75)) {
      const p = pros[rng.int(0, pros.length - 1)];
      let services = professionalServices(p.especialidad, resp[responsable].nombre);
      if (!services) {
        // A professional bills through an entity that takes their specialty (still mostly the big ones).
        const fit = candidates.get(p.especialidad) ?? [];
        if (fit.length) {
          responsable = fit[Math.min(fit.length - 1, Math.floor(Math.pow(rng.next(), 2.2) * fit.length))];
          services = professionalServices(p.especialidad, resp[responsable].nombre);
        }
      }
      out.push({
        codigo: String(20_000 + k),
        matmedefector: p.matricula,
        nommedefector: `${p.apellido} ${p.nombre}`,
        responsable,
        services,
        institution: false,
        children: onlyChildren(p.especialidad) || onlyChildren(resp[responsable].nombre),
      });
    } else {
      out.push({
        codigo: String(20_000 + k),
        matmedefector: String(rng.int(100, 999)),
        nommedefector: resp[responsable].nombre,
        responsable,
        services: servicesMask(providerKind(resp[responsable].nombre).services),
        institution: true,
        children: onlyChildren(resp[responsable].nombre),
      });
    }
  }
  // Stays need at least one clinic with an effector of its own.
  if (!stayHosts(out, resp).length) {
    const host = resp.findIndex((r) => providerKind(r.nombre).stays);
    const e = out[out.length - 1];
    out[out.length - 1] = {
      ...e,
      matmedefector: String(rng.int(100, 999)),
      nommedefector: resp[host].nombre,
      responsable: host,
      services: servicesMask(HOSPITAL),
      institution: true,
      children: false,
    };
  }
  return out;
}

export function efectoresLoad(list: Efector[], pros: Professional[], rng: Rng): TableLoad {
  return {
    table: s.efectores,
    columns: ["id", "codigo", "matriculas", "nommedefector", "matmedefector"],
    rows: list.map((e, i) => {
      const extra = rng.chance(0.3) ? `,${pros[rng.int(0, pros.length - 1)].matricula}` : "";
      return [i + 1, e.codigo, `${e.matmedefector}${extra}`, e.nommedefector, e.matmedefector];
    }),
  };
}

export type Auditor = { code: string; start: number; end: number };

/** AUD01..AUD25 with their shifts (minutes from midnight). */
export function auditors(rng: Rng, count = 25): Auditor[] {
  const shifts: (readonly [number, number, number])[] = [
    [420, 780, 12],
    [480, 840, 6],
    [780, 1140, 5],
    [840, 1200, 2],
  ];
  const out: Auditor[] = [];
  for (let k = 1; k <= count; k++) {
    const [start, end] = rng.weighted(shifts.map((sh) => [sh, sh[2]] as const));
    out.push({ code: `AUD${String(k).padStart(2, "0")}`, start, end });
  }
  return out;
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

export function turnosAuditoresLoad(list: Auditor[]): TableLoad {
  return {
    table: s.turnosAuditores,
    columns: ["auditor", "inicio_turno", "fin_turno"],
    rows: list.map((a) => [a.code, hhmm(a.start), hhmm(a.end)]),
  };
}

export function organosLoad(): TableLoad {
  return { table: s.organos, columns: ["id", "descripcion"], rows: ORGANOS.map((o, i) => [i + 1, o]) };
}

export function monodrogasLoad(): TableLoad {
  return { table: s.monodrogas, columns: ["id", "descripcion"], rows: MONODROGAS.map((o, i) => [i + 1, o]) };
}

export function medicosLoad(pros: Professional[]): TableLoad {
  const docs = pros.filter((p) => p.colegio === 0).slice(0, 80);
  return {
    table: s.medicos,
    columns: ["id", "apeynom"],
    rows: docs.map((p, i) => [i + 1, `${p.apellido} ${p.nombre}`]),
  };
}
