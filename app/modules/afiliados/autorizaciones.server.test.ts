// Authorisations on the seeded demo data: member/stay/global filters, default today, coverage filter, keyset
// streaming, lookup by referenced number, the Ficha de Consumo loader (messages, options) and the Excel sheet.
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase, type TestDb, sqlOne, sqlRows } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { writeXlsx } from "~reporting/render/excel";
import { todayISO } from "~/lib/dates";
import { AUTH_EXCEL_COLUMNS, AUTH_SHEET } from "./autorizaciones-excel.server";
import { MSG_FECHA_INVALIDA } from "~/lib/input";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { AutorizacionesQuerySchema } from "./autorizaciones.schema";
import { getAutorizacion, listAutorizaciones, streamAutorizaciones } from "./autorizaciones.server";
import { loadFichaConsumo } from "./ficha-consumo.server";

let t: TestDb;
let idafi = 0;
let total = 0;
const today = todayISO();

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, log: () => {} });
  const [top] = await sqlRows<{ idafi: number; n: number }>(
    "SELECT idafi, count(*)::int AS n FROM autorizaciones WHERE NOT anulado GROUP BY idafi ORDER BY n DESC, idafi LIMIT 1",
  );
  idafi = top.idafi;
  total = top.n;
});
afterAll(async () => {
  await t?.cleanup();
});

describe("listAutorizaciones", () => {
  test("a member's rows only, newest first, all of them up to today", async () => {
    const rows = await listAutorizaciones({ idafi, fecha_hasta: today });
    expect(total).toBeGreaterThan(0);
    expect(rows.length).toBe(total);
    expect(rows.every((r) => r.idafi === idafi)).toBe(true);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].fecha >= rows[i].fecha).toBe(true);
    expect(Object.keys(rows[0])).toEqual(
      expect.arrayContaining([
        "nroautorizacion",
        "numautreferenciada",
        "autorizo",
        "modalidad",
        "estadoambint",
        "tipopago",
        "coseguro",
        "usuarioauditoria",
        "autoken",
        "montoauthonorario",
        "desccobertura",
      ]),
    );
  });

  test("date range and coverage filters", async () => {
    const all = await listAutorizaciones({ idafi });
    const mid = all[Math.floor(all.length / 2)].fecha;
    const from = await listAutorizaciones({ idafi, fecha_desde: mid });
    expect(from.length).toBe(all.filter((r) => r.fecha >= mid).length);
    const until = await listAutorizaciones({ idafi, fecha_hasta: mid });
    expect(until.length).toBeGreaterThan(0);
    expect(until.length).toBe(all.filter((r) => r.fecha <= mid).length);
    expect(until.every((r) => r.fecha <= mid)).toBe(true);
    const cov = all.find((r) => r.cobertura !== 1)?.cobertura ?? 1;
    const byCov = await listAutorizaciones({ idafi, cobertura: cov });
    expect(byCov.length).toBeGreaterThan(0);
    expect(byCov.length).toBe(all.filter((r) => r.cobertura === cov).length);
    expect(byCov.every((r) => r.cobertura === cov)).toBe(true);
    expect((await listAutorizaciones({ idafi, cobertura: "TODAS" })).length).toBe(all.length);
  });

  test("annulled authorisations are left out", async () => {
    const [x] = await sqlRows<{ idafi: number; id: number }>(
      "SELECT idafi, id FROM autorizaciones WHERE anulado LIMIT 1",
    );
    expect((await listAutorizaciones({ idafi: x.idafi })).map((r) => r.id)).not.toContain(Number(x.id));
  });

  test("no member, stay or consultaGlobal matches nothing; consultaGlobal is bounded", async () => {
    expect(await listAutorizaciones({})).toEqual([]);
    const global = await listAutorizaciones({ consultaGlobal: true }, 50);
    expect(global).toHaveLength(50);
    expect(new Set(global.map((r) => r.idafi)).size).toBeGreaterThan(1);
    expect(global[0].fecha <= today).toBe(true);
  });

  test("a stay's authorisations", async () => {
    const nro = await sqlOne(
      "SELECT nrointernacion FROM autorizaciones WHERE nrointernacion IS NOT NULL AND NOT anulado ORDER BY id LIMIT 1",
    );
    const rows = await listAutorizaciones({ nrointernacion: nro });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBe(
      await sqlOne("SELECT count(*) FROM autorizaciones WHERE nrointernacion = $1 AND NOT anulado", [nro]),
    );
    expect(rows.every((r) => r.nrointernacion === nro && r.estadoambint === "I")).toBe(true);
  });
});

