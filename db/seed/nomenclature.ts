// Practice nomenclature (section / chapter / subchapter / sequence / subitem / origin) and vademecum rows.
import type { Rng } from "./random.ts";

export type Practice = {
  practica: string;
  descripcion: string;
  seccion: string;
  capitulo: string;
  subcapitulo: string;
  secuencia: string;
  subitem: string;
  origen: string;
  weight: number;
  honorario: number;
  gasto: number;
  /** Who may receive it and who may give it (see PRACTICE_RULES). */
  rule: PracticeRule;
};

// ---- who may receive a practice, and what kind of provider gives it ----

/**
 * The kind of service a practice is: providers (professionals by specialty, institutions by kind, see
 * providers.ts) declare the services they give, and an authorisation only goes to a provider that gives it.
 */
const SERVICES = [
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
  "fonoaudiologia",
  "dialisis",
  "oncologia",
  "endoscopia",
  "odontologia",
  "traslado",
  "ortopedia",
  "apoyo_escolar",
  "farmacia",
  "optica",
] as const;
export type Service = (typeof SERVICES)[number];
/** One bit per service, so a provider's services are a number. */
export const serviceBit = (s: Service): number => 1 << SERVICES.indexOf(s);
export const servicesMask = (list: readonly Service[]): number => list.reduce((m, s) => m | serviceBit(s), 0);

export type Sexo = "F" | "M";
/**
 * Age in years at the date of the authorisation, in [min, max), and sex when the practice has one.
 * inpatient: it may be authorised within a stay (internación); day-bed practices only there.
 */
export type PracticeRule = {
  min: number;
  max: number;
  sexo?: Sexo;
  service: Service;
  inpatient: boolean;
  ambulatory: boolean;
};

/** The first 28 days of life, in years (neonatal care). */
export const NEONATE = 28 / 365.25;
const ANY = Infinity;

// practica → [service, min age, max age (exclusive), sex or "", inpatient, ambulatory]
const RULES: Record<string, readonly [Service, number, number, Sexo | "", boolean, boolean]> = {
  "420101": ["consulta", 15, ANY, "", false, true], // children see the paediatrician (420201)
  "420102": ["consulta", 0, ANY, "", false, true],
  "420103": ["especialista", 15, ANY, "", true, true], // a child's specialist visit goes through paediatrics
  "420105": ["guardia", 0, ANY, "", false, true],
  "420201": ["pediatria", 0, 15, "", false, true],
  "430101": ["internacion", 0, ANY, "", true, false],
  "430102": ["internacion", 0, ANY, "", true, false],
  "430201": ["internacion", 0, ANY, "", true, false],
  "430202": ["internacion", 30, ANY, "", true, false],
  "430301": ["internacion", 0, NEONATE, "", true, false],
  "170101": ["cardio", 0, ANY, "", true, true],
  "170106": ["cardio", 12, ANY, "", false, true],
  "170108": ["cardio", 0, ANY, "", true, true],
  "170110": ["cardio", 10, ANY, "", false, true],
  "180101": ["imagen", 0, ANY, "", true, true],
  "180102": ["imagen", 12, ANY, "F", false, true],
  "180103": ["imagen", 14, 50, "F", true, true],
  "180107": ["imagen", 20, ANY, "F", false, true],
  "340101": ["imagen", 0, ANY, "", true, true],
  "340111": ["imagen", 10, ANY, "", true, true],
  "340201": ["imagen", 35, ANY, "F", false, true],
  "340301": ["imagen", 0, ANY, "", true, true],
  "340305": ["imagen", 0, ANY, "", true, true],
  "340401": ["imagen", 0, ANY, "", true, true],
  "340403": ["imagen", 10, ANY, "", false, true],
  "660101": ["laboratorio", 0, ANY, "", true, true],
  "660102": ["laboratorio", 0, ANY, "", true, true],
  "660103": ["laboratorio", 0, ANY, "", true, true],
  "660104": ["laboratorio", 0, ANY, "", true, true],
  "660105": ["laboratorio", 10, ANY, "", true, true],
  "660106": ["laboratorio", 1, ANY, "", true, true],
  "660107": ["laboratorio", 0, ANY, "", true, true],
  "660108": ["laboratorio", 0, ANY, "", true, true],
  "660201": ["laboratorio", 40, ANY, "M", false, true], // PSA: men over 40
  "660202": ["laboratorio", 30, ANY, "", true, true],
  "110101": ["cirugia", 18, ANY, "", true, true], // also as day surgery
  "110102": ["cirugia", 5, ANY, "", true, true], // also as day surgery
  "110201": ["cirugia", 0, ANY, "", true, true], // also as day surgery
  "120101": ["traumatologia", 15, ANY, "", true, true], // also as day surgery
  "120105": ["traumatologia", 50, ANY, "", true, false],
  "100101": ["obstetricia", 15, 50, "F", true, false],
  "100102": ["obstetricia", 15, 50, "F", true, false],
  "250101": ["kinesiologia", 0, ANY, "", true, true],
  "250102": ["kinesiologia", 3, ANY, "", false, true],
  "260101": ["psicoterapia", 5, ANY, "", true, true],
  "260102": ["fonoaudiologia", 2, ANY, "", false, true],
  "270101": ["dialisis", 15, ANY, "", true, true],
  "200101": ["oncologia", 18, ANY, "", false, true],
  "200201": ["oncologia", 18, ANY, "", false, true],
  "210101": ["endoscopia", 12, ANY, "", true, true],
  "210102": ["endoscopia", 18, ANY, "", true, true],
  "020101": ["odontologia", 2, ANY, "", false, true],
  "020105": ["odontologia", 4, ANY, "", false, true],
  "020301": ["odontologia", 5, ANY, "", false, true],
  "020501": ["odontologia", 12, ANY, "", false, true],
  "900101": ["traslado", 0, ANY, "", true, true],
  "900201": ["ortopedia", 0, ANY, "", true, true],
  "900301": ["apoyo_escolar", 3, 19, "", false, true],
  "900401": ["farmacia", 1, ANY, "", false, true],
  "900501": ["farmacia", 18, ANY, "", false, true],
  "900601": ["optica", 3, ANY, "", false, true],
};

