// Providers side: liquidation responsables (~90 entities with CUIT), colleges, professionals, effectors,
// auditors and their shifts, and the oncology lookups (organs, drugs, doctors).
import * as s from "~db/schema/index.ts";
import { COLEGIOS, MONODROGAS, ORGANOS } from "./catalog.ts";
import { cuitForCompany, formatCuil } from "./cuil.ts";
import { personName } from "./names.ts";
import { servicesMask, type Service } from "./nomenclature.ts";
import { locality, street } from "./places.ts";
import type { Rng } from "./random.ts";
import type { TableLoad } from "./writer.ts";

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
export const onlyChildren = (especialidadOrEntidad: string): boolean =>
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

// ---- what each provider may do ----

const MEDICAL_OFFICE: Service[] = [
  "consulta",
  "especialista",
  "guardia",
  "pediatria",
  "cardio",
  "imagen",
  "kinesiologia",
  "psicoterapia",
  "fonoaudiologia",
  "endoscopia",
];
const HOSPITAL: Service[] = [
  "consulta",
  "especialista",
  "guardia",
  "pediatria",
  "internacion",
  "cardio",
  "imagen",
  "laboratorio",
  "cirugia",
  "traumatologia",
  "obstetricia",
  "kinesiologia",
  "psicoterapia",
  "dialisis",
  "oncologia",
  "endoscopia",
  "traslado",
  "ortopedia",
];
// Anaesthetists: the anaesthesia of surgery, deliveries and endoscopies, and the pre-anaesthetic (specialist) consultation.
const SURGERY_SUPPORT: Service[] = ["especialista", "cirugia", "traumatologia", "obstetricia", "endoscopia"];

/**
 * Kinds of liquidation responsable (the entity that bills): the services it bills, whether stays
 * (internaciones) can happen there, and for a professional association, which specialties bill through it.
 * Recognised by the start of the name (an institution) or by the association's name.
 */
export type ProviderKind = { kind: string; match: RegExp; services: Service[]; stays: boolean; accepts?: string[] };
export const PROVIDER_KINDS: readonly ProviderKind[] = [
  {
    kind: "CLINICA",
    match: /^(CLÍNICA|SANATORIO|INSTITUTO MÉDICO|FUNDACIÓN HOSPITALARIA|ASOCIACIÓN DE CLÍNICAS)/,
    services: HOSPITAL,
    stays: true,
  },
  { kind: "CENTRO MEDICO", match: /^CENTRO MÉDICO/, services: MEDICAL_OFFICE, stays: false },
  {
    kind: "ENTIDAD MEDICA",
    match: /^(CÍRCULO MÉDICO|COOPERATIVA DE TRABAJO MÉDICO)/,
    stays: false,
    services: [
      "consulta",
      "especialista",
      "guardia",
      "pediatria",
      "cardio",
      "imagen",
      "cirugia",
      "traumatologia",
      "obstetricia",
      "oncologia",
      "endoscopia",
      "psicoterapia",
      "dialisis",
    ],
  },
  {
    kind: "DIAGNOSTICO",
    match: /^(CENTRO DE DIAGNÓSTICO|INSTITUTO DE DIAGNÓSTICO)/,
    services: ["imagen", "cardio", "endoscopia"],
    stays: false,
  },
  { kind: "LABORATORIO", match: /^LABORATORIO/, services: ["laboratorio"], stays: false },
  {
    kind: "REHABILITACION",
    match: /^CENTRO DE REHABILITACIÓN/,
    services: ["kinesiologia", "fonoaudiologia", "psicoterapia", "apoyo_escolar", "ortopedia"],
    stays: false,
  },
  { kind: "ODONTOLOGIA", match: /^CENTRO ODONTOLÓGICO/, services: ["odontologia"], stays: false },
  { kind: "OPTICA", match: /^ÓPTICA/, services: ["optica"], stays: false },
  { kind: "ONCOLOGIA", match: /^INSTITUTO ONCOLÓGICO/, services: ["especialista", "oncologia"], stays: false },
  { kind: "DIALISIS", match: /^CENTRO DE DIÁLISIS/, services: ["dialisis"], stays: false },
  // professional associations: their members bill through them
  {
    kind: "ANESTESIA",
    match: /^ASOCIACIÓN DE ANESTESIA/,
    services: SURGERY_SUPPORT,
    stays: false,
    accepts: ["ANESTESIOLOGIA"],
  },
  {
    kind: "BIOQUIMICA",
    match: /^ASOCIACIÓN BIOQUÍMICA/,
    services: ["laboratorio"],
    stays: false,
    accepts: ["BIOQUIMICA CLINICA", "MICROBIOLOGIA"],
  },
  {
    kind: "ODONTOLOGOS",
    match: /^ASOCIACIÓN ODONTOLÓGICA/,
    services: ["odontologia"],
    stays: false,
    accepts: ["ODONTOLOGIA GENERAL", "ORTODONCIA", "ENDODONCIA", "ODONTOPEDIATRIA", "PERIODONCIA"],
  },
  {
    kind: "KINESIOLOGOS",
    match: /^ASOCIACIÓN CATAMARQUEÑA DE KINESIOLOGÍA/,
    services: ["kinesiologia"],
    stays: false,
    accepts: ["KINESIOLOGIA", "FISIOTERAPIA", "KINESIOLOGIA RESPIRATORIA"],
  },
  { kind: "FARMACIA", match: /^FEDERACIÓN FARMACÉUTICA/, services: ["farmacia"], stays: false, accepts: ["FARMACIA"] },
  {
    kind: "PSICOLOGOS",
    match: /^COLEGIO DE PSICÓLOGOS/,
    services: ["psicoterapia", "apoyo_escolar"],
    stays: false,
    accepts: ["PSICOLOGIA CLINICA", "PSICOPEDAGOGIA"],
  },
  {
    kind: "OFTALMOLOGOS",
    match: /^ASOCIACIÓN DE OFTALMOLOGÍA/,
    services: ["especialista"],
    stays: false,
    accepts: ["OFTALMOLOGIA"],
  },
  {
    kind: "PEDIATRAS",
    match: /^SOCIEDAD DE PEDIATRÍA/,
    services: ["pediatria", "guardia"],
    stays: false,
    accepts: ["PEDIATRIA"],
  },
  {
    kind: "FONOAUDIOLOGOS",
    match: /^ASOCIACIÓN DE FONOAUDIÓLOGOS/,
    services: ["fonoaudiologia"],
    stays: false,
    accepts: ["FONOAUDIOLOGIA"],
  },
  { kind: "ENFERMERIA", match: /^MUTUAL DE ENFERMERÍA/, services: ["traslado"], stays: false, accepts: ["ENFERMERIA"] },
];

