// The 'Importaciones' reads against a real database (PGlite in-process, or the PostgreSQL of DATABASE_URL): the
// imported files newest first, a page at a time, filtered by estado and tabla, the report's link only where there is
// a report, and the report's download (UTF-8 with BOM, ';', attachment, audited; 404 in Spanish when none).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { requestContext } from "~/lib/request-context.server";
import { IMPORTACIONES_MSG, ImportacionesQuerySchema, type ImportacionesQuery } from "./importaciones.schema";
import { descargarInforme, informeNombre, listImportaciones } from "./importaciones.server";

let t: TestDb;

type Fila = { archivo: string; tabla: string | null; estado: string; at: string; informe?: string | null };

const FILAS: Fila[] = [
  { archivo: "afiliados.csv", tabla: "afiliados", estado: "APLICADO", at: "2026-03-01T05:00:00Z" },
  {
    archivo: "afiliados.delta.csv",
    tabla: "afiliados",
    estado: "RECHAZADO",
    at: "2026-03-02T05:00:00Z",
    informe: "linea;columna;valor;motivo\r\n0;;;Se rechazó el 50 % de las filas\r\n2;numdoc;12ab;No es un número\r\n",
  },
  { archivo: "coberturas.csv", tabla: "coberturas", estado: "SIN_CAMBIOS", at: "2026-03-03T05:00:00Z" },
  { archivo: "otra.csv", tabla: null, estado: "RECHAZADO", at: "2026-03-04T05:00:00Z", informe: null },
  { archivo: "notas.csv", tabla: "notas", estado: "ERROR", at: "2026-03-04T05:00:00Z" },
];

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await useTestDatabase();
  for (const f of FILAS) {
    const [{ id }] = await sqlRows<{ id: number }>(
      `insert into feed_importaciones (origen, archivo, tabla, modo, codificacion, bytes, sha256, estado, mensaje,
         filas, insertadas, actualizadas, finalizadas, rechazadas, informe, iniciado_en, duracion_ms)
       values ('tarea nocturna', $1, $2, 'completa', 'utf-8', 1234, repeat('ab', 32), $3, 'un mensaje',
         10, 2, 3, 1, 1, $4, $5, 1500) returning id`,
      [f.archivo, f.tabla, f.estado, f.informe ?? null, f.at],
    );
    ids[f.archivo] = id;
  }
});

afterAll(async () => {
  await t?.cleanup();
});

const query = (raw: Record<string, string> = {}): ImportacionesQuery => {
  const r = ImportacionesQuerySchema.safeParse(raw);
  if (!r.success) throw new Error(r.error.message);
  return r.data;
};

describe("listImportaciones", () => {
  test("newest first (the same instant: the later id first), with the total", async () => {
    const r = await listImportaciones(query());
    expect(r.total).toBe(5);
    expect(r.importaciones.map((i) => i.archivo)).toEqual([
      "notas.csv",
      "otra.csv",
      "coberturas.csv",
      "afiliados.delta.csv",
      "afiliados.csv",
    ]);
    const row = r.importaciones.find((i) => i.archivo === "afiliados.csv")!;
    expect(row).toMatchObject({
      origen: "tarea nocturna",
      tabla: "afiliados",
      modo: "completa",
      codificacion: "utf-8",
      bytes: 1234,
      sha256: "ab".repeat(32),
      filas: 10,
      insertadas: 2,
      actualizadas: 3,
      finalizadas: 1,
      rechazadas: 1,
      estado: "APLICADO",
      mensaje: "un mensaje",
      duracion_ms: 1500,
      iniciado_en: "2026-03-01T05:00:00.000Z",
      informe_url: null,
    });
  });

  test("the report's link only on a row that has a report", async () => {
    const r = await listImportaciones(query());
    const links = Object.fromEntries(r.importaciones.map((i) => [i.archivo, i.informe_url]));
    expect(links["afiliados.delta.csv"]).toBe(`/importaciones/${ids["afiliados.delta.csv"]}/rechazos.csv`);
    expect(links["otra.csv"]).toBeNull();
  });

  test("a page at a time", async () => {
    const p0 = await listImportaciones(query({ size: "2" }));
    const p2 = await listImportaciones(query({ size: "2", page: "2" }));
    expect(p0.importaciones.map((i) => i.archivo)).toEqual(["notas.csv", "otra.csv"]);
    expect(p2.importaciones.map((i) => i.archivo)).toEqual(["afiliados.csv"]);
    expect(p2.total).toBe(5);
  });

  test("filtered by estado (as stored or as shown) and by tabla", async () => {
    const byEstado = await listImportaciones(query({ estado: "SIN CAMBIOS" }));
    expect(byEstado.importaciones.map((i) => i.archivo)).toEqual(["coberturas.csv"]);
    const rechazados = await listImportaciones(query({ estado: "RECHAZADO", tabla: "afiliados" }));
    expect(rechazados.importaciones.map((i) => i.archivo)).toEqual(["afiliados.delta.csv"]);
    expect(rechazados.total).toBe(1);
    const todas = await listImportaciones(query({ estado: "TODOS", tabla: "TODAS" }));
    expect(todas.total).toBe(5);
  });

  test("a bad estado, tabla or page is refused with its Spanish message", () => {
    for (const [raw, msg] of [
      [{ estado: "BORRADO" }, IMPORTACIONES_MSG.estado],
      [{ tabla: "afiliados;drop" }, IMPORTACIONES_MSG.tabla],
      [{ page: "-1" }, "La página debe ser un número entero mayor o igual a 0"],
    ] as const) {
      const r = ImportacionesQuerySchema.safeParse(raw);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(msg);
    }
  });
});