/** The rule of a practice code (without subitem); an unknown code is a programming error. */
export function ruleFor(practica: string): PracticeRule {
  const r = RULES[practica];
  if (!r) throw new Error(`practice ${practica} has no rule`);
  const [service, min, max, sexo, inpatient, ambulatory] = r;
  return { service, min, max, ...(sexo ? { sexo } : {}), inpatient, ambulatory };
}

/** True when the practice may be given to someone of that sex and age (in years, fractional). */
export function fits(rule: PracticeRule, sexo: Sexo, age: number): boolean {
  return age >= rule.min && age < rule.max && (!rule.sexo || rule.sexo === sexo);
}

// [section, chapter, subchapter, sequence, description, origin, weight, honorario, gasto]
const BASE: readonly (readonly [string, string, string, string, string, string, number, number, number])[] = [
  ["42", "01", "0", "01", "CONSULTA MEDICA EN CONSULTORIO", "NN", 300, 9500, 0],
  ["42", "01", "0", "02", "CONSULTA MEDICA EN DOMICILIO", "NN", 20, 14000, 0],
  ["42", "01", "0", "03", "CONSULTA MEDICA DE ESPECIALISTA", "NN", 120, 12000, 0],
  ["42", "01", "0", "05", "CONSULTA DE URGENCIA EN GUARDIA", "NN", 60, 11000, 2000],
  ["42", "02", "0", "01", "CONSULTA PEDIATRICA", "NN", 70, 9500, 0],
  ["43", "01", "0", "01", "INTERNACION CLINICA - DIA CAMA", "NN", 12, 18000, 65000],
  ["43", "01", "0", "02", "INTERNACION QUIRURGICA - DIA CAMA", "NN", 8, 18000, 72000],
  ["43", "02", "0", "01", "TERAPIA INTENSIVA - DIA CAMA", "NN", 4, 45000, 210000],
  ["43", "02", "0", "02", "UNIDAD CORONARIA - DIA CAMA", "NN", 2, 45000, 190000],
  ["43", "03", "0", "01", "NEONATOLOGIA - DIA CAMA", "NN", 2, 40000, 160000],
  ["17", "01", "0", "01", "ELECTROCARDIOGRAMA", "NN", 45, 7000, 2500],
  ["17", "01", "0", "06", "ERGOMETRIA", "NN", 12, 15000, 8000],
  ["17", "01", "0", "08", "ECOCARDIOGRAMA DOPPLER COLOR", "NN", 14, 22000, 9000],
  ["17", "01", "0", "10", "HOLTER 24 HORAS", "NN", 6, 20000, 7000],
  ["18", "01", "0", "01", "ECOGRAFIA ABDOMINAL", "NN", 40, 14000, 6000],
  ["18", "01", "0", "02", "ECOGRAFIA GINECOLOGICA", "NN", 22, 12000, 5000],
  ["18", "01", "0", "03", "ECOGRAFIA OBSTETRICA", "NN", 18, 12000, 5000],
  ["18", "01", "0", "07", "ECOGRAFIA MAMARIA BILATERAL", "NN", 10, 13000, 5500],
  ["34", "01", "0", "01", "RADIOGRAFIA DE TORAX FRENTE Y PERFIL", "NN", 40, 6000, 5000],
  ["34", "01", "0", "11", "RADIOGRAFIA DE COLUMNA LUMBOSACRA", "NN", 18, 6000, 5000],
  ["34", "02", "0", "01", "MAMOGRAFIA BILATERAL", "NN", 16, 10000, 9000],
  ["34", "03", "0", "01", "TOMOGRAFIA COMPUTADA DE CEREBRO", "NN", 8, 25000, 40000],
  ["34", "03", "0", "05", "TOMOGRAFIA COMPUTADA DE ABDOMEN Y PELVIS", "NN", 7, 30000, 55000],
  ["34", "04", "0", "01", "RESONANCIA MAGNETICA NUCLEAR DE CEREBRO", "NN", 6, 40000, 90000],
  ["34", "04", "0", "03", "RESONANCIA MAGNETICA DE RODILLA", "NN", 5, 40000, 85000],
  ["66", "01", "0", "01", "HEMOGRAMA COMPLETO", "NB", 160, 2500, 1500],
  ["66", "01", "0", "02", "GLUCEMIA", "NB", 150, 1200, 800],
  ["66", "01", "0", "03", "UREMIA", "NB", 90, 1200, 800],
  ["66", "01", "0", "04", "CREATININEMIA", "NB", 100, 1200, 800],
  ["66", "01", "0", "05", "COLESTEROL TOTAL", "NB", 110, 1300, 900],
  ["66", "01", "0", "06", "HEMOGLOBINA GLICOSILADA", "NB", 40, 4500, 2500],
  ["66", "01", "0", "07", "TSH", "NB", 50, 5000, 2500],
  ["66", "01", "0", "08", "ORINA COMPLETA", "NB", 90, 1500, 800],
  ["66", "02", "0", "01", "PSA TOTAL", "NB", 20, 6000, 3000],
  ["66", "02", "0", "02", "MARCADORES TUMORALES (CEA, CA 125, CA 19-9)", "NB", 8, 12000, 6000],
  ["11", "01", "0", "01", "CIRUGIA MAYOR - COLECISTECTOMIA LAPAROSCOPICA", "NN", 3, 180000, 250000],
  ["11", "01", "0", "02", "APENDICECTOMIA", "NN", 2, 140000, 180000],
  ["11", "02", "0", "01", "HERNIOPLASTIA INGUINAL", "NN", 2, 120000, 150000],
  ["12", "01", "0", "01", "ARTROSCOPIA DE RODILLA", "NN", 1, 200000, 300000],
  ["12", "01", "0", "05", "REEMPLAZO TOTAL DE CADERA", "NN", 0.5, 450000, 1200000],
  ["10", "01", "0", "01", "PARTO NORMAL", "NN", 2, 160000, 200000],
  ["10", "01", "0", "02", "CESAREA", "NN", 2, 200000, 260000],
  ["25", "01", "0", "01", "SESION DE KINESIOLOGIA", "NN", 60, 4500, 0],
  ["25", "01", "0", "02", "SESION DE FISIOTERAPIA", "NN", 25, 4500, 0],
  ["26", "01", "0", "01", "SESION DE PSICOTERAPIA INDIVIDUAL", "NN", 35, 8000, 0],
  ["26", "01", "0", "02", "SESION DE FONOAUDIOLOGIA", "NN", 15, 6500, 0],
  ["27", "01", "0", "01", "HEMODIALISIS - SESION", "NN", 10, 25000, 95000],
  ["20", "01", "0", "01", "QUIMIOTERAPIA AMBULATORIA - SESION", "NN", 8, 30000, 60000],
  ["20", "02", "0", "01", "RADIOTERAPIA - SESION", "NN", 6, 25000, 45000],
  ["21", "01", "0", "01", "VIDEOENDOSCOPIA DIGESTIVA ALTA", "NN", 6, 35000, 30000],
  ["21", "01", "0", "02", "VIDEOCOLONOSCOPIA", "NN", 5, 45000, 40000],
  ["02", "01", "0", "01", "CONSULTA ODONTOLOGICA", "NOD", 40, 7000, 0],
  ["02", "01", "0", "05", "OBTURACION CON RESINA", "NOD", 20, 12000, 3000],
  ["02", "03", "0", "01", "EXTRACCION DENTARIA SIMPLE", "NOD", 10, 10000, 2000],
  ["02", "05", "0", "01", "TRATAMIENTO DE CONDUCTO UNIRRADICULAR", "NOD", 6, 25000, 5000],
  ["90", "01", "0", "01", "TRASLADO EN AMBULANCIA", "NO", 5, 0, 35000],
  ["90", "02", "0", "01", "PROVISION DE PROTESIS / ORTESIS", "NO", 2, 0, 150000],
  ["90", "03", "0", "01", "PRESTACION DE APOYO ESCOLAR (MAE)", "NO", 3, 60000, 0],
  ["90", "04", "0", "01", "PROVISION DE INSULINA Y DESCARTABLES", "NO", 12, 0, 45000],
  ["90", "05", "0", "01", "MEDICACION ONCOLOGICA ALTO COSTO", "NO", 4, 0, 850000],
  ["90", "06", "0", "01", "PROVISION DE ANTEOJOS (CRISTALES Y ARMAZON)", "NO", 6, 0, 60000],
];

