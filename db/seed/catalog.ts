// Static reference lists of the domain (Spanish data, as the legacy system writes it).

/** Affiliation groups: code, classification, category of the holder, weight among holders. */
export const GROUPS: readonly {
  code: string;
  clasificacion: string;
  categoria: string;
  weight: number;
  retiree: boolean;
}[] = [
  { code: "10", clasificacion: "OBLIGATORIO", categoria: "PLANTA PERMANENTE", weight: 48, retiree: false },
  { code: "11", clasificacion: "OBLIGATORIO", categoria: "CONTRATADO", weight: 10, retiree: false },
  { code: "12", clasificacion: "OBLIGATORIO", categoria: "MUNICIPAL", weight: 8, retiree: false },
  { code: "20", clasificacion: "VOLUNTARIO", categoria: "VOLUNTARIO INDIVIDUAL", weight: 5, retiree: false },
  { code: "21", clasificacion: "VOLUNTARIO", categoria: "VOLUNTARIO GRUPO FAMILIAR", weight: 2, retiree: false },
  { code: "30", clasificacion: "ADHERENTE POR CONVENIO", categoria: "ADHERENTE", weight: 3, retiree: false },
  { code: "01", clasificacion: "JUBILADO", categoria: "JUBILADO PROVINCIAL", weight: 9, retiree: true },
  { code: "02", clasificacion: "JUBILADO", categoria: "JUBILADO DOCENTE", weight: 5, retiree: true },
  { code: "03", clasificacion: "PENSIONADO", categoria: "PENSIONADO PROVINCIAL", weight: 3, retiree: true },
  { code: "04", clasificacion: "JUBILADO", categoria: "JUBILADO POLICIAL", weight: 2, retiree: true },
  { code: "05", clasificacion: "JUBILADO", categoria: "JUBILADO ANSES TRANSFERIDO", weight: 2, retiree: true },
  { code: "06", clasificacion: "PENSIONADO", categoria: "PENSION GRACIABLE", weight: 1, retiree: true },
  { code: "99", clasificacion: "JUBILADO", categoria: "JUBILADO OTRAS CAJAS", weight: 2, retiree: true },
];

/** Relationship (parentesco) kinds; the family member number is assigned per group in order. */
export const PARENTESCOS = ["TITULAR", "CONYUGE", "CONCUBINO/A", "HIJO/A", "MENOR A CARGO", "PADRE/MADRE"] as const;
export const P_TITULAR = 0,
  P_CONYUGE = 1,
  P_CONCUBINO = 2,
  P_HIJO = 3,
  P_MENOR = 4,
  P_PADRE = 5;

export const ESTADOS_CIVILES: readonly (readonly [string, string])[] = [
  ["S", "SOLTERO/A"],
  ["C", "CASADO/A"],
  ["D", "DIVORCIADO/A"],
  ["V", "VIUDO/A"],
  ["U", "UNION CONVIVENCIAL"],
];
export const EC_SOLTERO = 0,
  EC_CASADO = 1,
  EC_DIVORCIADO = 2,
  EC_VIUDO = 3,
  EC_UNION = 4;

/** Leave reasons (bambacodig, bambadescr). */
export const MOTIVOS_BAJA: readonly (readonly [number, string])[] = [
  [1, "RENUNCIA"],
  [2, "FALLECIMIENTO"],
  [3, "CESANTIA"],
  [4, "EDAD LIMITE"],
  [5, "DIVORCIO"],
  [6, "FALTA DE PAGO"],
  [7, "DOBLE AFILIACION"],
  [8, "BAJA LABORAL"],
  [9, "FIN DE CONVENIO"],
  [10, "TRASLADO A OTRA PROVINCIA"],
  [11, "VENCIMIENTO CERTIFICADO DE ESTUDIO"],
  [12, "DISPOSICION ADMINISTRATIVA"],
  [13, "PASE A OTRA OBRA SOCIAL"],
  [14, "JUBILACION EN OTRA CAJA"],
];
export const MB = {
  RENUNCIA: 1,
  FALLECIMIENTO: 2,
  CESANTIA: 3,
  EDAD: 4,
  DIVORCIO: 5,
  FALTA_PAGO: 6,
  DOBLE: 7,
  BAJA_LABORAL: 8,
  FIN_CONVENIO: 9,
  TRASLADO: 10,
  ESTUDIO: 11,
  DISPOSICION: 12,
  PASE: 13,
} as const;

