// The member population, generated once per run into compact typed arrays (a few bytes per member),
// from which the member tables and every table that points at members are streamed.
// Member i (0-based) gets idafi i + 1; family group g gets id g + 1.
import {
  COBERTURAS,
  EC_CASADO,
  EC_DIVORCIADO,
  EC_SOLTERO,
  EC_UNION,
  EC_VIUDO,
  GROUPS,
  MB,
  P_CONCUBINO,
  P_CONYUGE,
  P_HIJO,
  P_MENOR,
  P_PADRE,
  P_TITULAR,
  TIPOS_CONVENIO,
} from "./catalog.ts";
import { cuilFor } from "./cuil.ts";
import { personName, type Sexo } from "./names.ts";
import { dayOf, type Rng } from "./random.ts";

export const NONE = -2_147_483_648;
const YEAR = 365.25;

export type Population = {
  today: number;
  groups: number;
  members: number;
  gKind: Uint8Array;
  gNromedio: Int32Array;
  gFirst: Int32Array;
  gSize: Uint8Array;
  group: Int32Array;
  nroPar: Uint8Array;
  parKind: Uint8Array;
  sexo: Uint8Array;
  dni: Int32Array;
  cuilPrefix: Uint8Array;
  cuilDigit: Uint8Array;
  hasCuil: Uint8Array;
  birth: Int32Array;
  alta: Int32Array;
  baja: Int32Array;
  vto: Int32Array;
  motivo: Uint8Array;
  estcivil: Uint8Array;
  cov: Uint8Array;
  convenio: Uint8Array;
  apellido: string[];
  nombre: string[];
  /** Indexes of members that are active today (derived the same way the app derives status). */
  active: Int32Array;
};

function isActive(p: Population, i: number): boolean {
  return p.baja[i] === NONE && (p.vto[i] === NONE || p.vto[i] >= p.today);
}

export function apeynom(p: Population, i: number): string {
  return `${p.apellido[i]} ${p.nombre[i]}`;
}

export function nroafi(p: Population, i: number): string {
  const g = p.group[i];
  return `${GROUPS[p.gKind[g]].code}${p.gNromedio[g]}${String(p.nroPar[i]).padStart(2, "0")}`;
}

/** Compact CUIL ('20123456786') or null when the registry has none. */
export function cuil(p: Population, i: number): string | null {
  if (!p.hasCuil[i]) return null;
  return `${p.cuilPrefix[i]}${String(p.dni[i]).padStart(8, "0")}${p.cuilDigit[i]}`;
}

/** Approximate DNI range handed out to people born in a year (Argentine DNIs grow with birth year). */
function dniFor(rng: Rng, birthDay: number, used: Uint8Array): number {
  const year = 1970 + birthDay / YEAR;
  const base = Math.max(3_000_000, Math.min(59_000_000, 8_000_000 + (year - 1950) * 700_000));
  for (;;) {
    const dni = Math.floor(base + rng.next() * 900_000);
    const byte = dni >> 3,
      bit = 1 << (dni & 7);
    if (!(used[byte] & bit)) {
      used[byte] |= bit;
      return dni;
    }
  }
}

const GROUP_WEIGHTS = GROUPS.map((g, i) => [i, g.weight] as const);
const SPECIAL = COBERTURAS.filter((c) => c.share > 0);
/** No member joined before this day. */
const MIN_ALTA = dayOf("1975-01-01");

type Group = (typeof GROUPS)[number];

/** What the helpers of buildPopulation share: the arrays being filled, the stream and the DNIs handed out. */
type Builder = { p: Population; rng: Rng; today: number; used: Uint8Array; target: number };

/** A family group's holder, as the rest of the group is built from it. */
type Holder = { t: number; sexo: Sexo; age: number; birth: number; alta: number; surname: string };

