// Member tables streamed from the population: leave reasons, coverages, family groups, members,
// addresses, enrolments, reciprocity agreements, notes and contributions.
import * as s from "~db/schema/index.ts";
import {
  COBERTURAS,
  ESTADOS_CIVILES,
  GROUPS,
  INSTITUCIONES_CONVENIO,
  MOTIVOS_BAJA,
  NOTE_TEXTS,
  PARENTESCOS,
  P_TITULAR,
  REPARTICIONES,
  STAFF_USERS,
  TIPOS_CONVENIO,
} from "./catalog.ts";
import { locality, street } from "./places.ts";
import { NONE, cuil, nroafi, type Population } from "./population.ts";
import { isoOf, NO_DATE, type Rng } from "./random.ts";
import type { TableLoad, Value } from "./writer.ts";

const money = (n: number): string => n.toFixed(2);
const MOTIVO_TEXT = new Map(MOTIVOS_BAJA.map(([c, t]) => [c, t]));

export function motivosBajaLoad(): TableLoad {
  return { table: s.motivosBaja, columns: ["bambacodig", "bambadescr"], rows: MOTIVOS_BAJA.map(([c, t]) => [c, t]) };
}

export function coberturasLoad(): TableLoad {
  return {
    table: s.coberturas,
    columns: ["gravcodgra", "gravdesgra", "cobcaract", "cobsubcaract"],
    rows: COBERTURAS.map((c) => [c.code, c.desc, c.caract, c.subcaract]),
  };
}

/** Groups first without holder (members point at groups); the holder is set by one UPDATE afterwards. */
export function gruposLoad(p: Population): TableLoad {
  return {
    table: s.gruposFamiliares,
    columns: ["id"],
    rows: (function* () {
      for (let g = 0; g < p.groups; g++) yield [g + 1];
    })(),
  };
}

export const SET_GROUP_HOLDERS = `UPDATE grupos_familiares g SET titular_idafi = a.idafi FROM afiliados a
  WHERE a.grupo_familiar_id = g.id AND a.nroparentesco = '00'`;

export function afiliadosLoad(p: Population, rng: Rng): TableLoad {
  const columns = [
    "idafi",
    "apeynom",
    "baperapell",
    "bapernombr",
    "numdoc",
    "nroafi",
    "cuil_prefijo",
    "cuil_nrocentral",
    "cuil_dtoverific",
    "grupo",
    "nromedio",
    "nroparentesco",
    "descparentesco",
    "grupoFamiliarId",
    "baperfenac",
    "sexocodigo",
    "escivilcod",
    "estcivil",
    "fechalta",
    "fechbaja",
    "fechvto",
    "codmotbaja",
    "motbaja",
    "aficategoria",
    "descclasificacion",
    "plan",
    "tipoconvenio",
  ];
  function* rows(): Generator<Value[]> {
    for (let i = 0; i < p.members; i++) {
      const g = p.group[i];
      const grp = GROUPS[p.gKind[g]];
      const hasCuil = p.hasCuil[i] === 1;
      const [ecCod, ecDesc] = ESTADOS_CIVILES[p.estcivil[i]];
      const titular = p.parKind[i] === P_TITULAR;
      const vto = p.vto[i] === NONE ? (rng.chance(0.3) ? NO_DATE : null) : isoOf(p.vto[i]);
      yield [
        i + 1,
        `${p.apellido[i]} ${p.nombre[i]}`,
        p.apellido[i],
        p.nombre[i],
        String(p.dni[i]),
        nroafi(p, i),
        hasCuil ? String(p.cuilPrefix[i]) : null,
        hasCuil ? String(p.dni[i]).padStart(8, "0") : null,
        hasCuil ? String(p.cuilDigit[i]) : null,
        grp.code,
        String(p.gNromedio[g]),
        String(p.nroPar[i]).padStart(2, "0"),
        PARENTESCOS[p.parKind[i]],
        g + 1,
        isoOf(p.birth[i]),
        p.sexo[i] === 0 ? "M" : "F",
        ecCod,
        ecDesc,
        isoOf(p.alta[i]),
        p.baja[i] === NONE ? NO_DATE : isoOf(p.baja[i]),
        vto,
        p.motivo[i] || null,
        p.motivo[i] ? MOTIVO_TEXT.get(p.motivo[i]) : null,
        titular ? grp.categoria : "FAMILIAR A CARGO",
        grp.clasificacion,
        grp.retiree ? "PLAN JUBILADOS" : grp.clasificacion === "VOLUNTARIO" ? "PLAN VOLUNTARIO" : "PLAN GENERAL",
        p.convenio[i] ? TIPOS_CONVENIO[p.convenio[i] - 1][0] : null,
      ];
    }
  }
  return { table: s.afiliados, columns, rows: rows() };
}