/** Coverages / plans: code, description, characteristic, sub-characteristic, share of members enrolled. */
export const COBERTURAS: readonly { code: number; desc: string; caract: string; subcaract: string; share: number }[] = [
  { code: 1, desc: "PLAN GENERAL OSEP", caract: "GENERAL", subcaract: "PMO", share: 0 },
  { code: 3, desc: "ONCOLOGIA", caract: "ESPECIAL", subcaract: "PROGRAMA ONCOLOGICO", share: 0.012 },
  { code: 8, desc: "DIABETES", caract: "ESPECIAL", subcaract: "PROGRAMA DIABETES", share: 0.05 },
  { code: 12, desc: "HEMODIALISIS", caract: "ESPECIAL", subcaract: "INSUFICIENCIA RENAL CRONICA", share: 0.002 },
  { code: 15, desc: "SALUD MENTAL", caract: "ESPECIAL", subcaract: "PROGRAMA SALUD MENTAL", share: 0.008 },
  { code: 20, desc: "DISCAPACIDAD", caract: "ESPECIAL", subcaract: "CERTIFICADO UNICO DE DISCAPACIDAD", share: 0.018 },
  { code: 40, desc: "HIV / SIDA", caract: "ESPECIAL", subcaract: "PROGRAMA VIH", share: 0.002 },
  { code: 41, desc: "TRASPLANTADOS", caract: "ESPECIAL", subcaract: "PROGRAMA TRASPLANTE", share: 0.001 },
  { code: 42, desc: "CELIAQUIA", caract: "ESPECIAL", subcaract: "PROGRAMA CELIAQUIA", share: 0.006 },
  { code: 43, desc: "HIPOTIROIDISMO", caract: "ESPECIAL", subcaract: "ENFERMEDAD CRONICA", share: 0.01 },
  { code: 44, desc: "HIPERTENSION ARTERIAL", caract: "ESPECIAL", subcaract: "ENFERMEDAD CRONICA", share: 0.02 },
  { code: 45, desc: "ESCLEROSIS MULTIPLE", caract: "ESPECIAL", subcaract: "ENFERMEDAD POCO FRECUENTE", share: 0.001 },
  { code: 53, desc: "PLAN MATERNO INFANTIL", caract: "ESPECIAL", subcaract: "EMBARAZO Y PRIMER AÑO DE VIDA", share: 0 },
];

export const TIPOS_CONVENIO: readonly (readonly [string, string])[] = [
  ["RECIPROCIDAD COSSPRA", "TRANSITO"],
  ["RECIPROCIDAD COSSPRA", "RESIDENTE"],
  ["CONVENIO INTERPROVINCIAL", "ESTUDIANTE"],
  ["CONVENIO INTERPROVINCIAL", "TRASLADO LABORAL"],
];
export const INSTITUCIONES_CONVENIO: readonly (readonly [string, string])[] = [
  ["IOSFA", "BUENOS AIRES"],
  ["IOMA", "BUENOS AIRES"],
  ["APROSS", "CÓRDOBA"],
  ["SUBSIDIO DE SALUD", "TUCUMÁN"],
  ["IPSST", "TUCUMÁN"],
  ["IOSEP", "SANTIAGO DEL ESTERO"],
  ["APOS", "LA RIOJA"],
  ["IPS SALTA", "SALTA"],
  ["OSEP MENDOZA", "MENDOZA"],
  ["ISJ", "JUJUY"],
  ["IAPOS", "SANTA FE"],
  ["DOSEP", "SAN LUIS"],
];

export const REPARTICIONES: readonly string[] = [
  "MINISTERIO DE EDUCACION",
  "MINISTERIO DE SALUD",
  "POLICIA DE LA PROVINCIA",
  "MINISTERIO DE SEGURIDAD",
  "MINISTERIO DE HACIENDA Y FINANZAS",
  "MINISTERIO DE DESARROLLO SOCIAL",
  "PODER JUDICIAL",
  "CAMARA DE DIPUTADOS",
  "SECRETARIA GENERAL DE LA GOBERNACION",
  "DIRECCION PROVINCIAL DE VIALIDAD",
  "MUNICIPALIDAD DE SFV DE CATAMARCA",
  "MUNICIPALIDAD DE VALLE VIEJO",
  "ADMINISTRACION GENERAL DE RENTAS",
  "ENERGIA DE CATAMARCA SAPEM",
  "OSEP",
  "HOSPITAL SAN JUAN BAUTISTA",
  "HOSPITAL DE NIÑOS EVA PERON",
  "MINISTERIO DE OBRAS PUBLICAS",
];