/** Empty typed arrays for up to `cap` members (and as many groups). */
function emptyPopulation(today: number, cap: number): Population {
  const maxGroups = cap;
  return {
    today,
    groups: 0,
    members: 0,
    gKind: new Uint8Array(maxGroups),
    gNromedio: new Int32Array(maxGroups),
    gFirst: new Int32Array(maxGroups),
    gSize: new Uint8Array(maxGroups),
    group: new Int32Array(cap),
    nroPar: new Uint8Array(cap),
    parKind: new Uint8Array(cap),
    sexo: new Uint8Array(cap),
    dni: new Int32Array(cap),
    cuilPrefix: new Uint8Array(cap),
    cuilDigit: new Uint8Array(cap),
    hasCuil: new Uint8Array(cap),
    birth: new Int32Array(cap),
    alta: new Int32Array(cap),
    baja: new Int32Array(cap),
    vto: new Int32Array(cap),
    motivo: new Uint8Array(cap),
    estcivil: new Uint8Array(cap),
    cov: new Uint8Array(cap),
    convenio: new Uint8Array(cap),
    apellido: [],
    nombre: [],
    active: new Int32Array(0),
  };
}

/** Adds a member to group g (name, DNI, CUIL) and returns its index. */
function addMember(
  b: Builder,
  g: number,
  kind: number,
  sexo: Sexo,
  birth: number,
  alta: number,
  surname?: string,
): number {
  const { p, rng, today } = b;
  const i = p.members++;
  const name = personName(rng, sexo, surname);
  p.group[i] = g;
  p.parKind[i] = kind;
  p.sexo[i] = sexo === "M" ? 0 : 1;
  p.nroPar[i] = p.gSize[g]++;
  p.birth[i] = birth;
  p.alta[i] = Math.max(alta, birth);
  p.baja[i] = NONE;
  p.vto[i] = NONE;
  p.apellido.push(name.apellido);
  p.nombre.push(name.nombre);
  const dni = dniFor(rng, birth, b.used);
  const c = cuilFor(dni, sexo);
  p.dni[i] = dni;
  p.cuilPrefix[i] = c.prefijo;
  p.cuilDigit[i] = c.dtoverific;
  p.hasCuil[i] = kind !== P_TITULAR && today - birth < 18 * YEAR && rng.chance(0.06) ? 0 : 1;
  return i;
}

/** Member i leaves on `day` (kept after its alta and before today). */
function leave(b: Builder, i: number, motivo: number, day: number): void {
  b.p.baja[i] = Math.min(b.today - 1, Math.max(day, b.p.alta[i] + 1));
  b.p.motivo[i] = motivo;
}

/** The holder of group g: age by kind of group, alta from the start of working life. */
function addHolder(b: Builder, g: number, grp: Group): Holder {
  const { p, rng, today } = b;
  const sexo: Sexo = rng.chance(0.56) ? "F" : "M";
  const age = grp.retiree ? rng.normal(71, 7, 55, 95) : rng.normal(43, 10, 21, 66);
  const birth = Math.floor(today - age * YEAR - rng.int(0, 364));
  const workStart = Math.max(MIN_ALTA, Math.floor(birth + rng.int(20, 32) * YEAR));
  const alta = grp.retiree ? workStart : rng.int(Math.min(workStart, today - 40), today - 30);
  const t = addMember(b, g, P_TITULAR, sexo, birth, alta);
  return { t, sexo, age, birth, alta, surname: p.apellido[t].split(" ")[0] };
}

/**
 * The holder's spouse or partner (some divorced since), or else the holder's civil status.
 * Returns the children's surname when it is the father's and he is not the holder.
 */