/** One address per member; a family shares the holder's street and phone. */
export function domiciliosLoad(p: Population, rng: Rng): TableLoad {
  const columns = [
    "idafi",
    "bedomcalle",
    "bedomnumer",
    "localidad",
    "departamento",
    "provincia",
    "codpostal",
    "telefono",
    "telcelular",
    "email",
  ];
  function* rows(): Generator<Value[]> {
    for (let g = 0; g < p.groups; g++) {
      const loc = locality(rng);
      const st = street(rng, loc);
      const area = loc.departamento === "CAPITAL" || loc.departamento === "VALLE VIEJO" ? "383" : "3835";
      const tel = rng.chance(0.35) ? `${area}-4${rng.digits(area.length === 3 ? 6 : 5)}` : null;
      for (let i = p.gFirst[g]; i < p.gFirst[g] + p.gSize[g]; i++) {
        const adult = p.today - p.birth[i] > 16 * 365;
        const cel = adult && rng.chance(0.8) ? `${area}15${rng.digits(area.length === 3 ? 6 : 5)}` : null;
        const email =
          adult && rng.chance(0.45)
            ? `${p.nombre[i].split(" ")[0]}.${p.apellido[i].split(" ")[0]}${rng.int(1, 99)}@${rng.pick(["gmail.com", "hotmail.com", "yahoo.com.ar", "outlook.com"])}`
                .normalize("NFD")
                .replace(/[\u0300-\u036f]/g, "")
                .toLowerCase()
                .replace(/ /g, "")
            : null;
        yield [
          i + 1,
          st.calle,
          st.numero,
          loc.localidad,
          loc.departamento,
          "CATAMARCA",
          loc.codpostal,
          tel,
          cel,
          email,
        ];
      }
    }
  }
  return { table: s.domicilios, columns, rows: rows() };
}

/**
 * Enrolments in special coverages: the current one (open-ended with the 0001-01-01 sentinel, with a
 * future end, or already expired) and, for some members, an expired earlier one.
 */
export function enrolamientosLoad(p: Population, rng: Rng): TableLoad {
  const columns = ["idafi", "gravcodgra", "enprfecvig", "enprfecbaj", "enprfecinf", "enprnromie"];
  function* rows(): Generator<Value[]> {
    for (let i = 0; i < p.members; i++) {
      const code = p.cov[i];
      if (!code) continue;
      const nromie = String(p.nroPar[i]).padStart(2, "0");
      const infant = p.today - p.birth[i] < 450;
      let vig =
        code === 53
          ? infant
            ? p.birth[i]
            : p.today - rng.int(20, 420)
          : Math.max(p.alta[i], p.today - rng.int(30, 3000));
      vig = Math.max(vig, p.alta[i]);
      if (rng.chance(0.15) && vig - p.alta[i] > 800) {
        const oldVig = rng.int(p.alta[i], vig - 400);
        yield [
          i + 1,
          code,
          isoOf(oldVig),
          isoOf(rng.int(oldVig + 60, vig - 1)),
          isoOf(oldVig + rng.int(0, 20)),
          nromie,
        ];
      }
      let baj: string;
      if (p.baja[i] !== NONE) baj = isoOf(Math.max(vig, p.baja[i]));
      else if (code === 53) baj = isoOf(vig + 450);
      else {
        const r = rng.next();
        baj =
          r < 0.6
            ? NO_DATE
            : r < 0.82
              ? isoOf(p.today + rng.int(0, 400))
              : isoOf(Math.max(vig + 1, p.today - rng.int(1, 500)));
      }
      yield [i + 1, code, isoOf(vig), baj, isoOf(vig + rng.int(0, 20)), nromie];
    }
  }
  return { table: s.enrolamientos, columns, rows: rows() };
}