export const DELEGACIONES: readonly (readonly [string, string, number])[] = [
  ["CASA CENTRAL", "CENTRAL", 55],
  ["DELEGACION BELEN", "DELEGACION", 6],
  ["DELEGACION TINOGASTA", "DELEGACION", 5],
  ["DELEGACION SANTA MARIA", "DELEGACION", 5],
  ["DELEGACION ANDALGALA", "DELEGACION", 4],
  ["DELEGACION RECREO", "DELEGACION", 3],
  ["DELEGACION SAUJIL", "DELEGACION", 2],
  ["DELEGACION CHUMBICHA", "DELEGACION", 2],
  ["BOCA HOSPITAL SAN JUAN BAUTISTA", "BOCA DE ATENCION", 8],
  ["BOCA MATERNIDAD 25 DE MAYO", "BOCA DE ATENCION", 4],
  ["BOCA CLINICAS PRIVADAS", "BOCA DE ATENCION", 6],
];

export const ORGANOS: readonly string[] = [
  "MAMA",
  "PULMON",
  "COLON",
  "RECTO",
  "PROSTATA",
  "ESTOMAGO",
  "PANCREAS",
  "HIGADO",
  "VESICULA BILIAR",
  "ESOFAGO",
  "RIÑON",
  "VEJIGA",
  "OVARIO",
  "CUELLO UTERINO",
  "ENDOMETRIO",
  "TIROIDES",
  "CEREBRO / SNC",
  "CABEZA Y CUELLO",
  "LARINGE",
  "PIEL (MELANOMA)",
  "PIEL (NO MELANOMA)",
  "HUESO",
  "PARTES BLANDAS",
  "TESTICULO",
  "LINFOMA HODGKIN",
  "LINFOMA NO HODGKIN",
  "MIELOMA MULTIPLE",
  "LEUCEMIA AGUDA",
  "LEUCEMIA CRONICA",
  "PRIMARIO DESCONOCIDO",
];

export const MONODROGAS: readonly string[] = [
  "ANASTROZOL",
  "LETROZOL",
  "EXEMESTANO",
  "TAMOXIFENO",
  "FULVESTRANT",
  "TRASTUZUMAB",
  "PERTUZUMAB",
  "BEVACIZUMAB",
  "CETUXIMAB",
  "PANITUMUMAB",
  "RITUXIMAB",
  "PEMBROLIZUMAB",
  "NIVOLUMAB",
  "ATEZOLIZUMAB",
  "CISPLATINO",
  "CARBOPLATINO",
  "OXALIPLATINO",
  "PACLITAXEL",
  "DOCETAXEL",
  "GEMCITABINA",
  "CAPECITABINA",
  "FLUOROURACILO",
  "IRINOTECAN",
  "DOXORRUBICINA",
  "EPIRRUBICINA",
  "CICLOFOSFAMIDA",
  "ETOPOSIDO",
  "VINORELBINA",
  "VINCRISTINA",
  "PEMETREXED",
  "METOTREXATO",
  "TEMOZOLOMIDA",
  "IMATINIB",
  "ERLOTINIB",
  "GEFITINIB",
  "OSIMERTINIB",
  "SUNITINIB",
  "SORAFENIB",
  "PALBOCICLIB",
  "RIBOCICLIB",
  "ABIRATERONA",
  "ENZALUTAMIDA",
  "BICALUTAMIDA",
  "LEUPROLIDE",
  "GOSERELINA",
  "BORTEZOMIB",
  "LENALIDOMIDA",
  "ACIDO ZOLEDRONICO",
  "DENOSUMAB",
  "FILGRASTIM",
  "ONDANSETRON",
  "DEXAMETASONA",
];

