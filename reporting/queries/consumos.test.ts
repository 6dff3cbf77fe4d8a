// Provider consumption queries on a hand-built dataset with known answers (docs/decisions/014): what counts
// (authorised, not annulled, in the period, of that efector), sum of cantidad vs count, subitems, the drill-down
// with fechahora, the ranking order and its fallbacks, unknown codes and SQL-looking text.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { refreshSnapshot, withSnapshot } from "~reporting/index";
import { consumosPorEfector, listadoConsumosPorEfector, rankingConsumosPorEfector } from "./consumos";

let t: TestDb;
const MARZO = { fecha_desde: "2025-03-01", fecha_hasta: "2025-03-31" };

type Auth = {
  nro: number;
  practica: string;
  subitem?: string | null;
  desc: string;
  fecha: string;
  hora?: string | null;
  cantidad?: number;
  coseguro?: string | null;
  efector: string | null;
  autorizo?: string;
  anulado?: boolean;
  nom?: string;
  mat?: string;
  honorario?: string | null;
  gasto?: string | null;
};

/** The hand-built dataset. */
const EFECTORES = [
  ["90001", "1111,2222", "PÉREZ JUAN CARLOS", "1111"],
  ["90002", "3333", "GÓMEZ PÉREZ ANA", "3333"],
  ["90003", "444", "CLINICA SAN JUAN SRL", "444"],
  ["90004", "5555", "PEREYRA LUIS", "5555"],
] as const;

const AUTORIZACIONES: Auth[] = [
  // 90001: 420101 (no subitem) 1 + 2, 250101 5, 420101/01 1 → 9 practices, 4 authorisations
  {
    nro: 1001,
    practica: "420101",
    desc: "CONSULTA MEDICA EN CONSULTORIO",
    fecha: "2025-03-03",
    hora: "10:15:00",
    cantidad: 1,
    coseguro: "1500.00",
    efector: "90001",
    honorario: "100.50",
    gasto: "50.25",
  },
  {
    nro: 1002,
    practica: "420101",
    subitem: "",
    desc: "CONSULTA MEDICA EN CONSULTORIO",
    fecha: "2025-03-10",
    hora: "09:00:00",
    cantidad: 2,
    efector: "90001",
  },
  {
    nro: 1003,
    practica: "250101",
    desc: "SESION DE KINESIOLOGIA",
    fecha: "2025-03-05",
    hora: null,
    cantidad: 5,
    coseguro: "200.00",
    efector: "90001",
  },
  {
    nro: 1004,
    practica: "420101",
    subitem: "01",
    desc: "CONSULTA MEDICA EN CONSULTORIO - ADICIONAL",
    fecha: "2025-03-07",
    hora: "08:00:00",
    efector: "90001",
  },
  // not consumptions of March for 90001: annulled, denied, pending, before and after the period
  {
    nro: 1005,
    practica: "420101",
    desc: "CONSULTA MEDICA EN CONSULTORIO",
    fecha: "2025-03-04",
    efector: "90001",
    anulado: true,
  },
  {
    nro: 1006,
    practica: "420101",
    desc: "CONSULTA MEDICA EN CONSULTORIO",
    fecha: "2025-03-04",
    efector: "90001",
    autorizo: "DENEGADA",
  },
  {
    nro: 1007,
    practica: "420101",
    desc: "CONSULTA MEDICA EN CONSULTORIO",
    fecha: "2025-03-04",
    efector: "90001",
    autorizo: "DIF/OTRO",
  },
  {
    nro: 1008,
    practica: "420101",
    desc: "CONSULTA MEDICA EN CONSULTORIO",
    fecha: "2025-02-28",
    hora: "23:59:59",
    efector: "90001",
  },
  {
    nro: 1009,
    practica: "420101",
    desc: "CONSULTA MEDICA EN CONSULTORIO",
    fecha: "2025-04-01",
    hora: "00:00:00",
    efector: "90001",
  },
  // 90002: 3 × 660101 and one 250101 of 4 → 7 practices, 4 authorisations
  {
    nro: 2001,
    practica: "660101",
    desc: "HEMOGRAMA COMPLETO",
    fecha: "2025-03-01",
    coseguro: "100.00",
    efector: "90002",
  },
  {
    nro: 2002,
    practica: "660101",
    desc: "HEMOGRAMA COMPLETO",
    fecha: "2025-03-02",
    coseguro: "100.00",
    efector: "90002",
  },
  {
    nro: 2003,
    practica: "660101",
    desc: "HEMOGRAMA COMPLETO",
    fecha: "2025-03-31",
    hora: "23:00:00",
    coseguro: "100.00",
    efector: "90002",
  },
  { nro: 2004, practica: "250101", desc: "SESION DE KINESIOLOGIA", fecha: "2025-03-15", cantidad: 4, efector: "90002" },
  // 90003: one authorisation of 8 → 8 practices
  {
    nro: 3001,
    practica: "430101",
    desc: "INTERNACION CLINICA - DIA CAMA",
    fecha: "2025-03-20",
    cantidad: 8,
    efector: "90003",
  },
  // 90005: not in efectores (name from its authorisation); 7 practices in 1 authorisation → after 90002 (4)
  {
    nro: 5001,
    practica: "250101",
    desc: "SESION DE KINESIOLOGIA",
    fecha: "2025-03-12",
    cantidad: 7,
    efector: "90005",
    nom: "SIN MAESTRO",
    mat: "999",
  },
  // no efector at all: never ranked
  {
    nro: 6001,
    practica: "420101",
    desc: "CONSULTA MEDICA EN CONSULTORIO",
    fecha: "2025-03-12",
    cantidad: 50,
    efector: null,
  },
];