/** The practice list: every base entry, and a second subitem for about a third of them. */
export function practices(rng: Rng): Practice[] {
  const out: Practice[] = [];
  for (const [seccion, capitulo, subcapitulo, secuencia, descripcion, origen, weight, honorario, gasto] of BASE) {
    const practica = `${seccion}${capitulo}${secuencia}`;
    const rule = ruleFor(practica);
    out.push({
      practica,
      descripcion,
      seccion,
      capitulo,
      subcapitulo,
      secuencia,
      subitem: "",
      origen,
      weight,
      honorario,
      gasto,
      rule,
    });
    if (rng.chance(0.35)) {
      out.push({
        practica,
        descripcion: `${descripcion} - ADICIONAL`,
        seccion,
        capitulo,
        subcapitulo,
        secuencia,
        subitem: "01",
        origen,
        weight: weight * 0.15,
        honorario: Math.round(honorario * 0.5),
        gasto: Math.round(gasto * 0.5),
        rule,
      });
    }
  }
  return out;
}

// ---- vademecum ----

const LABS = [
  "ROEMMERS",
  "BAGO",
  "ELEA",
  "GADOR",
  "BETA",
  "RAFFO",
  "CASASCO",
  "MONTPELLIER",
  "PHOENIX",
  "RICHMOND",
  "CRAVERI",
  "BERNABO",
  "NOVARTIS",
  "PFIZER",
  "ROCHE",
  "SANOFI",
  "BAYER",
  "ASTRAZENECA",
  "SANDOZ",
  "TEVA",
];

