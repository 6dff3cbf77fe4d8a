// What each provider may do: the services of each kind of institution and of each specialty, and where stays can
// happen. Used by the providers' generator (providers.ts) and the authorisations' one.
import { servicesMask, type Service } from "./nomenclature.ts";
import type { Efector, Responsable } from "./providers.ts";

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
export const HOSPITAL: Service[] = [
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
const PROVIDER_KINDS: readonly ProviderKind[] = [
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
export const SPECIALTY_SERVICES: Record<string, Service[]> = {
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

function specialtyServices(especialidad: string): number {
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