async function loadConsumosDataset(): Promise<void> {
  for (const [codigo, matriculas, nom, mat] of EFECTORES) {
    await sqlRows("insert into efectores (codigo, matriculas, nommedefector, matmedefector) values ($1, $2, $3, $4)", [
      codigo,
      matriculas,
      nom,
      mat,
    ]);
  }
  const names = new Map<string, [string, string]>(EFECTORES.map(([c, , n, m]) => [c, [n, m]]));
  for (const a of AUTORIZACIONES) {
    const [nom, mat] = a.efector ? (names.get(a.efector) ?? [a.nom ?? null, a.mat ?? null]) : [null, null];
    await sqlRows(
      `insert into autorizaciones (nroautorizacion, nroafiliado, nombreafiliado, practica, subitem, descpractica, autorizo,
         modalidad, fecha, hora, cantidad, coseguro, entidad, codigo_efector, matmedefector, nommedefector, anulado,
         montoauthonorario, montoautgasto)
       values ($1, $2, $3, $4, $5, $6, $7, 'CONSUMO', $8, $9, $10, $11, 'ENTIDAD PRUEBA', $12, $13, $14, $15, $16, $17)`,
      [
        a.nro,
        `NA-${a.nro}`,
        `AFILIADO ${a.nro}`,
        a.practica,
        a.subitem ?? null,
        a.desc,
        a.autorizo ?? "AUTORIZADA",
        a.fecha,
        a.hora ?? null,
        a.cantidad ?? 1,
        a.coseguro ?? null,
        a.efector,
        mat,
        nom,
        a.anulado ?? false,
        a.honorario ?? null,
        a.gasto ?? null,
      ],
    );
  }
}

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await loadConsumosDataset();
  await refreshSnapshot();
});
afterAll(async () => {
  await t?.cleanup();
});

describe("consumos por efector", () => {
  test("practices of the period: sum of cantidad, count of authorisations, most consumed first", async () => {
    const rows = await withSnapshot((r) => consumosPorEfector(r, { ...MARZO, codigo_efector: "90001" }));
    expect(rows).toEqual([
      {
        cant_practica: 5,
        cant_autorizaciones: 1,
        practica: "250101",
        subitem: "",
        descpractica: "SESION DE KINESIOLOGIA",
      },
      {
        cant_practica: 3,
        cant_autorizaciones: 2,
        practica: "420101",
        subitem: "",
        descpractica: "CONSULTA MEDICA EN CONSULTORIO",
      },
      {
        cant_practica: 1,
        cant_autorizaciones: 1,
        practica: "420101",
        subitem: "01",
        descpractica: "CONSULTA MEDICA EN CONSULTORIO - ADICIONAL",
      },
    ]);
  });

  test("the period's bounds are inclusive", async () => {
    const rows = await withSnapshot((r) =>
      consumosPorEfector(r, { fecha_desde: "2025-02-28", fecha_hasta: "2025-04-01", codigo_efector: "90001" }),
    );
    expect(rows.find((x) => x.practica === "420101" && x.subitem === "")?.cant_autorizaciones).toBe(4);
    const one = await withSnapshot((r) =>
      consumosPorEfector(r, { fecha_desde: "2025-03-31", fecha_hasta: "2025-03-31", codigo_efector: "90002" }),
    );
    expect(one).toEqual([
      { cant_practica: 1, cant_autorizaciones: 1, practica: "660101", subitem: "", descpractica: "HEMOGRAMA COMPLETO" },
    ]);
  });

  test("unknown code, a code with no consumption and SQL-looking text give no rows", async () => {
    for (const codigo_efector of ["99999", "90004", "' OR 1=1 --", "90001'; DROP TABLE autorizaciones; --", "%"]) {
      expect(await withSnapshot((r) => consumosPorEfector(r, { ...MARZO, codigo_efector }))).toEqual([]);
    }
    expect((await withSnapshot((r) => consumosPorEfector(r, { ...MARZO, codigo_efector: "90001" }))).length).toBe(3);
  });
});

