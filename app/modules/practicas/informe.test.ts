// 'Consulta de Prácticas' against the seeded demo authorisations: grouping and counts match direct counts,
// nomenclature/description/coverage filters, the date default, the range and result caps, and the list.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, count, eq, gte, lte, sql } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { autorizaciones } from "~db/schema/autorizaciones";
import { todayISO } from "~/lib/dates";
import { informePracticas, listadoPractica } from "./informe.server";
import { MSG_FECHA_INVALIDA } from "~/lib/input";
import { MSG_PERIODO_INVERTIDO, MSG_PERIODO_LARGO } from "~/lib/period";
import { InformeFilterSchema, ListadoFilterSchema, MAX_PRACTICAS } from "./informe.schema";

let t: TestDb;
const today = todayISO();
const daysAgo = (n: number) => new Date(Date.parse(today) - n * 86_400_000).toISOString().slice(0, 10);
const filter = (extra: Record<string, string> = {}) =>
  InformeFilterSchema.parse({ fecha_desde: daysAgo(60), fecha_hasta: today, ...extra });

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, today, log: () => {} });
});
afterAll(() => t.cleanup());

describe("filters schema", () => {
  test("dates default to today (Catamarca)", () => {
    const f = InformeFilterSchema.parse({});
    expect(f).toMatchObject({ fecha_desde: todayISO(), fecha_hasta: todayISO(), cobertura: "TODAS" });
    expect(InformeFilterSchema.parse({ fecha_desde: "", fecha_hasta: " " })).toMatchObject({
      fecha_desde: todayISO(),
      fecha_hasta: todayISO(),
    });
    // one blank date is today too: a past 'desde' alone reads up to today
    expect(InformeFilterSchema.parse({ fecha_desde: daysAgo(10) }).fecha_hasta).toBe(todayISO());
  });
  test("the app's period rule and date messages (app/lib/period.ts, app/lib/input.ts)", () => {
    const issues = (raw: Record<string, string>) =>
      InformeFilterSchema.safeParse(raw).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ fecha_desde: "2025-02-01", fecha_hasta: "2025-01-01" })).toEqual([
      ["fecha_hasta", MSG_PERIODO_INVERTIDO],
    ]);
    expect(issues({ fecha_desde: "2024-01-01", fecha_hasta: "2025-06-01" })).toEqual([
      ["fecha_hasta", MSG_PERIODO_LARGO],
    ]);
    // 366 days (a leap year) is the longest period; one day more is too long
    expect(InformeFilterSchema.safeParse({ fecha_desde: "2024-01-01", fecha_hasta: "2024-12-31" }).success).toBe(true);
    expect(issues({ fecha_desde: "2025-01-01", fecha_hasta: "2026-01-02" })).toEqual([
      ["fecha_hasta", MSG_PERIODO_LARGO],
    ]);
    // calendar-valid dates only (2025-02-30 passes a format check), no period check on a bad date
    expect(issues({ fecha_desde: "2025-02-30", fecha_hasta: "2025-03-01" })).toEqual([
      ["fecha_desde", MSG_FECHA_INVALIDA],
    ]);
    expect(issues({ fecha_desde: "01/02/2025", fecha_hasta: "2025-13-01" })).toEqual([
      ["fecha_desde", MSG_FECHA_INVALIDA],
      ["fecha_hasta", MSG_FECHA_INVALIDA],
    ]);
    const msg = (raw: Record<string, string>) => InformeFilterSchema.safeParse(raw).error?.issues[0]?.message;
    expect(msg({ seccion: "' OR 1=1 --" })).toMatch(/Sección/);
    expect(msg({ cobertura: "abc" })).toBe("Cobertura inválida");
  });
});