// [droga, familia, presentations, plan]
const DRUGS: readonly (readonly [string, string, readonly string[], string])[] = [
  ["AMOXICILINA", "ANTIBIÓTICOS", ["500 MG COMP X 16", "875 MG COMP X 14", "250 MG/5 ML SUSP X 90 ML"], "PMO"],
  [
    "IBUPROFENO",
    "ANALGÉSICOS ANTIINFLAMATORIOS",
    ["400 MG COMP X 20", "600 MG COMP X 10", "100 MG/5 ML SUSP X 120 ML"],
    "PMO",
  ],
  ["PARACETAMOL", "ANALGÉSICOS ANTIINFLAMATORIOS", ["500 MG COMP X 20", "1 G COMP X 10"], "PMO"],
  ["ENALAPRIL", "ANTIHIPERTENSIVOS", ["10 MG COMP X 30", "20 MG COMP X 30"], "HIPERTENSION"],
  ["LOSARTAN", "ANTIHIPERTENSIVOS", ["50 MG COMP X 30", "100 MG COMP X 30"], "HIPERTENSION"],
  ["AMLODIPINA", "ANTIHIPERTENSIVOS", ["5 MG COMP X 30", "10 MG COMP X 30"], "HIPERTENSION"],
  ["ATENOLOL", "BETABLOQUEANTES", ["50 MG COMP X 30"], "HIPERTENSION"],
  ["METFORMINA", "ANTIDIABÉTICOS ORALES", ["500 MG COMP X 60", "850 MG COMP X 60", "1000 MG COMP X 60"], "DIABETES"],
  ["GLIBENCLAMIDA", "ANTIDIABÉTICOS ORALES", ["5 MG COMP X 50"], "DIABETES"],
  ["INSULINA NPH", "INSULINAS", ["100 UI/ML FCO X 10 ML"], "DIABETES"],
  ["INSULINA GLARGINA", "INSULINAS", ["100 UI/ML LAPICERA X 3 ML X 5"], "DIABETES"],
  ["LEVOTIROXINA", "HORMONAS TIROIDEAS", ["50 MCG COMP X 50", "100 MCG COMP X 50"], "HIPOTIROIDISMO"],
  ["OMEPRAZOL", "ANTIULCEROSOS", ["20 MG CAPS X 28"], "PMO"],
  ["ATORVASTATINA", "HIPOLIPEMIANTES", ["10 MG COMP X 30", "20 MG COMP X 30"], "PMO"],
  ["SALBUTAMOL", "BRONCODILATADORES", ["100 MCG AEROSOL X 200 DOSIS"], "PMO"],
  ["SERTRALINA", "ANTIDEPRESIVOS", ["50 MG COMP X 30"], "SALUD MENTAL"],
  ["CLONAZEPAM", "ANSIOLÍTICOS", ["0,5 MG COMP X 30", "2 MG COMP X 30"], "SALUD MENTAL"],
  ["ÁCIDO FÓLICO", "VITAMINAS", ["1 MG COMP X 30"], "MATERNO INFANTIL"],
  ["SULFATO FERROSO", "ANTIANÉMICOS", ["GOTAS X 30 ML"], "MATERNO INFANTIL"],
  ["TAMOXIFENO", "ANTINEOPLÁSICOS HORMONALES", ["20 MG COMP X 30"], "ONCOLOGIA"],
  ["ANASTROZOL", "ANTINEOPLÁSICOS HORMONALES", ["1 MG COMP X 28"], "ONCOLOGIA"],
  ["LETROZOL", "ANTINEOPLÁSICOS HORMONALES", ["2,5 MG COMP X 30"], "ONCOLOGIA"],
  ["CAPECITABINA", "ANTINEOPLÁSICOS", ["500 MG COMP X 120"], "ONCOLOGIA"],
  ["IMATINIB", "ANTINEOPLÁSICOS", ["400 MG COMP X 30"], "ONCOLOGIA"],
  ["ABIRATERONA", "ANTINEOPLÁSICOS HORMONALES", ["250 MG COMP X 120"], "ONCOLOGIA"],
  ["TENOFOVIR + EMTRICITABINA", "ANTIRRETROVIRALES", ["300/200 MG COMP X 30"], "HIV"],
  ["TACROLIMUS", "INMUNOSUPRESORES", ["1 MG CAPS X 100"], "TRASPLANTE"],
  ["INTERFERÓN BETA 1A", "INMUNOMODULADORES", ["44 MCG JER PRELL X 12"], "ESCLEROSIS MULTIPLE"],
];

