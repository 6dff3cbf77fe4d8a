// The pre-settlement query on a hand-built snapshot: two responsables, scoping, validation, the CSV stream.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { refreshSnapshot } from "~reporting/index";
import { writeJsonAtomic } from "~reporting/status";
import { currentSnapshot, filesInUse, pointerPath } from "~reporting/store";
import { DEMO_USERS, PROFILES } from "~db/reference";
import { responsables as seedResponsables } from "~db/seed/providers";
import { Rng } from "~db/seed/random";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { queryLiquidacion, liquidacionCsv } from "./liquidacion.server";
import {
  LIQUIDACION_FIELDS,
  MSG_FECHAS_REQUERIDAS,
  MSG_RESPONSABLE_NO_PERMITIDO,
  MSG_RESPONSABLE_REQUERIDO,
  LiquidacionQuerySchema,
  type LiquidacionQuery,
} from "./liquidacion.schema";
import { responsablesOf } from "./responsables.server";
import { MSG_PERIODO_INVERTIDO, MSG_PERIODO_LARGO } from "~/lib/period";
import { parse } from "content-disposition";
import { parseInput } from "~/lib/input";

const A = { nombre: "CLÍNICA ALFA S.A.", cuit: "30-11111118-5" };
const B = { nombre: 'SANATORIO BETA; "EL" S.R.L.', cuit: "30-22222227-1" };

const admin = { id: 1, usuario: "admin", profile: { id: 1 } };
const auditor = { id: 3, usuario: "auditor", profile: { id: 10 } };
const provA = { id: 4, usuario: A.cuit, profile: { id: 20 } };
const consulta = { id: 2, usuario: "consulta", profile: { id: 2 } };

const q = (responsable: string, fecha_desde = "2025-03-01", fecha_hasta = "2025-03-31"): LiquidacionQuery => ({
  fecha_desde,
  fecha_hasta,
  responsable,
  exportExcel: false,
});

let t: TestDb;
type LiquidacionCsvResult = Awaited<ReturnType<typeof liquidacionCsv>>;

type Auth = [
  nro: number,
  fecha: string,
  hora: string,
  resp: typeof A,
  anulado: boolean,
  honorario: string,
  gasto: string | null,
];
const AUTHS: Auth[] = [
  [1003, "2025-03-10", "09:00:00", A, false, "1500.50", "200.00"],
  [1001, "2025-03-10", "08:30:00", A, true, "1000.00", null], // voided: still listed
  [1002, "2025-03-01", "23:59:00", A, false, "10.00", "0.00"],
  [1004, "2025-03-31", "12:00:00", A, false, "99999.99", "1.10"],
  [1005, "2025-04-01", "00:00:01", A, false, "5.00", "5.00"], // outside the period
  [1006, "2025-02-28", "23:59:59", A, false, "5.00", "5.00"], // outside the period
  [2001, "2025-03-15", "10:00:00", B, false, "700.00", "70.00"],
  [2002, "2025-03-16", "10:00:00", B, false, "800.00", "80.00"],
];

async function insertAuth([nro, fecha, hora, r, anulado, hon, gasto]: Auth): Promise<void> {
  await sqlRows(
    `insert into autorizaciones (nroautorizacion, numautreferenciada, nroafiliado, nombreafiliado, cuil, practica, subitem,
       descpractica, cobertura, autorizo, modalidad, estadoambint, fecha, hora, cantidad, entidad, usuarioautorizacion,
       matmedefector, responsable, cuit_responsable, anulado, autoken, montoauthonorario, montoautgasto)
     values ($1, $2, '123456/01', 'PEREZ JUAN', '20-12345678-6', '420101', '00', 'CONSULTA MEDICA', 1, 'AUTORIZADA',
       'CONSUMO', 'A', $3, $4, 2, $5, 'OPER1', '1234', $5, $6, $7, 'AB12CD', $8, $9)`,
    [nro, nro - 1000, fecha, hora, r.nombre, r.cuit, anulado, hon, gasto],
  );
}

/** Issue 12: an authorisation of A in June 2025 whose text starts like a spreadsheet formula, with negative amounts. */
const HOSTILE = {
  nombreafiliado: '=HYPERLINK("http://evil.example/x","clic")',
  descpractica: "+SUM(A1:A2)",
  usuarioautorizacion: "@OPER",
  autoken: "-2+3",
  nroafiliado: "\t=1+1",
  matmedefector: "\r=1",
};