test("streamAutorizaciones: keyset batches give every row once", async () => {
  const seen: number[] = [];
  for await (const r of streamAutorizaciones({ idafi }, 7)) seen.push(r.id);
  expect(seen.length).toBe(total);
  expect(new Set(seen).size).toBe(total);
  expect([...seen].sort((a, b) => b - a)).toEqual(seen);
});

test("getAutorizacion by referenced number and practice", async () => {
  const [ref] = await sqlRows<{ numautreferenciada: number; practica: string; nroautorizacion: number }>(
    "SELECT numautreferenciada, practica, nroautorizacion FROM autorizaciones WHERE numautreferenciada <> nroautorizacion AND NOT anulado LIMIT 1",
  );
  const own = await getAutorizacion({ id: Number(ref.nroautorizacion), practica: ref.practica });
  expect(own?.nroautorizacion).toBe(Number(ref.nroautorizacion));
  const byRef = await getAutorizacion({ id: Number(ref.numautreferenciada), practica: ref.practica });
  expect(byRef).not.toBeNull();
  expect(await getAutorizacion({ id: 1, practica: "999999" })).toBeNull();
});

describe("loadFichaConsumo (Listado de Autorizaciones)", () => {
  test("defaults: fecha_hasta today, cobertura TODAS, other params kept, Excel link", async () => {
    const d = await loadFichaConsumo(idafi, new URLSearchParams("tab=consumo"));
    expect(d.sub).toBe("autorizaciones");
    expect(d.autorizaciones?.filter).toEqual({ fecha_desde: "", fecha_hasta: today, cobertura: "TODAS" });
    expect(d.autorizaciones?.rows.length).toBe(total);
    expect(d.autorizaciones?.coberturas[0]).toEqual({ value: "TODAS", label: "TODAS" });
    expect(d.autorizaciones?.coberturas.length).toBeGreaterThan(1);
    expect(d.keep).toEqual([["tab", "consumo"]]);
    expect(d.autorizaciones?.excelHref).toBe(
      `/consultar-padron/${idafi}/autorizaciones.xlsx?fecha_hasta=${today}&cobertura=TODAS`,
    );
    expect(d.medicamentos).toBeNull();
  });

  test("an inverted range or a bad date is a Spanish message in the data, not a throw", async () => {
    const inv = await loadFichaConsumo(
      idafi,
      new URLSearchParams("tab=consumo&fecha_desde=2025-05-10&fecha_hasta=2025-01-01"),
    );
    expect(inv.autorizaciones?.error).toBe(MSG_PERIODO_INVERTIDO);
    expect(inv.autorizaciones?.rows).toEqual([]);
    expect(inv.autorizaciones?.excelHref).toBeNull();
    const bad = await loadFichaConsumo(idafi, new URLSearchParams("fecha_desde=' OR 1=1 --"));
    expect(bad.autorizaciones?.error).toBe(MSG_FECHA_INVALIDA);
    const cov = await loadFichaConsumo(idafi, new URLSearchParams(`cobertura=${"9".repeat(10_000)}`));
    expect(cov.autorizaciones?.error).toMatch(/cobertura/i);
  });

  // Issue 10: without JavaScript the detail, the practice counters and 'Resumen' are URL parameters the loader reads.
  test("?autorizacion=N, ?practica=P and ?resumen=1 open a panel; the filters stay in its links", async () => {
    const base = `tab=consumo&cobertura=TODAS`;
    const list = (await loadFichaConsumo(idafi, new URLSearchParams(base))).autorizaciones!;
    expect(list.open).toBeNull();
    expect(list.listHref).toBe(`?tab=consumo&sub=autorizaciones&fecha_hasta=${today}&cobertura=TODAS`);
    const a = list.rows[0];
    const det = (await loadFichaConsumo(idafi, new URLSearchParams(`${base}&autorizacion=${a.nroautorizacion}`)))
      .autorizaciones!;
    expect(det.open).toEqual({ kind: "detalle", nroautorizacion: a.nroautorizacion });
    expect(det.rows.length).toBe(total);
    const pr = (await loadFichaConsumo(idafi, new URLSearchParams(`${base}&practica=${a.practica}`))).autorizaciones!;
    expect(pr.open).toEqual({ kind: "practica", practica: a.practica });
    const res = (await loadFichaConsumo(idafi, new URLSearchParams(`${base}&resumen=1`))).autorizaciones!;
    expect(res.open).toEqual({ kind: "resumen" });
    // the panel keys are the tab's own: the filter form and the sub-tab links drop them (a new search closes it)
    const d = await loadFichaConsumo(idafi, new URLSearchParams(`${base}&resumen=1&practica=${a.practica}`));
    expect(d.keep).toEqual([["tab", "consumo"]]);
  });

  test("an unknown or malformed authorisation/practice is a Spanish message, the list still shows", async () => {
    const unknown = (await loadFichaConsumo(idafi, new URLSearchParams("autorizacion=999999999"))).autorizaciones!;
    expect(unknown.open).toBeNull();
    expect(unknown.panelError).toBe("No se encontró la autorización N° 999999999 en el listado");
    expect(unknown.rows.length).toBe(total);
    const bad = (await loadFichaConsumo(idafi, new URLSearchParams("autorizacion=1' OR 1=1")))!.autorizaciones!;
    expect(bad.open).toBeNull();
    expect(bad.panelError).toBe("El número de autorización no es válido");
    const pr = (await loadFichaConsumo(idafi, new URLSearchParams("practica=ZZZ999")))!.autorizaciones!;
    expect(pr.panelError).toBe("No se encontró la práctica ZZZ999 en el listado");
  });

  test("API query schema: defaults and messages", () => {
    expect(AutorizacionesQuerySchema.parse({ idafi: "12" })).toMatchObject({
      idafi: 12,
      cobertura: "TODAS",
      consultaGlobal: false,
    });
    expect(AutorizacionesQuerySchema.safeParse({ idafi: "1 OR 1=1" }).success).toBe(false);
    const inv = AutorizacionesQuerySchema.safeParse({
      idafi: "1",
      fecha_desde: "2025-02-01",
      fecha_hasta: "2025-01-01",
    });
    expect(inv.success ? "" : inv.error.issues[0].message).toBe(MSG_PERIODO_INVERTIDO);
  });
});