/** The kind of a responsable (or of an institution effector, which bears its responsable's name). */
export function providerKind(nombre: string): ProviderKind {
  const k = PROVIDER_KINDS.find((x) => x.match.test(nombre));
  if (!k) throw new Error(`no provider kind for ${nombre}`);
  return k;
}

/** What a professional may do, by specialty (the colleges of catalog.ts). */
const SPECIALTY_SERVICES: Record<string, Service[]> = {
  "CLINICA MEDICA": ["consulta", "guardia"],
  "MEDICINA GENERAL Y FAMILIAR": ["consulta", "guardia"],
  PEDIATRIA: ["pediatria", "guardia"],
  CARDIOLOGIA: ["especialista", "cardio"],
  TRAUMATOLOGIA: ["especialista", "traumatologia"],
  "GINECOLOGIA Y OBSTETRICIA": ["especialista", "obstetricia"],
  "CIRUGIA GENERAL": ["especialista", "cirugia"],
  OFTALMOLOGIA: ["especialista"],
  DERMATOLOGIA: ["especialista"],
  ONCOLOGIA: ["especialista", "oncologia"],
  NEUROLOGIA: ["especialista"],
  UROLOGIA: ["especialista"],
  GASTROENTEROLOGIA: ["especialista", "endoscopia"],
  ENDOCRINOLOGIA: ["especialista"],
  OTORRINOLARINGOLOGIA: ["especialista"],
  PSIQUIATRIA: ["especialista", "psicoterapia"],
  "DIAGNOSTICO POR IMAGENES": ["imagen"],
  NEFROLOGIA: ["especialista", "dialisis"],
  HEMATOLOGIA: ["especialista"],
  ANESTESIOLOGIA: SURGERY_SUPPORT,
  "ODONTOLOGIA GENERAL": ["odontologia"],
  ORTODONCIA: ["odontologia"],
  ENDODONCIA: ["odontologia"],
  ODONTOPEDIATRIA: ["odontologia"],
  PERIODONCIA: ["odontologia"],
  "BIOQUIMICA CLINICA": ["laboratorio"],
  MICROBIOLOGIA: ["laboratorio"],
  KINESIOLOGIA: ["kinesiologia"],
  FISIOTERAPIA: ["kinesiologia"],
  "KINESIOLOGIA RESPIRATORIA": ["kinesiologia"],
  "PSICOLOGIA CLINICA": ["psicoterapia"],
  PSICOPEDAGOGIA: ["psicoterapia", "apoyo_escolar"],
  FONOAUDIOLOGIA: ["fonoaudiologia"],
  NUTRICION: [],
  OBSTETRICIA: ["obstetricia"],
  FARMACIA: ["farmacia"],
  ENFERMERIA: ["traslado"],
};

export function specialtyServices(especialidad: string): number {
  const list = SPECIALTY_SERVICES[especialidad];
  if (!list) throw new Error(`no services for specialty ${especialidad}`);
  return servicesMask(list);
}

/** The services a professional may bill through a responsable: what both may do, if the entity takes that specialty. */
export function professionalServices(especialidad: string, responsable: string): number {
  const k = providerKind(responsable);
  if (k.accepts && !k.accepts.includes(especialidad)) return 0;
  return specialtyServices(especialidad) & servicesMask(k.services);
}

/** The responsables where stays can happen and that have an institution effector of their own (whose efector index is given). */
export function stayHosts(efs: Efector[], resp: Responsable[]): { responsable: number; efector: number }[] {
  const seen = new Set<number>();
  const out: { responsable: number; efector: number }[] = [];
  efs.forEach((e, k) => {
    if (e.institution && providerKind(resp[e.responsable].nombre).stays && !seen.has(e.responsable)) {
      seen.add(e.responsable);
      out.push({ responsable: e.responsable, efector: k });
    }
  });
  return out;
}

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