async function insertHostile(): Promise<void> {
  await sqlRows(
    `insert into autorizaciones (nroautorizacion, numautreferenciada, nroafiliado, nombreafiliado, cuil, practica, subitem,
       descpractica, cobertura, autorizo, modalidad, estadoambint, fecha, hora, cantidad, entidad, usuarioautorizacion,
       matmedefector, responsable, cuit_responsable, anulado, autoken, montoauthonorario, montoautgasto)
     values (3001, -5, $1, $2, '20-12345678-6', '420101', '00', $3, 1, 'AUTORIZADA', 'CONSUMO', 'A', '2025-06-15',
       '10:00:00', -1, $4, $5, $6, $4, $7, false, $8, -150.00, -0.50)`,
    [
      HOSTILE.nroafiliado,
      HOSTILE.nombreafiliado,
      HOSTILE.descpractica,
      A.nombre,
      HOSTILE.usuarioautorizacion,
      HOSTILE.matmedefector,
      A.cuit,
      HOSTILE.autoken,
    ],
  );
}

beforeAll(async () => {
  t = await useTestDatabase();
  await sqlRows("insert into responsables (id, nombre, cuit) values (1, $1, $2), (2, $3, $4)", [
    A.nombre,
    A.cuit,
    B.nombre,
    B.cuit,
  ]);
  for (const auth of AUTHS) await insertAuth(auth);
  await insertHostile();
  await refreshSnapshot();
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

describe("queryLiquidacion", () => {
  test("a month of one responsable: only its rows, voided included, ordered by fecha, hora, nro, with the 23 fields", async () => {
    const r = await queryLiquidacion(admin, q(A.cuit));
    if (!r.ok) throw new Error(r.msg);
    expect(r.rows.map((x) => x.nroautorizacion)).toEqual([1002, 1001, 1003, 1004]);
    expect(r.total).toBe(4);
    expect(Object.keys(r.rows[0])).toEqual([...LIQUIDACION_FIELDS]);
    expect(LIQUIDACION_FIELDS).toHaveLength(23);
    expect(r.rows[1]).toMatchObject({
      nroautorizacion: 1001,
      fecha: "2025-03-10",
      hora: "08:30:00",
      anulado: true,
      montoauthonorario: "1000.00",
      montoautgasto: null,
      numautreferenciada: 1,
      matmedefector: "1234",
      responsable: A.nombre,
      entidad: A.nombre,
      cantidad: 2,
      cobertura: 1,
      autoken: "AB12CD",
    });
    expect(r.datos_al).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  test("the CUIT without dashes finds the same rows; the limit caps rows but not the total", async () => {
    const r = await queryLiquidacion(auditor, q("30111111185"), { limit: 2 });
    if (!r.ok) throw new Error(r.msg);
    expect(r.rows.map((x) => x.nroautorizacion)).toEqual([1002, 1001]);
    expect(r.total).toBe(4);
  });

  test("the API cap refuses with 422 instead of cutting the settlement", async () => {
    const r = await queryLiquidacion(admin, q(A.cuit), { refuseAbove: 3 });
    expect(r).toMatchObject({ ok: false, status: 422 });
  });

  test("a provider user sees its own entity and gets 403 (no rows) for another", async () => {
    const own = await queryLiquidacion(provA, q(A.cuit));
    expect(own.ok && own.rows.length).toBe(4);
    const other = await queryLiquidacion(provA, q(B.cuit));
    expect(other).toEqual({ ok: false, status: 403, msg: MSG_RESPONSABLE_NO_PERMITIDO });
    expect(await queryLiquidacion(consulta, q(A.cuit))).toMatchObject({ ok: false, status: 403 });
    expect(await queryLiquidacion(provA, q(`${A.cuit}' OR '1'='1`))).toMatchObject({ ok: false, status: 403 });
  });

  test("SQL-looking or unknown responsable for a privileged user: no rows, no error", async () => {
    for (const text of ["' OR 1=1 --", "30-99999999-9", "x'); drop table autorizaciones; --"]) {
      const r = await queryLiquidacion(admin, q(text));
      expect(r).toMatchObject({ ok: true, rows: [], total: 0 });
    }
  });

  test("the select's options follow the scoping rule", async () => {
    expect((await responsablesOf(admin)).map((r) => r.cuit)).toEqual([A.cuit, B.cuit]);
    expect((await responsablesOf(auditor)).map((r) => r.cuit)).toEqual([A.cuit, B.cuit]);
    expect(await responsablesOf(provA)).toEqual([A]);
    expect(await responsablesOf(consulta)).toEqual([]);
  });
});

describe("liquidacionCsv", () => {
  // ignoreBOM: keep the BOM in the text (the default decoder drops it).
  const read = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());

  test("UTF-8 with BOM, ';', CRLF, field-name header, dd/mm/yyyy, decimal comma, SI/NO; streams every row", async () => {
    const r = await liquidacionCsv(admin, { ...q(A.cuit), exportExcel: true }, "csv");
    if (!r.ok) throw new Error(r.msg);
    expect(parse(r.response.headers.get("Content-Disposition") ?? "")).toEqual({
      type: "attachment",
      parameters: { filename: "liquidacion.csv" },
    });
    expect(r.response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await read(r.response);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    const [header, ...rows] = lines.slice(0, -1).map((l) => l.split(";"));
    expect(header).toEqual([...LIQUIDACION_FIELDS]);
    expect(rows.map((c) => c[0])).toEqual(["1002", "1001", "1003", "1004"]);
    const byName = (row: string[]) => Object.fromEntries(header.map((h, i) => [h, row[i]]));
    expect(byName(rows[1])).toMatchObject({
      fecha: "10/03/2025",
      montoauthonorario: "1000,00",
      montoautgasto: "",
      anulado: "SI",
      hora: "08:30:00",
    });
    expect(byName(rows[3])).toMatchObject({
      fecha: "31/03/2025",
      montoauthonorario: "99999,99",
      montoautgasto: "1,10",
      anulado: "NO",
    });
    const [logged] = await sqlRows<{ usuario: string; entidad_id: string; detalle: { via: string } }>(
      "select usuario, entidad_id, detalle from audit_log where accion = 'liquidacion.exportar' order by id desc limit 1",
    );
    expect(logged).toMatchObject({ usuario: "admin", entidad_id: A.cuit, detalle: { via: "csv" } });
  });

  test("a name with ';' and quotes is quoted", async () => {
    const r = await liquidacionCsv(admin, { ...q(B.cuit), exportExcel: true }, "api");
    if (!r.ok) throw new Error(r.msg);
    const text = await read(r.response);
    expect(text).toContain(`;"SANATORIO BETA; ""EL"" S.R.L.";`);
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(3);
  });

  test("text cells that start like a formula (= + - @ tab CR) get a leading quote; numbers, negative ones too, stay numbers", async () => {
    const june = q(A.cuit, "2025-06-01", "2025-06-30");
    const r = await liquidacionCsv(admin, june, "csv");
    if (!r.ok) throw new Error(r.msg);
    const text = await read(r.response);
    const [header, row] = text
      .slice(1)
      .split("\r\n")
      .map((l) => l.split(";"));
    expect(Object.fromEntries(header.map((f, i) => [f, row[i]]))).toMatchObject({
      nroautorizacion: "3001",
      numautreferenciada: "-5",
      cantidad: "-1",
      montoauthonorario: "-150,00",
      montoautgasto: "-0,50",
      // quoted because it holds '"' (doubled inside)
      nombreafiliado: `"'${HOSTILE.nombreafiliado.replaceAll('"', '""')}"`,
      descpractica: `'${HOSTILE.descpractica}`,
      usuarioautorizacion: `'${HOSTILE.usuarioautorizacion}`,
      autoken: `'${HOSTILE.autoken}`,
      nroafiliado: `'${HOSTILE.nroafiliado}`,
      matmedefector: `'${HOSTILE.matmedefector}`,
      responsable: A.nombre,
      practica: "420101",
      anulado: "NO",
    });
    // the file as downloaded: the quoted cell, and the amounts as numbers with a decimal comma
    expect(text).toContain(`;"'=HYPERLINK(""http://evil.example/x"",""clic"")";`);
    expect(text).toContain(";-150,00;-0,50;");
    expect(text).not.toMatch(/;[=+@]/);
  });

  test("another entity's CSV for a provider user: 403 and no stream", async () => {
    expect(await liquidacionCsv(provA, q(B.cuit), "csv")).toEqual({
      ok: false,
      status: 403,
      msg: MSG_RESPONSABLE_NO_PERMITIDO,
    });
  });

  test("not a CUIT (privileged user): the header only", async () => {
    const r = await liquidacionCsv(admin, q("' OR 1=1 --"), "csv");
    if (!r.ok) throw new Error(r.msg);
    expect(await read(r.response)).toBe(`\uFEFF${LIQUIDACION_FIELDS.join(";")}\r\n`);
  });

  const nros = (text: string) =>
    text
      .split("\r\n")
      .slice(1, -1)
      .map((l) => l.split(";")[0]);

  test("X-Datos-Al names the very snapshot streamed, even when a refresh switches current.json meanwhile", async () => {
    const first = currentSnapshot()!;
    await insertAuth([1007, "2025-03-20", "10:00:00", A, false, "7.00", null]);
    const second = await refreshSnapshot(); // A's March: 5 rows here, 4 in `first`
    writeJsonAtomic(pointerPath(), first); // `first` in service again; `second` is about to be switched to...
    // ...by another process, right after the export has chosen its snapshot: at the next look at current.json
    const pointer = pointerPath();
    const realStat = fs.statSync;
    let looks = 0;
    const spy = vi.spyOn(fs, "statSync").mockImplementation(((p: fs.PathLike) => {
      if (p === pointer && ++looks === 2) writeJsonAtomic(pointer, second);
      return realStat(p);
    }) as typeof fs.statSync);
    let announced: LiquidacionCsvResult;
    try {
      announced = await liquidacionCsv(admin, q(A.cuit), "csv");
    } finally {
      spy.mockRestore();
    }
    writeJsonAtomic(pointer, second); // the switch done, if the export did not look again
    if (!announced.ok) throw new Error(announced.msg);
    expect(announced.response.headers.get("X-Datos-Al")).toBe(first.built_at);
    expect(nros(await read(announced.response))).toEqual(["1002", "1001", "1003", "1004"]);

    // A refresh between the answer's head and its body: the body still comes from the snapshot announced.
    expect(currentSnapshot()!.file).toBe(second.file);
    const r = await liquidacionCsv(admin, q(A.cuit), "csv");
    if (!r.ok) throw new Error(r.msg);
    await sqlRows("delete from autorizaciones where nroautorizacion = 1007");
    const third = await refreshSnapshot();
    expect(r.response.headers.get("X-Datos-Al")).toBe(second.built_at);
    expect(nros(await read(r.response))).toEqual(["1002", "1001", "1003", "1007", "1004"]);
    expect(currentSnapshot()!.file).toBe(third.file);
  });

  test("a download cancelled before its first byte gives its snapshot back", async () => {
    const r = await liquidacionCsv(admin, q(A.cuit), "csv");
    if (!r.ok) throw new Error(r.msg);
    const held = path.join(t.reportingDir, currentSnapshot()!.file);
    expect(filesInUse()).toContain(held);
    await r.response.body!.cancel();
    await refreshSnapshot(); // `held` is no longer current: closed once no reader uses it
    expect(filesInUse()).not.toContain(held);
  });
});

describe("LiquidacionQuerySchema", () => {
  test.each([
    [
      {},
      [
        ["fecha_desde", MSG_FECHAS_REQUERIDAS],
        ["fecha_hasta", MSG_FECHAS_REQUERIDAS],
        ["responsable", MSG_RESPONSABLE_REQUERIDO],
      ],
    ],
    [
      { fecha_desde: "2025-03-01", fecha_hasta: "2025-03-31", responsable: "  " },
      [["responsable", MSG_RESPONSABLE_REQUERIDO]],
    ],
    [
      { fecha_desde: "2025-03-31", fecha_hasta: "2025-03-01", responsable: A.cuit },
      [["fecha_hasta", MSG_PERIODO_INVERTIDO]],
    ],
    [
      { fecha_desde: "2024-01-01", fecha_hasta: "2025-03-01", responsable: A.cuit },
      [["fecha_hasta", MSG_PERIODO_LARGO]],
    ],
    [
      { fecha_desde: "2025-02-30", fecha_hasta: "2025-03-01", responsable: A.cuit },
      [["fecha_desde", "Fecha inválida (use dd/mm/aaaa)"]],
    ],
    [
      { fecha_desde: "2025-03-01", fecha_hasta: "2025-03-01", responsable: A.cuit, exportExcel: "quizas" },
      [["exportExcel", "exportExcel debe ser true o false"]],
    ],
  ])("%j → %j", (raw, expected) => {
    const r = parseInput(LiquidacionQuerySchema, raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => [e.param, e.msg])).toEqual(expected);
  });

  test("valid, with exportExcel true/false", () => {
    expect(
      parseInput(LiquidacionQuerySchema, {
        fecha_desde: "2025-03-01",
        fecha_hasta: "2025-03-31",
        responsable: ` ${A.cuit} `,
        exportExcel: "true",
      }),
    ).toEqual({
      ok: true,
      data: { fecha_desde: "2025-03-01", fecha_hasta: "2025-03-31", responsable: A.cuit, exportExcel: true },
    });
    expect(
      parseInput(LiquidacionQuerySchema, { fecha_desde: "2025-03-01", fecha_hasta: "2025-03-31", responsable: A.cuit }),
    ).toMatchObject({ ok: true, data: { exportExcel: false } });
  });
});

describe("demo provider (db/reference.ts)", () => {
  test("its usuario is the CUIT of the first seeded responsable and its profile holds only this screen and operation 33", () => {
    const first = seedResponsables(new Rng(1).fork("responsables"))[0];
    const demo = DEMO_USERS.find((u) => u.perfil === 20);
    expect(demo?.usuario).toBe(first.cuit);
    expect(PROFILES.find((p) => p.id === 20)).toMatchObject({
      screens: ["/liquidacion-prestadores"],
      operations: ["33"],
    });
  });
});