test("groups per practice; counts match a direct count; most frequent first", async () => {
  const f = filter();
  const { resultado, truncado } = await informePracticas(f);
  expect(truncado).toBe(false);
  expect(resultado.length).toBeGreaterThan(10);
  const direct = await t.db
    .select({
      practica: autorizaciones.practica,
      subitem: sql<string>`coalesce(${autorizaciones.subitem}, '')`,
      n: count(),
    })
    .from(autorizaciones)
    .where(and(gte(autorizaciones.fecha, f.fecha_desde), lte(autorizaciones.fecha, f.fecha_hasta)))
    .groupBy(autorizaciones.practica, sql`coalesce(${autorizaciones.subitem}, '')`);
  const byKey = new Map(direct.map((d) => [`${d.practica}/${d.subitem}`, d.n]));
  expect(resultado.length).toBe(direct.length);
  for (const r of resultado) expect(r.cantidad).toBe(byKey.get(`${r.practica}/${r.subitem}`));
  for (let i = 1; i < resultado.length; i++)
    expect(resultado[i - 1].cantidad).toBeGreaterThanOrEqual(resultado[i].cantidad);
});

test("nomenclature, description and coverage filters", async () => {
  const labs = await informePracticas(filter({ seccion: "66", origen: "NB" }));
  expect(labs.resultado.length).toBeGreaterThan(0);
  expect(labs.resultado.every((r) => r.practica.startsWith("66"))).toBe(true);
  const none = await informePracticas(filter({ seccion: "66", origen: "NN" }));
  expect(none.resultado).toEqual([]);
  const eco = await informePracticas(filter({ descripcion: "ecografía" }));
  expect(eco.resultado.length).toBeGreaterThan(0);
  expect(eco.resultado.every((r) => r.descpractica.includes("ECOGRAFIA"))).toBe(true);
  const pct = await informePracticas(filter({ descripcion: "100%_" }));
  expect(pct.resultado).toEqual([]);
  const cov = await informePracticas(filter({ cobertura: "8" }));
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(autorizaciones)
    .where(
      and(gte(autorizaciones.fecha, daysAgo(60)), lte(autorizaciones.fecha, today), eq(autorizaciones.cobertura, 8)),
    );
  expect(cov.resultado.reduce((s, r) => s + r.cantidad, 0)).toBe(n);
});

test(`at most ${MAX_PRACTICAS} practices, flagged as truncated`, async () => {
  await t.db.insert(autorizaciones).values(
    Array.from({ length: MAX_PRACTICAS + 5 }, (_, i) => ({
      nroautorizacion: 90_000_000 + i,
      practica: `T${String(i).padStart(4, "0")}`,
      descpractica: `PRUEBA ${i}`,
      autorizo: "AUTORIZADA",
      modalidad: "CONSUMO",
      fecha: "2000-01-03",
    })),
  );
  const r = await informePracticas(InformeFilterSchema.parse({ fecha_desde: "2000-01-01", fecha_hasta: "2000-01-31" }));
  expect(r.resultado.length).toBe(MAX_PRACTICAS);
  expect(r.truncado).toBe(true);
});

test("'Ver Listado': the authorisations of one practice, paged, total = the card's count", async () => {
  const { resultado } = await informePracticas(filter());
  const top = resultado[0];
  const base = { fecha_desde: daysAgo(60), fecha_hasta: today, practica: top.practica, practica_subitem: top.subitem };
  const p0 = await listadoPractica(ListadoFilterSchema.parse({ ...base, size: "20" }));
  const p1 = await listadoPractica(ListadoFilterSchema.parse({ ...base, size: "20", page: "1" }));
  expect(p0.total).toBe(top.cantidad);
  expect(p0.autorizaciones.length).toBe(Math.min(20, top.cantidad));
  expect(p0.autorizaciones[0]).toMatchObject({ autorizo: expect.any(String), modalidad: expect.any(String) });
  expect(p0.autorizaciones[0].dni).toMatch(/^\d{7,8}$/);
  const ids0 = new Set(p0.autorizaciones.map((a) => a.nroautorizacion));
  expect(p1.autorizaciones.some((a) => ids0.has(a.nroautorizacion))).toBe(false);
  expect(ListadoFilterSchema.safeParse({ ...base, size: "5000" }).success).toBe(false);
  expect(ListadoFilterSchema.safeParse({ fecha_desde: today }).error?.issues[0]?.message).toBe(
    "Debe indicar la práctica",
  );
});
