// Buscar Ficha's search on the seeded demo data: the default filter, each filter, the order, the PDF listing's rows,
// and the audit of a case seen. Saving and changing cases: fichas.server.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlOne, type TestDb } from "~tests/support/db";
import type { SessionUser } from "~/auth/sessions.server";
import { createdFicha, fichaAudits, fichaInput, useFichaDatabase } from "~tests/support/ficha-fixture";
import { fichasByDni, getFicha, recordFichaView, searchFichas } from "./fichas.server";
import { fichasReport, listadoFichasHtml } from "./report.server";
import { FichaFilterSchema, type FichaInput } from "./fichas.schema";

let t: TestDb;
let by: SessionUser;
const filter = (o: Record<string, unknown> = {}) => FichaFilterSchema.parse(o);
const created = (input: FichaInput, mode?: "new" | "change_of_drogs" | "reingreso", sourceId?: number) =>
  createdFicha(by, input, mode, sourceId);

beforeAll(async () => {
  ({ t, by } = await useFichaDatabase(["30000009", "30000010", "30000011"]));
});
afterAll(async () => {
  await t?.cleanup();
});

describe("search", () => {
  test("default: active INGRESO only, newest first, the list row shape", async () => {
    const rows = await searchFichas(filter());
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.estado_ficha === "INGRESO")).toBe(true);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].fecha >= rows[i].fecha).toBe(true);
    expect(Object.keys(rows[0]).sort()).toEqual([
      "afi_dni",
      "afi_nombre",
      "editable",
      "estado_ficha",
      "fecha",
      "id",
      "nro_ficha",
      "organo",
      "organoId",
    ]);
    const active = await sqlOne("SELECT count(*) FROM fichas_onco WHERE activo AND estado_ficha = 'INGRESO'");
    expect(rows.length).toBe(Math.min(active, 500));
  });

  test("status, organ (-1 = all), date range (inclusive) and DNI", async () => {
    const dni = "30000009";
    const a = await created(
      fichaInput({ afi_dni: dni, fecha: "2023-01-10", fecha_diagnostico: "2023-01-01", organoId: 2 }),
    );
    const b = await created(
      fichaInput({ afi_dni: dni, fecha: "2023-02-10", fecha_diagnostico: "2023-01-01", organoId: 3 }),
    );
    const c = await created(
      fichaInput({ afi_dni: dni, fecha: "2023-03-10", fecha_diagnostico: "2023-01-01", organoId: 2 }),
      "reingreso",
      b.id,
    );
    const ids = async (o: Record<string, unknown>) =>
      (await searchFichas(filter({ afi_dni: dni, ...o }))).map((r) => r.id);
    expect(await ids({})).toEqual([b.id, a.id]);
    expect(await ids({ organoId: 2 })).toEqual([a.id]);
    expect(await ids({ organoId: -1 })).toEqual([b.id, a.id]);
    expect(await ids({ estado_ficha: "REINGRESO" })).toEqual([c.id]);
    expect(await ids({ fecha_desde: "2023-02-10" })).toEqual([b.id]);
    expect(await ids({ fecha_hasta: "2023-01-10" })).toEqual([a.id]);
    expect(await ids({ fecha_desde: "2023-01-11", fecha_hasta: "2023-02-09" })).toEqual([]);
    expect((await fichasByDni(dni)).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect((await fichasByDni(dni))[0]).toMatchObject({
      estado_ficha: "REINGRESO",
      organoId: 2,
      organo: expect.any(String),
    });
  });

  test("estado_ficha TODOS: every status of the DNI (INGRESO, CAMBIO_MEDICAMENTO and REINGRESO), newest first", async () => {
    const dni = "30000010";
    const a = await created(fichaInput({ afi_dni: dni, fecha: "2023-01-10", fecha_diagnostico: "2023-01-01" }));
    const b = await created(
      fichaInput({ afi_dni: dni, fecha: "2023-02-10", fecha_diagnostico: "2023-01-01" }),
      "change_of_drogs",
      a.id,
    );
    const c = await created(
      fichaInput({ afi_dni: dni, fecha: "2023-03-10", fecha_diagnostico: "2023-01-01" }),
      "reingreso",
      b.id,
    );
    const rows = await searchFichas(filter({ afi_dni: dni, estado_ficha: "TODOS" }));
    expect(rows.map((r) => [r.id, r.estado_ficha])).toEqual([
      [c.id, "REINGRESO"],
      [b.id, "CAMBIO_MEDICAMENTO"],
      [a.id, "INGRESO"],
    ]);
    // the default stays INGRESO
    expect((await searchFichas(filter({ afi_dni: dni }))).map((r) => r.id)).toEqual([a.id]);
    expect(filter({}).estado_ficha).toBe("INGRESO");
    // TODOS with the other filters still applies them
    expect(
      (await searchFichas(filter({ afi_dni: dni, estado_ficha: "TODOS", fecha_desde: "2023-02-01" }))).map((r) => r.id),
    ).toEqual([c.id, b.id]);
    // the 'Listado de Fichas' PDF of that filter (same schema, same search, one audit record) names the filter and
    // lists the three
    const todos = filter({ afi_dni: dni, estado_ficha: "TODOS", organoId: "-1" });
    const exports = () => sqlOne("SELECT count(*) FROM audit_log WHERE accion = 'fichas.listado.exportar'");
    const before = await exports();
    const report = await fichasReport(by, todos);
    expect(report).toMatchObject({ organo: "TODOS", limited: false, filter: todos });
    expect(report.rows.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(await exports()).toBe(before + 1);
    const html = listadoFichasHtml({ ...report, generatedAt: "2024-01-01T12:00:00Z" });
    expect(html).toContain("Estado: TODOS");
    for (const f of [a, b, c]) expect(html).toContain(`>${f.nro_ficha}<`);
    for (const e of ["INGRESO", "CAMBIO_MEDICAMENTO", "REINGRESO"]) expect(html).toContain(`<td>${e}</td>`);
  });

  test("a case seen on Buscar Ficha is audited (recordFichaView)", async () => {
    const f = await created(fichaInput({ afi_dni: "30000011" }));
    await recordFichaView(by, f.id);
    expect(await fichaAudits("ficha.ver", f.id)).toBe(1);
  });

  test("getFicha of an unknown or absurd id is null", async () => {
    expect(await getFicha(999_999)).toBeNull();
    expect(await getFicha(-1)).toBeNull();
    expect(await getFicha(1e12)).toBeNull();
  });
});
