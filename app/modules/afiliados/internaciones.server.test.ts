// Stays on the seeded demo data: a member's stays, the coverage filter, the stay's authorisations (?internacion=N)
// and the messages for an unknown, foreign or malformed stay number.
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestDatabase, type TestDb, sqlOne, sqlRows } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { InternacionesQuerySchema } from "./autorizaciones.schema";
import { listInternaciones, loadInternaciones } from "./internaciones.server";

let t: TestDb;
let stay: { numero_orden: number; idafi: number; oi_cobertura: string };

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, log: () => {} });
  [stay] = await sqlRows<typeof stay>(
    `SELECT i.numero_orden, i.idafi, i.oi_cobertura FROM internaciones i
      WHERE EXISTS (SELECT 1 FROM autorizaciones a WHERE a.nrointernacion = i.numero_orden) ORDER BY i.numero_orden LIMIT 1`,
  );
});
afterAll(async () => {
  await t?.cleanup();
});

test("a member's stays, newest admission first, with the spec's fields", async () => {
  const rows = await listInternaciones({ idafi: stay.idafi });
  expect(rows.length).toBe(await sqlOne("SELECT count(*) FROM internaciones WHERE idafi = $1", [stay.idafi]));
  expect(rows.map((r) => r.numero_orden)).toContain(stay.numero_orden);
  for (let i = 1; i < rows.length; i++) expect(rows[i - 1].fecha_interna >= rows[i].fecha_interna).toBe(true);
  expect(Object.keys(rows[0]).sort()).toEqual(
    [
      "dias_autorizados",
      "dias_solic",
      "entidad_nombre",
      "fecha_interna",
      "fecha_salida",
      "idafi",
      "numero_orden",
      "oi_cobertura",
      "tipo_interna",
    ].sort(),
  );
});

test("coverage filter: the stay's coverage code keeps it, another drops it", async () => {
  const code = Number(stay.oi_cobertura.split(" - ")[0]);
  expect((await listInternaciones({ idafi: stay.idafi, cobertura: code })).map((r) => r.numero_orden)).toContain(
    stay.numero_orden,
  );
  expect((await listInternaciones({ idafi: stay.idafi, cobertura: 9999 })).length).toBe(0);
  expect((await listInternaciones({ idafi: stay.idafi, cobertura: "TODAS" })).length).toBeGreaterThan(0);
});

test("loadInternaciones without a stay: the table, no dialog; other params kept", async () => {
  const d = await loadInternaciones(stay.idafi, new URLSearchParams("tab=internaciones"));
  expect(d.selected).toBeNull();
  expect(d.error).toBeNull();
  expect(d.keep).toEqual([["tab", "internaciones"]]);
  expect(d.rows.length).toBeGreaterThan(0);
});

test("?internacion=N lists that stay's authorisations and its Excel link", async () => {
  const d = await loadInternaciones(
    stay.idafi,
    new URLSearchParams(`tab=internaciones&internacion=${stay.numero_orden}`),
  );
  expect(d.error).toBeNull();
  expect(d.selected?.numero).toBe(stay.numero_orden);
  const n = await sqlOne("SELECT count(*) FROM autorizaciones WHERE nrointernacion = $1 AND NOT anulado", [
    stay.numero_orden,
  ]);
  expect(d.selected?.autorizaciones.length).toBe(n);
  expect(d.selected?.autorizaciones.every((a) => a.nrointernacion === stay.numero_orden)).toBe(true);
  expect(d.selected?.excelHref).toBe(`/consultar-padron/${stay.idafi}/internaciones/${stay.numero_orden}.xlsx`);
  expect(d.keep).toEqual([["tab", "internaciones"]]);
});

test("unknown, foreign or malformed stay numbers are messages, not throws", async () => {
  expect((await loadInternaciones(stay.idafi, new URLSearchParams("internacion=99999999"))).error).toBe(
    "No se encontró la internación N° 99999999",
  );
  const other = await sqlOne("SELECT numero_orden FROM internaciones WHERE idafi <> $1 LIMIT 1", [stay.idafi]);
  const foreign = await loadInternaciones(stay.idafi, new URLSearchParams(`internacion=${other}`));
  expect(foreign.error).toBe(`La internación N° ${other} no corresponde al afiliado`);
  expect(foreign.selected).toBeNull();
  expect((await loadInternaciones(stay.idafi, new URLSearchParams("internacion=' OR 1=1 --"))).error).toBe(
    "El número de internación no es válido",
  );
});

test("API query schema: idafi required and numeric, cobertura TODAS by default", () => {
  expect(InternacionesQuerySchema.parse({ idafi: "7" })).toEqual({ idafi: 7, cobertura: "TODAS" });
  expect(InternacionesQuerySchema.safeParse({}).success).toBe(false);
  expect(InternacionesQuerySchema.safeParse({ idafi: "x".repeat(10_000) }).success).toBe(false);
});
