// The 16 departments of Catamarca with real localities and postal codes, and streets.
import type { Rng } from "./random.ts";

export type Locality = { localidad: string; departamento: string; codpostal: string };

/** [department, population weight, [locality, postal code][]]. The first locality is the main town. */
const DEPARTMENTS: readonly (readonly [string, number, readonly (readonly [string, string])[]])[] = [
  ["CAPITAL", 45, [["SAN FERNANDO DEL VALLE DE CATAMARCA", "4700"]]],
  [
    "VALLE VIEJO",
    8,
    [
      ["SAN ISIDRO", "4707"],
      ["VILLA DOLORES", "4707"],
      ["SANTA ROSA", "4707"],
      ["SUMALAO", "4707"],
      ["LAS TEJAS", "4707"],
      ["EL BAÑADO", "4707"],
      ["HUAYCAMA", "4707"],
    ],
  ],
  [
    "FRAY MAMERTO ESQUIÚ",
    4,
    [
      ["SAN JOSÉ", "4711"],
      ["LA CARRERA", "4711"],
      ["PIEDRA BLANCA", "4711"],
      ["POMANCILLO", "4711"],
      ["VILLA LAS PIRQUITAS", "4711"],
    ],
  ],
  [
    "AMBATO",
    1.5,
    [
      ["LA PUERTA", "4716"],
      ["EL RODEO", "4715"],
      ["LOS VARELA", "4716"],
      ["LAS JUNTAS", "4715"],
      ["SINGUIL", "4716"],
      ["HUMAYA", "4716"],
    ],
  ],
  [
    "PACLÍN",
    1.5,
    [
      ["LA MERCED", "4709"],
      ["SAN ANTONIO", "4709"],
      ["BALCOZNA", "4709"],
      ["AMADORES", "4709"],
      ["LAS LAJAS", "4709"],
    ],
  ],
  [
    "ANCASTI",
    0.8,
    [
      ["ANCASTI", "4701"],
      ["ANQUINCILA", "4701"],
      ["LA CANDELARIA", "4701"],
      ["LOS MOGOTES", "4701"],
    ],
  ],
  [
    "EL ALTO",
    0.8,
    [
      ["EL ALTO", "4235"],
      ["TAPSO", "4234"],
      ["VILISMÁN", "4235"],
      ["GUAYAMBA", "4235"],
      ["INFANZÓN", "4235"],
    ],
  ],
  [
    "SANTA ROSA",
    2.5,
    [
      ["BAÑADO DE OVANTA", "4235"],
      ["LOS ALTOS", "4235"],
      ["MANANTIALES", "4235"],
      ["ALIJILÁN", "4235"],
      ["LAVALLE", "4235"],
    ],
  ],
  [
    "LA PAZ",
    4,
    [
      ["RECREO", "5260"],
      ["ICAÑO", "5265"],
      ["SAN ANTONIO DE LA PAZ", "5264"],
      ["ESQUIÚ", "5261"],
      ["QUIRÓS", "5261"],
      ["RAMBLONES", "5261"],
    ],
  ],
  [
    "CAPAYÁN",
    3,
    [
      ["CHUMBICHA", "4728"],
      ["HUILLAPIMA", "4722"],
      ["CONCEPCIÓN", "4726"],
      ["CONETA", "4724"],
      ["MIRAFLORES", "4724"],
      ["SAN PEDRO", "4728"],
    ],
  ],
  [
    "POMÁN",
    2,
    [
      ["SAUJIL", "5321"],
      ["POMÁN", "5315"],
      ["MUTQUÍN", "5317"],
      ["COLPES", "5315"],
      ["SIJÁN", "5319"],
      ["RINCÓN", "5321"],
    ],
  ],
  [
    "ANDALGALÁ",
    4.5,
    [
      ["ANDALGALÁ", "4740"],
      ["CHAQUIAGO", "4740"],
      ["AMANAO", "4740"],
      ["CHOYA", "4740"],
      ["ACONQUIJA", "4741"],
    ],
  ],
  [
    "BELÉN",
    6,
    [
      ["BELÉN", "4750"],
      ["LONDRES", "4753"],
      ["HUALFÍN", "4751"],
      ["PUERTA DE CORRAL QUEMADO", "4751"],
      ["POZO DE PIEDRA", "4750"],
      ["VILLA VIL", "4751"],
      ["LA PUNTILLA", "4750"],
    ],
  ],
  [
    "SANTA MARÍA",
    5.5,
    [
      ["SANTA MARÍA", "4139"],
      ["SAN JOSÉ", "4139"],
      ["FUERTE QUEMADO", "4141"],
      ["CHAÑAR PUNCO", "4139"],
      ["LORO HUASI", "4139"],
      ["ANDALHUALA", "4139"],
    ],
  ],
  [
    "TINOGASTA",
    5.5,
    [
      ["TINOGASTA", "5340"],
      ["FIAMBALÁ", "5345"],
      ["COPACABANA", "5341"],
      ["MEDANITOS", "5343"],
      ["EL PUESTO", "5341"],
      ["SALADO", "5341"],
    ],
  ],
  [
    "ANTOFAGASTA DE LA SIERRA",
    0.3,
    [
      ["ANTOFAGASTA DE LA SIERRA", "4705"],
      ["EL PEÑÓN", "4705"],
      ["ANTOFALLA", "4705"],
      ["LOS NACIMIENTOS", "4705"],
    ],
  ],
];