test("Excel: sheet 'Autorizaciones' with the 18 columns of §9 and the row values", async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => out.on("end", r));
  const n = await writeXlsx(
    out,
    AUTH_SHEET,
    AUTH_EXCEL_COLUMNS,
    streamAutorizaciones({ idafi, fecha_hasta: today }, 3),
  );
  await done;
  expect(n).toBe(total);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet("Autorizaciones")!;
  expect(ws).toBeDefined();
  const header = (ws.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual([
    "Número",
    "Afiliado",
    "CUIL",
    "N° Afiliado",
    "Práctica",
    "Descripción",
    "Cobertura",
    "Autorizó",
    "Modalidad",
    "Estado A/I",
    "Fecha",
    "Hora",
    "Cantidad",
    "Tipo de Pago",
    "Coseguro",
    "Estado",
    "Entidad",
    "Delegación",
  ]);
  expect(ws.rowCount).toBe(total + 1);
  const [first] = await listAutorizaciones({ idafi, fecha_hasta: today }, total).then((rows) =>
    rows.sort((a, b) => b.id - a.id),
  );
  const row = ws.getRow(2);
  expect(row.getCell(1).value).toBe(first.nroautorizacion);
  expect(row.getCell(2).value).toBe(first.nombreafiliado);
  expect(row.getCell(5).value).toBe(first.practica);
  expect(row.getCell(8).value).toBe(first.autorizo);
  expect((row.getCell(11).value as Date).toISOString().slice(0, 10)).toBe(first.fecha);
  expect(row.getCell(14).value).toBe(
    { PAG: "PAGADO", SIN: "SIN ACUERDO COSEGURO", GEN: "COSEGURO $0" }[first.tipopago!],
  );
});
