// Pharmacy consumption on the seeded demo data: by DNI and dispensing dates, the 1900-01-01 'Sin info' rows,
// the 'Consumo Medicamentos' sub-tab of loadFichaConsumo and its messages.
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestDatabase, type TestDb, sqlOne, sqlRows } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { formatPharmacyDateAR, todayISO } from "~/lib/dates";
import { MSG_PERIODO_INVERTIDO } from "~/lib/period";
import { ConsumoQuerySchema } from "./autorizaciones.schema";
import { listConsumo } from "./consumo.server";
import { loadFichaConsumo } from "./ficha-consumo.server";

let t: TestDb;
let member: { idafi: number; dni: string };

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, log: () => {} });
  [member] = await sqlRows<typeof member>(
    "SELECT c.idafi, c.dni FROM consumos_farmacia c WHERE c.fecha_dispensa = '1900-01-01' OR c.fecha_receta = '1900-01-01' ORDER BY c.id LIMIT 1",
  );
});
afterAll(async () => {
  await t?.cleanup();
});

test("by DNI: every row of the member, dispensed newest first, 1900-01-01 rows kept and shown 'Sin info'", async () => {
  const rows = await listConsumo({ dni: member.dni });
  expect(rows.length).toBe(await sqlOne("SELECT count(*) FROM consumos_farmacia WHERE dni = $1", [member.dni]));
  for (let i = 1; i < rows.length; i++) expect(rows[i - 1].fecha_dispensa >= rows[i].fecha_dispensa).toBe(true);
  const unknown = rows.find((r) => r.fecha_dispensa === "1900-01-01" || r.fecha_receta === "1900-01-01")!;
  expect(unknown).toBeDefined();
  expect([formatPharmacyDateAR(unknown.fecha_receta), formatPharmacyDateAR(unknown.fecha_dispensa)]).toContain(
    "Sin info",
  );
});

test("dispensing date range", async () => {
  const all = await listConsumo({ dni: member.dni });
  const dated = all.filter((r) => r.fecha_dispensa !== "1900-01-01");
  const mid = dated[Math.floor(dated.length / 2)].fecha_dispensa;
  const from = await listConsumo({ dni: member.dni, fecha_desde: mid });
  expect(from.length).toBeGreaterThan(0);
  expect(from.every((r) => r.fecha_dispensa >= mid)).toBe(true);
  expect(from.length).toBe(all.filter((r) => r.fecha_dispensa >= mid).length);
  expect(await listConsumo({ dni: "00000001" })).toEqual([]);
});

test("loadFichaConsumo sub=medicamentos: the member's rows, today as default end, other params kept", async () => {
  const d = await loadFichaConsumo(
    member.idafi,
    new URLSearchParams("tab=consumo&sub=medicamentos&fecha_desde=2020-01-01"),
  );
  expect(d.sub).toBe("medicamentos");
  expect(d.autorizaciones).toBeNull();
  expect(d.medicamentos?.filter).toEqual({ dispensa_desde: "", dispensa_hasta: todayISO() });
  expect(d.medicamentos?.rows.length).toBe(
    await sqlOne("SELECT count(*) FROM consumos_farmacia WHERE dni = $1", [member.dni]),
  );
  expect(d.keep).toEqual([["tab", "consumo"]]);
});

test("inverted range, bad dates and unknown members are messages", async () => {
  const inv = await loadFichaConsumo(
    member.idafi,
    new URLSearchParams("sub=medicamentos&dispensa_desde=2025-03-01&dispensa_hasta=2025-01-01"),
  );
  expect(inv.medicamentos?.error).toBe(MSG_PERIODO_INVERTIDO);
  expect(inv.medicamentos?.rows).toEqual([]);
  expect(
    (await loadFichaConsumo(member.idafi, new URLSearchParams("sub=medicamentos&dispensa_desde=2025-02-30")))
      .medicamentos?.error,
  ).toMatch(/Fecha inválida/);
  expect((await loadFichaConsumo(99_999_999, new URLSearchParams("sub=medicamentos"))).medicamentos?.error).toBe(
    "No existe el afiliado solicitado",
  );
});

test("API query schema: DNI digits only, inverted range message", () => {
  expect(ConsumoQuerySchema.parse({ dni: "12345678", fecha_desde: "2025-01-01" })).toEqual({
    dni: "12345678",
    fecha_desde: "2025-01-01",
    fecha_hasta: undefined,
  });
  expect(ConsumoQuerySchema.safeParse({ dni: "12A45678" }).success).toBe(false);
  const inv = ConsumoQuerySchema.safeParse({ dni: "12345678", fecha_desde: "2025-02-01", fecha_hasta: "2025-01-01" });
  expect(inv.success ? "" : inv.error.issues[0].message).toBe(MSG_PERIODO_INVERTIDO);
});