function addSpouse(b: Builder, g: number, grp: Group, h: Holder, individual: boolean): string | undefined {
  const { p, rng, today } = b;
  const spouse = !individual && rng.chance(grp.retiree ? 0.45 : 0.58);
  let fatherSurname = h.sexo === "M" ? h.surname : undefined;
  if (spouse) {
    const sSexo: Sexo = rng.chance(0.98) ? (h.sexo === "M" ? "F" : "M") : h.sexo;
    const sBirth = Math.min(today - Math.floor(18 * YEAR), h.birth + rng.int(-6 * 365, 6 * 365));
    const s = addMember(
      b,
      g,
      rng.chance(0.7) ? P_CONYUGE : P_CONCUBINO,
      sSexo,
      sBirth,
      rng.int(h.alta, Math.max(h.alta, today - 20)),
    );
    if (sSexo === "M" && h.sexo === "F") fatherSurname = p.apellido[s].split(" ")[0];
    p.estcivil[h.t] = p.estcivil[s] = p.parKind[s] === P_CONYUGE ? EC_CASADO : EC_UNION;
    if (rng.chance(0.05)) leave(b, s, MB.DIVORCIO, rng.int(p.alta[s], today - 1));
  } else {
    p.estcivil[h.t] =
      h.age < 35
        ? EC_SOLTERO
        : rng.weighted([
            [EC_SOLTERO, 4],
            [EC_DIVORCIADO, 3],
            [EC_VIUDO, grp.retiree ? 5 : 1],
          ]);
  }
  return fatherSurname;
}

/** The children (grown-up ones mostly purged, those over 21 with an expiry) and, rarely, a parent. */
function addChildrenAndParent(b: Builder, g: number, grp: Group, h: Holder, surname: string): void {
  const { p, rng, today } = b;
  const nKids = grp.retiree
    ? rng.weighted([
        [0, 85],
        [1, 12],
        [2, 3],
      ])
    : rng.weighted([
        [0, 25],
        [1, 28],
        [2, 30],
        [3, 13],
        [4, 4],
      ]);
  for (let k = 0; k < nKids && p.members < b.target + 8; k++) {
    const kBirth = Math.floor(h.birth + rng.int(19, 42) * YEAR + rng.int(0, 364));
    if (kBirth > today - 3) continue;
    const kAge = (today - kBirth) / YEAR;
    if (kAge >= 26 && !rng.chance(0.3)) continue; // most grown-up children were purged long ago
    const c = addMember(
      b,
      g,
      rng.chance(0.97) ? P_HIJO : P_MENOR,
      rng.chance(0.5) ? "M" : "F",
      kBirth,
      Math.max(h.alta, kBirth),
      surname,
    );
    p.estcivil[c] = EC_SOLTERO;
    if (kAge >= 26) leave(b, c, MB.EDAD, Math.floor(kBirth + 26 * YEAR));
    else if (kAge >= 21) p.vto[c] = rng.chance(0.8) ? today + rng.int(1, 300) : today - rng.int(1, 400);
  }
  if (!grp.retiree && h.age > 30 && h.age < 60 && rng.chance(0.02)) {
    const par = addMember(
      b,
      g,
      P_PADRE,
      rng.chance(0.6) ? "F" : "M",
      Math.floor(h.birth - rng.int(20, 38) * YEAR),
      rng.int(h.alta, today - 20),
    );
    p.estcivil[par] = EC_VIUDO;
  }
}

/** Expiries: voluntary members pay by period, adherents by agreement, some contracts end. */
function setHolderExpiry(b: Builder, grp: Group, t: number): void {
  const { p, rng, today } = b;
  if (grp.clasificacion === "VOLUNTARIO")
    p.vto[t] = rng.chance(0.88) ? today + rng.int(0, 60) : today - rng.int(1, 200);
  else if (grp.code === "30") p.vto[t] = today + rng.int(30, 700);
  else if (grp.code === "11" && rng.chance(0.4))
    p.vto[t] = rng.chance(0.9) ? today + rng.int(10, 365) : today - rng.int(1, 90);
}