export const COLEGIOS: readonly (readonly [string, readonly string[]])[] = [
  [
    "COLEGIO MEDICO DE CATAMARCA",
    [
      "CLINICA MEDICA",
      "PEDIATRIA",
      "CARDIOLOGIA",
      "TRAUMATOLOGIA",
      "GINECOLOGIA Y OBSTETRICIA",
      "CIRUGIA GENERAL",
      "OFTALMOLOGIA",
      "DERMATOLOGIA",
      "ONCOLOGIA",
      "NEUROLOGIA",
      "UROLOGIA",
      "GASTROENTEROLOGIA",
      "ENDOCRINOLOGIA",
      "OTORRINOLARINGOLOGIA",
      "PSIQUIATRIA",
      "DIAGNOSTICO POR IMAGENES",
      "MEDICINA GENERAL Y FAMILIAR",
      "NEFROLOGIA",
      "HEMATOLOGIA",
      "ANESTESIOLOGIA",
    ],
  ],
  [
    "COLEGIO DE ODONTOLOGOS DE CATAMARCA",
    ["ODONTOLOGIA GENERAL", "ORTODONCIA", "ENDODONCIA", "ODONTOPEDIATRIA", "PERIODONCIA"],
  ],
  ["COLEGIO DE BIOQUIMICOS DE CATAMARCA", ["BIOQUIMICA CLINICA", "MICROBIOLOGIA"]],
  [
    "COLEGIO DE KINESIOLOGOS Y FISIOTERAPEUTAS DE CATAMARCA",
    ["KINESIOLOGIA", "FISIOTERAPIA", "KINESIOLOGIA RESPIRATORIA"],
  ],
  ["COLEGIO DE PSICOLOGOS DE CATAMARCA", ["PSICOLOGIA CLINICA", "PSICOPEDAGOGIA"]],
  ["COLEGIO DE FONOAUDIOLOGOS DE CATAMARCA", ["FONOAUDIOLOGIA"]],
  ["COLEGIO DE NUTRICIONISTAS DE CATAMARCA", ["NUTRICION"]],
  ["COLEGIO DE OBSTETRAS DE CATAMARCA", ["OBSTETRICIA"]],
  ["COLEGIO DE FARMACEUTICOS DE CATAMARCA", ["FARMACIA"]],
  ["COLEGIO DE ENFERMEROS DE CATAMARCA", ["ENFERMERIA"]],
];

export const PROCEDURE_TYPES: readonly {
  tipo: string;
  puestos: number;
  minutos: number;
  inicio: string;
  fin: string;
}[] = [
  { tipo: "AFILIACIONES", puestos: 4, minutos: 15, inicio: "07:30", fin: "12:30" },
  { tipo: "REINTEGROS", puestos: 2, minutos: 20, inicio: "08:00", fin: "12:00" },
  { tipo: "AUTORIZACIONES", puestos: 3, minutos: 10, inicio: "07:30", fin: "13:00" },
  { tipo: "CREDENCIALES", puestos: 2, minutos: 10, inicio: "08:00", fin: "12:30" },
  { tipo: "DISCAPACIDAD", puestos: 1, minutos: 30, inicio: "08:00", fin: "12:00" },
];

export const NOTE_TEXTS: readonly string[] = [
  "ACTUALIZACION DE DOMICILIO",
  "ALTA DE FAMILIAR A CARGO",
  "PRESENTA CERTIFICADO DE ESTUDIO",
  "ENTREGA DE CREDENCIAL",
  "CAMBIO DE ESTADO CIVIL",
  "MODIFICACION DE DATOS PERSONALES",
  "PRESENTA PARTIDA DE NACIMIENTO",
  "REEMPADRONAMIENTO",
  "ACTUALIZACION DE TELEFONO",
  "SE VERIFICA CUIL EN ANSES",
  "PRESENTA CONSTANCIA DE CUD",
  "BAJA DE FAMILIAR",
  "REINTEGRO APROBADO",
  "DEUDA REGULARIZADA",
  "CAMBIO DE REPARTICION",
];

export const STAFF_USERS: readonly string[] = [
  "RMOLINA",
  "LCASTRO",
  "MGODOY",
  "PVEGA",
  "SCARRIZO",
  "AFIGUEROA",
  "JQUIROGA",
  "NSORIA",
  "VBRIZUELA",
  "CNIEVA",
  "OSEPMESA1",
  "OSEPMESA2",
  "DELBELEN",
  "DELTINO",
  "DELSTAMARIA",
  "DELANDALGALA",
];

export const TITULOS_MAE: readonly string[] = [
  "PROFESOR/A EN EDUCACION ESPECIAL",
  "LICENCIADO/A EN PSICOPEDAGOGIA",
  "ACOMPAÑANTE TERAPEUTICO/A",
  "PROFESOR/A DE NIVEL PRIMARIO",
  "LICENCIADO/A EN FONOAUDIOLOGIA",
  "PROFESOR/A DE SORDOS E HIPOACUSICOS",
];
export const ESCUELAS: readonly (readonly [string, string])[] = [
  ["ESCUELA N° 1 FRAY MAMERTO ESQUIU", "PRIMARIO"],
  ["ESCUELA N° 24 CORONEL DAZA", "PRIMARIO"],
  ["ESCUELA NORMAL PTE. NICOLAS AVELLANEDA", "SECUNDARIO"],
  ["JARDIN DE INFANTES N° 7", "INICIAL"],
  ["ESCUELA SECUNDARIA N° 14", "SECUNDARIO"],
  ["ESCUELA N° 328 PROVINCIA DE JUJUY", "PRIMARIO"],
  ["COLEGIO DEL CARMEN Y SAN JOSE", "SECUNDARIO"],
  ["ESCUELA ESPECIAL N° 1", "ESPECIAL"],
];