export function conveniosLoad(p: Population, rng: Rng): TableLoad {
  const columns = [
    "idafi",
    "tipoconvenio",
    "clasificacion_convenio",
    "institucion_convenio",
    "provincia_convenio",
    "inicio_convenio",
    "fin_convenio",
  ];
  function* rows(): Generator<Value[]> {
    for (let i = 0; i < p.members; i++) {
      if (!p.convenio[i]) continue;
      const [tipo, clasif] = TIPOS_CONVENIO[p.convenio[i] - 1];
      const [inst, prov] = rng.pick(INSTITUCIONES_CONVENIO);
      const inicio = p.today - rng.int(10, 1000);
      yield [i + 1, tipo, clasif, inst, prov, isoOf(inicio), isoOf(inicio + rng.pick([180, 365, 730]))];
    }
  }
  return { table: s.conveniosReciprocidad, columns, rows: rows() };
}

export function notasLoad(p: Population, rng: Rng): TableLoad {
  function* rows(): Generator<Value[]> {
    for (let i = 0; i < p.members; i++) {
      if (!rng.chance(0.28)) continue;
      const last = p.baja[i] === NONE ? p.today : p.baja[i];
      for (let n = rng.int(1, 3); n > 0; n--) {
        yield [i + 1, isoOf(rng.int(Math.min(p.alta[i], last), last)), rng.pick(NOTE_TEXTS), rng.pick(STAFF_USERS)];
      }
    }
  }
  return { table: s.notas, columns: ["idafi", "fecha_cambio", "descripcion_cambio", "nombre_usuario"], rows: rows() };
}

const APORTES_COLUMNS = [
  "idafi",
  "jubilado",
  "fecha",
  "cuit",
  "nro_legajo",
  "ubicacion",
  "rem_imponible",
  "rem_no_imponible",
  "aporte_afiliado",
  "aporte_patronal",
  "aporte_trasplantado",
  "aporte_solidario",
  "aporte_contribucion_solidario",
  "nro_beneficio_jub",
  "nro_concepto_jub",
  "beneficio",
  "suma_beneficios",
  "concepto",
];

/** Monthly contributions of holders: active form for employees, retiree form for groups 01–06 and 99. */
export function aportesLoad(p: Population, rng: Rng, months: number): TableLoad {
  const now = new Date(p.today * 86_400_000);
  const monthStart = (back: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1) / 86_400_000;
  function* rows(): Generator<Value[]> {
    for (let g = 0; g < p.groups; g++) {
      const grp = GROUPS[p.gKind[g]];
      if (grp.clasificacion !== "OBLIGATORIO" && !grp.retiree) continue;
      const i = p.gFirst[g];
      const c = cuil(p, i);
      if (!c) continue;
      const base = grp.retiree
        ? rng.normal(650_000, 250_000, 280_000, 2_500_000)
        : rng.normal(950_000, 380_000, 300_000, 3_800_000);
      const legajo = rng.digits(6);
      const ubicacion = rng.pick(REPARTICIONES);
      const beneficio = `${rng.int(1, 9)}-${rng.digits(7)}`;
      for (let m = months; m >= 1; m--) {
        const day = monthStart(m);
        if (day < p.alta[i] || (p.baja[i] !== NONE && day > p.baja[i])) continue;
        const amount = base / Math.pow(1.025, m);
        if (grp.retiree) {
          const extra = rng.chance(0.15) ? amount * 0.3 : 0;
          yield [
            i + 1,
            true,
            isoOf(day),
            c,
            null,
            null,
            null,
            null,
            money((amount + extra) * 0.045),
            null,
            null,
            null,
            null,
            beneficio,
            "315",
            money(amount),
            money(amount + extra),
            "DESCUENTO APORTE OSEP",
          ];
        } else {
          const noImp = (amount * rng.int(6, 18)) / 100;
          yield [
            i + 1,
            false,
            isoOf(day),
            c,
            legajo,
            ubicacion,
            money(amount),
            money(noImp),
            money(amount * 0.045),
            money(amount * 0.065),
            money(amount * 0.001),
            money(amount * 0.01),
            money(amount * 0.01),
            null,
            null,
            null,
            null,
            null,
          ];
        }
      }
    }
  }
  return { table: s.aportes, columns: APORTES_COLUMNS, rows: rows() };
}