/** Why a whole group leaves, by kind of group. */
function groupLeaveMotive(rng: Rng, grp: Group): number {
  return grp.retiree
    ? rng.weighted([
        [MB.FALLECIMIENTO, 7],
        [MB.TRASLADO, 1],
        [MB.DISPOSICION, 1],
      ])
    : grp.clasificacion === "VOLUNTARIO"
      ? rng.weighted([
          [MB.FALTA_PAGO, 5],
          [MB.RENUNCIA, 4],
          [MB.PASE, 2],
        ])
      : grp.code === "30"
        ? MB.FIN_CONVENIO
        : rng.weighted([
            [MB.RENUNCIA, 3],
            [MB.CESANTIA, 2],
            [MB.BAJA_LABORAL, 3],
            [MB.TRASLADO, 1],
            [MB.PASE, 1],
            [MB.FALLECIMIENTO, 1],
          ]);
}

/** Whole-group leave, then each member's individual leave, special coverage and reciprocity agreement. */
function setLeavesAndCoverages(b: Builder, g: number, grp: Group, alta: number): void {
  const { p, rng, today } = b;
  // Whole-group leave.
  if (rng.chance(0.085)) {
    const motivo = groupLeaveMotive(rng, grp);
    const day = rng.int(alta + 1, today - 1);
    for (let i = p.gFirst[g]; i < p.members; i++) if (p.baja[i] === NONE) leave(b, i, motivo, day);
  }
  // Individual leaves and special coverages.
  for (let i = p.gFirst[g]; i < p.members; i++) {
    if (p.baja[i] === NONE && rng.chance(0.008)) leave(b, i, MB.DOBLE, rng.int(p.alta[i], today - 1));
    const a = (today - p.birth[i]) / YEAR;
    if (p.sexo[i] === 1 && a >= 18 && a <= 42 && rng.chance(0.05)) p.cov[i] = 53;
    else if (a < 1.2 && rng.chance(0.7)) p.cov[i] = 53;
    else {
      const boost = a > 50 ? 2.2 : a < 20 ? 0.3 : 1;
      for (const c of SPECIAL)
        if (rng.chance(c.share * boost)) {
          p.cov[i] = c.code;
          break;
        }
    }
    if (rng.chance(0.015)) p.convenio[i] = 1 + rng.int(0, TIPOS_CONVENIO.length - 1);
  }
}

/** Adds one family group (kind, nromedio after the previous one's) and returns its nromedio. */
function addGroup(b: Builder, nromedio: number): number {
  const { p, rng } = b;
  const g = p.groups++;
  const kind = rng.weighted(GROUP_WEIGHTS);
  const grp = GROUPS[kind];
  p.gKind[g] = kind;
  nromedio += rng.int(1, 4);
  p.gNromedio[g] = nromedio;
  p.gFirst[g] = p.members;
  const h = addHolder(b, g, grp);
  const individual = grp.code === "20";
  const fatherSurname = addSpouse(b, g, grp, h, individual);
  if (!individual) addChildrenAndParent(b, g, grp, h, fatherSurname ?? h.surname);
  setHolderExpiry(b, grp, h.t);
  setLeavesAndCoverages(b, g, grp, h.alta);
  return nromedio;
}

/** Every special coverage gets a few members even in a small population. */
function ensureSpecialCoverages(b: Builder): void {
  const { p, rng } = b;
  for (const c of SPECIAL) {
    let n = 0;
    for (let i = 0; i < p.members; i++) if (p.cov[i] === c.code) n++;
    for (let tries = 0; n < 3 && tries < 1000; tries++) {
      const i = rng.int(0, p.members - 1);
      if (!p.cov[i] && p.baja[i] === NONE) {
        p.cov[i] = c.code;
        n++;
      }
    }
  }
}

/** Generates about `target` members in family groups. */
export function buildPopulation(rng: Rng, target: number, todayIso: string): Population {
  const today = dayOf(todayIso);
  const p = emptyPopulation(today, target + 16);
  const b: Builder = { p, rng, today, used: new Uint8Array(100_000_000 / 8), target };
  let nromedio = 100_000;
  while (p.members < target) nromedio = addGroup(b, nromedio);
  ensureSpecialCoverages(b);

  const active: number[] = [];
  for (let i = 0; i < p.members; i++) if (isActive(p, i)) active.push(i);
  p.active = Int32Array.from(active);
  return p;
}