const COVERAGE_BY_PLAN: Record<string, string> = {
  PMO: "40%",
  HIPERTENSION: "70%",
  DIABETES: "100%",
  HIPOTIROIDISMO: "70%",
  "SALUD MENTAL": "70%",
  "MATERNO INFANTIL": "100%",
  ONCOLOGIA: "100%",
  HIV: "100%",
  TRASPLANTE: "100%",
  "ESCLEROSIS MULTIPLE": "100%",
};

const SYLLABLES = [
  "FLEX",
  "TRI",
  "NOR",
  "VAL",
  "DOL",
  "GEN",
  "MAX",
  "PRO",
  "LIV",
  "TEN",
  "ZEN",
  "CAR",
  "LEX",
  "MED",
  "SIL",
  "VEX",
];

export type VademecumRow = {
  producto: string;
  presentacion: string;
  laboratorio: string;
  droga: string;
  familia: string;
  cobertura: string;
  plan: string;
  tamanio: string;
};

/** Several brands per drug, each with its presentations. */
export function vademecumRows(rng: Rng): VademecumRow[] {
  const rows: VademecumRow[] = [];
  for (const [droga, familia, presentaciones, plan] of DRUGS) {
    const brands = rng.int(2, 5);
    for (let b = 0; b < brands; b++) {
      // Brand names are written without accents (ÁCIDO FÓLICO → ACIDTRI).
      const base = droga.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      const producto = `${base.slice(0, 4).replace(/ /g, "")}${rng.pick(SYLLABLES)}`.toUpperCase();
      const laboratorio = rng.pick(LABS);
      for (const presentacion of presentaciones) {
        const units = /X (\d+)/.exec(presentacion);
        rows.push({
          producto,
          presentacion,
          laboratorio,
          droga,
          familia,
          cobertura: COVERAGE_BY_PLAN[plan],
          plan,
          tamanio: units ? units[1] : "1",
        });
      }
    }
  }
  return rows;
}