describe("listado (drill-down)", () => {
  test("every subitem of the code when no subitem is given, oldest first, with fechahora", async () => {
    const { rows, truncado } = await withSnapshot((r) =>
      listadoConsumosPorEfector(r, { ...MARZO, codigo_efector: "90001", practica: "420101" }),
    );
    expect(truncado).toBe(false);
    expect(rows.map((x) => x.nroautorizacion)).toEqual([1001, 1004, 1002]);
    expect(rows[0]).toEqual({
      nroautorizacion: 1001,
      nroafiliado: "NA-1001",
      nombreafiliado: "AFILIADO 1001",
      fechahora: "2025-03-03 10:15:00",
      coseguro: "1500.00",
      modalidad: "CONSUMO",
      entidad: "ENTIDAD PRUEBA",
      cantidad: 1,
    });
    expect(rows[2]).toMatchObject({ fechahora: "2025-03-10 09:00:00", coseguro: null, cantidad: 2 });
  });

  test("one subitem ('' = none); a missing hora gives the date alone", async () => {
    const plain = await withSnapshot((r) =>
      listadoConsumosPorEfector(r, { ...MARZO, codigo_efector: "90001", practica: "420101", subitem: "" }),
    );
    expect(plain.rows.map((x) => x.nroautorizacion)).toEqual([1001, 1002]);
    const adicional = await withSnapshot((r) =>
      listadoConsumosPorEfector(r, { ...MARZO, codigo_efector: "90001", practica: "420101", subitem: "01" }),
    );
    expect(adicional.rows.map((x) => x.nroautorizacion)).toEqual([1004]);
    const kine = await withSnapshot((r) =>
      listadoConsumosPorEfector(r, { ...MARZO, codigo_efector: "90001", practica: "250101" }),
    );
    expect(kine.rows).toEqual([
      expect.objectContaining({ nroautorizacion: 1003, fechahora: "2025-03-05", coseguro: "200.00", cantidad: 5 }),
    ]);
  });

  test("another efector's practice or SQL-looking text: empty", async () => {
    const other = await withSnapshot((r) =>
      listadoConsumosPorEfector(r, { ...MARZO, codigo_efector: "90001", practica: "660101" }),
    );
    expect(other.rows).toEqual([]);
    const sqlish = await withSnapshot((r) =>
      listadoConsumosPorEfector(r, { ...MARZO, codigo_efector: "90001", practica: "420101' OR '1'='1" }),
    );
    expect(sqlish.rows).toEqual([]);
  });
});

describe("ranking", () => {
  test("by practices, ties by authorisations; name from efectores or else from the authorisations", async () => {
    const rows = await withSnapshot((r) => rankingConsumosPorEfector(r, MARZO));
    expect(rows).toEqual([
      {
        posicion: 1,
        codigo: "90001",
        nommedefector: "PÉREZ JUAN CARLOS",
        matmedefector: "1111",
        cant_autorizaciones: 4,
        cant_practicas: 9,
        total_coseguro: "1700.00",
        total_importe: "150.75",
      },
      {
        posicion: 2,
        codigo: "90003",
        nommedefector: "CLINICA SAN JUAN SRL",
        matmedefector: "444",
        cant_autorizaciones: 1,
        cant_practicas: 8,
        total_coseguro: "0.00",
        total_importe: "0.00",
      },
      {
        posicion: 3,
        codigo: "90002",
        nommedefector: "GÓMEZ PÉREZ ANA",
        matmedefector: "3333",
        cant_autorizaciones: 4,
        cant_practicas: 7,
        total_coseguro: "300.00",
        total_importe: "0.00",
      },
      {
        posicion: 4,
        codigo: "90005",
        nommedefector: "SIN MAESTRO",
        matmedefector: "999",
        cant_autorizaciones: 1,
        cant_practicas: 7,
        total_coseguro: "0.00",
        total_importe: "0.00",
      },
    ]);
  });

  test("a period without consumptions is empty", async () => {
    expect(
      await withSnapshot((r) => rankingConsumosPorEfector(r, { fecha_desde: "2024-01-01", fecha_hasta: "2024-12-31" })),
    ).toEqual([]);
  });
});