const DEPT_WEIGHTS = DEPARTMENTS.map((d, i) => [i, d[1]] as const);

/** A locality weighted by department population; the main town of a department takes half its people. */
export function locality(rng: Rng): Locality {
  const [departamento, , locs] = DEPARTMENTS[rng.weighted(DEPT_WEIGHTS)];
  const [localidad, codpostal] = rng.chance(0.5) ? locs[0] : rng.pick(locs);
  return { localidad, departamento, codpostal };
}

const CAPITAL_STREETS: readonly string[] = [
  "REPÚBLICA",
  "RIVADAVIA",
  "SAN MARTÍN",
  "SARMIENTO",
  "ESQUIÚ",
  "SALTA",
  "JUNÍN",
  "MAIPÚ",
  "CHACABUCO",
  "TUCUMÁN",
  "MOTA BOTELLO",
  "AV. BELGRANO",
  "AV. VIRGEN DEL VALLE",
  "AV. GÜEMES",
  "AV. ALEM",
  "AV. OCAMPO",
  "AV. PTE. CASTILLO",
  "PRADO",
  "CASEROS",
  "MATE DE LUNA",
  "VICARIO SEGURA",
  "AYACUCHO",
  "FIGUEROA",
  "CAMILO MELET",
  "ZURITA",
  "SABATTINI",
  "AV. ACONQUIJA",
  "AV. MISIONES",
  "AV. INDEPENDENCIA",
  "ITUZAINGÓ",
  "ESTEBAN ECHEVERRÍA",
  "CORRIENTES",
  "SAN JUAN",
  "LA RIOJA",
  "MENDOZA",
  "TREINTA Y TRES ORIENTALES",
  "AV. ENRIQUE ÁNGEL",
  "AV. LOS TERMALES",
  "CORONEL DAZA",
  "FRAY MAMERTO ESQUIÚ",
];

const TOWN_STREETS: readonly string[] = [
  "SAN MARTÍN",
  "BELGRANO",
  "RIVADAVIA",
  "SARMIENTO",
  "MITRE",
  "LAVALLE",
  "9 DE JULIO",
  "25 DE MAYO",
  "AV. CENTRAL",
  "RUTA NACIONAL 38",
  "RUTA PROVINCIAL 1",
  "GÜEMES",
  "INDEPENDENCIA",
  "LIBERTAD",
  "CALLE PÚBLICA S/N",
];

const BARRIOS: readonly string[] = [
  "B° VILLA CUBAS",
  "B° LOS ÁLAMOS",
  "B° PARQUE AMÉRICA",
  "B° 920 VIVIENDAS",
  "B° LA GRUTA",
  "B° SAN ANTONIO NORTE",
  "B° EVITA",
  "B° LIBERTADOR II",
  "B° 24 DE SEPTIEMBRE",
  "B° CHOYA",
  "B° EL JUMEAL",
  "B° SANTA MARTA",
];

export function street(rng: Rng, loc: Locality): { calle: string; numero: string } {
  const list = loc.departamento === "CAPITAL" ? CAPITAL_STREETS : TOWN_STREETS;
  const calle = rng.chance(0.12)
    ? `${rng.pick(BARRIOS)} MZ ${String.fromCharCode(65 + rng.int(0, 11))} CASA ${rng.int(1, 40)}`
    : rng.pick(list);
  const numero = calle.startsWith("B°") || calle.endsWith("S/N") ? "0" : String(rng.int(1, 2400));
  return { calle, numero };
}
