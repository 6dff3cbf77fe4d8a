// A hand-built registry of voluntary affiliates for the tests of reporting/queries/voluntarios.ts and
// app/modules/voluntarios: a family group of group 21 (holder active, spouse left with a reason), holders of group
// 20 on the status edges (expiry today, expiry yesterday, the 0001-01-01 sentinel as expiry), a name with % and _,
// and a non-voluntary member. Then a snapshot is built.
import { refreshSnapshot } from "~reporting/index";
import { sqlRows } from "~tests/support/db";

/** The day the tests compute status for. */
export const HOY = "2026-11-24";

type Member = {
  apeynom: string;
  numdoc: string;
  nroafi: string;
  grupo: string;
  parentesco: string;
  nroparentesco: string;
  clasificacion: string;
  categoria: string;
  sexo: string;
  fechbaja?: string;
  fechvto?: string | null;
  codmotbaja?: number | null;
  motbaja?: string | null;
  cuil?: [string, string, string] | null;
  /** Member key of the group's holder (itself for a holder). */
  holder: string;
};

export const VOL: Record<string, Member> = {
  jose: {
    apeynom: "ÁLVAREZ, JOSÉ",
    numdoc: "30111222",
    nroafi: "21-300001-00",
    grupo: "21",
    parentesco: "TITULAR",
    nroparentesco: "00",
    clasificacion: "VOLUNTARIO",
    categoria: "VOLUNTARIO GRUPO FAMILIAR",
    sexo: "M",
    cuil: ["20", "30111222", "0"],
    holder: "jose",
  },
  maria: {
    apeynom: "ALVAREZ, MARÍA",
    numdoc: "30111333",
    nroafi: "21-300001-01",
    grupo: "21",
    parentesco: "CONYUGE",
    nroparentesco: "01",
    clasificacion: "VOLUNTARIO",
    categoria: "FAMILIAR A CARGO",
    sexo: "F",
    fechbaja: "2025-05-01",
    codmotbaja: 901,
    motbaja: null,
    cuil: ["27", "30111333", "7"],
    holder: "jose",
  },
  ana: {
    apeynom: "PEREZ_100%, ANA",
    numdoc: "30111444",
    nroafi: "20-300002-00",
    grupo: "20",
    parentesco: "TITULAR",
    nroparentesco: "00",
    clasificacion: "VOLUNTARIO",
    categoria: "VOLUNTARIO INDIVIDUAL",
    sexo: "F",
    fechvto: HOY,
    cuil: null,
    holder: "ana",
  },
  luis: {
    apeynom: "GÓMEZ, LUIS",
    numdoc: "30111555",
    nroafi: "20-300003-00",
    grupo: "20",
    parentesco: "TITULAR",
    nroparentesco: "00",
    clasificacion: "VOLUNTARIO",
    categoria: "VOLUNTARIO INDIVIDUAL",
    sexo: "M",
    fechvto: "2026-11-23",
    holder: "luis",
  },
  pedro: {
    apeynom: "NUÑEZ, PEDRO",
    numdoc: "30111666",
    nroafi: "20-300004-00",
    grupo: "20",
    parentesco: "TITULAR",
    nroparentesco: "00",
    clasificacion: "VOLUNTARIO",
    categoria: "VOLUNTARIO INDIVIDUAL",
    sexo: "M",
    fechvto: "0001-01-01",
    holder: "pedro",
  },
  obligatorio: {
    apeynom: "ALVAREZ, OBLIGATORIO",
    numdoc: "30111777",
    nroafi: "10-300005-00",
    grupo: "10",
    parentesco: "TITULAR",
    nroparentesco: "00",
    clasificacion: "OBLIGATORIO",
    categoria: "PLANTA PERMANENTE",
    sexo: "M",
    holder: "obligatorio",
  },
};

/** idafi of each member key, once inserted. */
export const IDS: Record<string, number> = {};

/** Inserts the members (one family group per holder) and builds a snapshot. */
export async function seedVoluntarios(): Promise<void> {
  await sqlRows(
    "insert into motivos_baja (bambacodig, bambadescr) values (901, 'FALTA DE PAGO (PRUEBA)') on conflict do nothing",
  );
  const groups: Record<string, number> = {};
  for (const [key, m] of Object.entries(VOL)) {
    if (m.holder !== key) continue;
    const [g] = await sqlRows<{ id: number }>(
      "insert into grupos_familiares (titular_idafi) values (null) returning id",
    );
    groups[key] = g.id;
  }
  for (const [key, m] of Object.entries(VOL)) {
    const [row] = await sqlRows<{ idafi: number }>(
      `insert into afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, grupo_familiar_id,
         sexocodigo, fechbaja, fechvto, codmotbaja, motbaja, aficategoria, descclasificacion,
         cuil_prefijo, cuil_nrocentral, cuil_dtoverific)
       values ($1, $2, $3, $4, '300000', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning idafi`,
      [
        m.apeynom,
        m.numdoc,
        m.nroafi,
        m.grupo,
        m.nroparentesco,
        m.parentesco,
        groups[m.holder],
        m.sexo,
        m.fechbaja ?? "0001-01-01",
        m.fechvto ?? null,
        m.codmotbaja ?? null,
        m.motbaja ?? null,
        m.categoria,
        m.clasificacion,
        m.cuil?.[0] ?? null,
        m.cuil?.[1] ?? null,
        m.cuil?.[2] ?? null,
      ],
    );
    IDS[key] = row.idafi;
  }
  for (const [key, id] of Object.entries(groups))
    await sqlRows("update grupos_familiares set titular_idafi = $1 where id = $2", [IDS[key], id]);
  await refreshSnapshot();
}