describe("descargarInforme", () => {
  const download = async (id: number) =>
    requestContext.run(TEST_REQUEST_CONTEXT, async () => descargarInforme(await adminActor(), id, "pantalla"));

  test("the report as an attachment: UTF-8 with BOM, ';', the file's name; audited", async () => {
    const id = ids["afiliados.delta.csv"];
    const before = await sqlOne("select count(*) from audit_log where accion = 'importaciones.descargar_informe'");
    const r = await download(id);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.response.headers.get("content-disposition")).toBe("attachment; filename=afiliados.delta.rechazos.csv");
    expect(r.response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await r.response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")[0]).toBe("linea;columna;valor;motivo");
    expect(text).toContain("2;numdoc;12ab;No es un número");
    expect(await sqlOne("select count(*) from audit_log where accion = 'importaciones.descargar_informe'")).toBe(
      before + 1,
    );
    const [a] = await sqlRows<{ entidad_id: string; usuario: string }>(
      "select entidad_id, usuario from audit_log where accion = 'importaciones.descargar_informe' order by id desc limit 1",
    );
    expect(a).toEqual({ entidad_id: String(id), usuario: "admin" });
  });

  test("a report already starting with a BOM gets no second one", async () => {
    await sqlRows("update feed_importaciones set informe = $1 where id = $2", [
      "\uFEFFlinea;columna;valor;motivo\r\n",
      ids["notas.csv"],
    ]);
    const r = await download(ids["notas.csv"]);
    if (!r.ok) throw new Error(r.msg);
    const bytes = new Uint8Array(await r.response.arrayBuffer());
    expect([...bytes.slice(0, 6)]).toEqual([0xef, 0xbb, 0xbf, 0x6c, 0x69, 0x6e]); // BOM, 'lin'
  });

  test("no report, or no such import: 404 in Spanish, nothing audited", async () => {
    const before = await sqlOne("select count(*) from audit_log where accion = 'importaciones.descargar_informe'");
    expect(await download(ids["otra.csv"])).toMatchObject({
      ok: false,
      status: 404,
      msg: IMPORTACIONES_MSG.sinInforme,
    });
    expect(await download(999_999)).toMatchObject({ ok: false, status: 404, msg: IMPORTACIONES_MSG.inexistente });
    expect(await sqlOne("select count(*) from audit_log where accion = 'importaciones.descargar_informe'")).toBe(
      before,
    );
  });

  test("the report's name follows the imported file's", () => {
    expect(informeNombre("afiliados.csv")).toBe("afiliados.rechazos.csv");
    expect(informeNombre("aportes.delta.cp1252.CSV")).toBe("aportes.delta.cp1252.rechazos.csv");
    expect(informeNombre("raro")).toBe("raro.rechazos.csv");
  });
});
