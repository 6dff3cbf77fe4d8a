// 'Listados de afiliados' on the seeded demo data: filters, paging math, totals, inactive + reason, agreement
// filter, the red-row rule (rules.ts) and bad input (zod, Spanish messages).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase, type TestDb, sqlRows } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { listRowIsRed, listRowStatus } from "./rules";
import { convenioDetalle, listAfiliados, motivosBaja, streamListado } from "./listado.server";
import { MSG_DNI_BUSQUEDA } from "./padron.schema";
import { MSG_PAGE, MSG_SIZE } from "~/lib/table-state";
import { BAD_NOMBRE, ListadoApiSchema, ListadoFilterSchema, ListadoQuerySchema, PAGE_SIZE } from "./listado.schema";

const TODAY = "2025-06-15";
let t: TestDb;

const one = async (text: string, params: unknown[] = []) =>
  Number(Object.values((await sqlRows<Record<string, unknown>>(text, params))[0])[0]);
const q = (raw: Record<string, string> = {}) => ListadoQuerySchema.parse(raw);
/** Case and accents folded in JavaScript, independently of the database's apeynom_norm. */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, today: TODAY, log: () => {} });
});
afterAll(async () => {
  await t?.cleanup();
});

describe("listAfiliados", () => {
  test("no filter: first page of 20 in idafi order, total = every member", async () => {
    const all = await one("SELECT count(*) FROM afiliados");
    const r = await listAfiliados(q());
    expect(r.total).toBe(all);
    expect(r.listado).toHaveLength(PAGE_SIZE);
    expect(r.listado.map((m) => m.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(Object.keys(r.listado[0]).sort()).toEqual(
      [
        "apeynom",
        "baperfenac",
        "codmotbaja",
        "fechalta",
        "fechbaja",
        "fechvto",
        "id",
        "motbaja",
        "nroafi",
        "numdoc",
        "tipoconvenio",
      ].sort(),
    );
  });

  test("paging math: pages do not overlap, the last page holds the remainder, past the end is empty", async () => {
    const total = await one("SELECT count(*) FROM afiliados");
    expect(total).toBeGreaterThan(2 * PAGE_SIZE);
    const p0 = await listAfiliados(q({ page: "0" }));
    const p1 = await listAfiliados(q({ page: "1" }));
    expect(p1.listado[0].id).toBeGreaterThan(p0.listado[19].id);
    const lastPage = Math.ceil(total / PAGE_SIZE) - 1;
    const last = await listAfiliados(q({ page: String(lastPage) }));
    expect(last.listado).toHaveLength(total - lastPage * PAGE_SIZE || PAGE_SIZE);
    expect((await listAfiliados(q({ page: String(lastPage + 1) }))).listado).toEqual([]);
    const big = await listAfiliados(q({ size: "100", page: "2" }));
    expect(big.listado).toHaveLength(100);
    expect(big.listado[0].id).toBe(201);
  });

  test("withTotal false skips the count", async () => {
    expect((await listAfiliados(q(), { withTotal: false })).total).toBeNull();
  });

  test("DNI is an exact match", async () => {
    const [m] = await sqlRows<{ idafi: number; numdoc: string }>(
      "SELECT idafi, numdoc FROM afiliados WHERE idafi = 77",
    );
    const r = await listAfiliados(q({ afi_dni: m.numdoc }));
    expect(r.total).toBe(1);
    expect(r.listado[0].id).toBe(77);
    expect((await listAfiliados(q({ afi_dni: "1" }))).total).toBe(0);
  });

  test("name: accent- and case-insensitive, partial words, every word must match, LIKE wildcards are literal", async () => {
    const names = await sqlRows<{ apeynom: string }>("SELECT apeynom FROM afiliados");
    const expected = names.filter((m) => fold(m.apeynom).includes("gonz")).length;
    expect(expected).toBeGreaterThan(0);
    expect(names.some((m) => /GONZÁ/.test(m.apeynom))).toBe(true); // accented names are among them
    for (const nombre of ["gonz", "GONZ", "Gónz"]) expect((await listAfiliados(q({ nombre }))).total).toBe(expected);
    const [m] = await sqlRows<{ apeynom: string }>("SELECT apeynom FROM afiliados WHERE idafi = 123");
    const [ape, nom] = m.apeynom.split(" ");
    const r = await listAfiliados(q({ nombre: `${nom.toLowerCase()} ${ape.toLowerCase()}` }));
    expect(r.listado.map((x) => x.id)).toContain(123);
    for (const x of r.listado) expect(x.apeynom).toContain(ape);
    expect((await listAfiliados(q({ nombre: "%" }))).total).toBe(0);
    expect((await listAfiliados(q({ nombre: "_" }))).total).toBe(0);
    expect((await listAfiliados(q({ nombre: "' OR 1=1 --" }))).total).toBe(0);
  });

  test("inactive only: fechbaja set; with a reason only that reason; a reason alone implies inactive", async () => {
    const inactive = await one("SELECT count(*) FROM afiliados WHERE fechbaja <> '0001-01-01'");
    expect(inactive).toBeGreaterThan(0);
    const r = await listAfiliados(q({ ver_solo_afi_inactivo: "true" }));
    expect(r.total).toBe(inactive);
    expect(r.listado.every((m) => listRowStatus(m.fechbaja) === "INACTIVO")).toBe(true);
    const reason = await one(
      "SELECT codmotbaja FROM afiliados WHERE codmotbaja IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1",
    );
    const withReason = await listAfiliados(q({ ver_solo_afi_inactivo: "on", motivo_de_baja: String(reason) }));
    expect(withReason.total).toBe(
      await one("SELECT count(*) FROM afiliados WHERE fechbaja <> '0001-01-01' AND codmotbaja = $1", [reason]),
    );
    expect(withReason.listado.length).toBeGreaterThan(0);
    expect(withReason.listado.every((m) => m.codmotbaja === reason && m.motbaja)).toBe(true);
    const alone = q({ motivo_de_baja: String(reason) });
    expect(alone.ver_solo_afi_inactivo).toBe(true);
    expect((await listAfiliados(alone)).total).toBe(withReason.total);
    expect((await listAfiliados(q({ ver_solo_afi_inactivo: "true", motivo_de_baja: "-1" }))).total).toBe(inactive);
  });

  test("agreement filter: members with a tipoconvenio", async () => {
    const n = await one("SELECT count(*) FROM afiliados WHERE coalesce(tipoconvenio, '') <> ''");
    expect(n).toBeGreaterThan(0);
    const r = await listAfiliados(q({ ver_afiliados_en_convenio: "true" }));
    expect(r.total).toBe(n);
    expect(r.listado.every((m) => m.tipoconvenio)).toBe(true);
  });

  test("red rows: inactive (left) or expired rows, by rules.ts", async () => {
    const r = await listAfiliados(q({ size: "100" }));
    const red = r.listado.filter((m) => listRowIsRed(m, TODAY));
    expect(red.length).toBeGreaterThan(0);
    for (const m of r.listado) {
      const left = m.fechbaja !== "0001-01-01";
      const expired = !!m.fechvto && m.fechvto !== "0001-01-01" && m.fechvto < TODAY;
      expect(listRowIsRed(m, TODAY)).toBe(left || expired);
    }
  });
});

describe("streamListado", () => {
  test("yields the whole filtered list in keyset batches, in idafi order", async () => {
    const f = ListadoFilterSchema.parse({ ver_solo_afi_inactivo: "true" });
    const ids: number[] = [];
    for await (const m of streamListado(f, 97)) ids.push(m.id);
    const expected = await sqlRows<{ idafi: number }>(
      "SELECT idafi FROM afiliados WHERE fechbaja <> '0001-01-01' ORDER BY idafi",
    );
    expect(expected.length).toBeGreaterThan(97); // more than one batch
    expect(ids).toEqual(expected.map((r) => Number(r.idafi)));
  });
});

describe("convenioDetalle and motivosBaja", () => {
  test("agreement detail of a member with an agreement; null without one or unknown", async () => {
    const idafi = await one("SELECT idafi FROM convenios_reciprocidad ORDER BY idafi LIMIT 1");
    const d = await convenioDetalle(idafi);
    expect(d).toMatchObject({ idafi, tipoconvenio: expect.any(String), institucion_convenio: expect.any(String) });
    expect(d!.dni).toMatch(/^\d{7,8}$/);
    expect(d!.gravdesgra).toBeTruthy();
    const none = await one(
      "SELECT idafi FROM afiliados a WHERE NOT EXISTS (SELECT 1 FROM convenios_reciprocidad c WHERE c.idafi = a.idafi) LIMIT 1",
    );
    expect(await convenioDetalle(none)).toBeNull();
    expect(await convenioDetalle(999_999_999)).toBeNull();
  });

  test("leave reasons", async () => {
    const r = await motivosBaja();
    expect(r.length).toBe(14);
    expect(r).toContainEqual({ bambacodig: 1, bambadescr: "RENUNCIA" });
  });
});

describe("schema", () => {
  test("defaults", () => {
    expect(q()).toEqual({
      afi_dni: "",
      nombre: "",
      motivo_de_baja: null,
      ver_solo_afi_inactivo: false,
      ver_afiliados_en_convenio: false,
      page: 0,
      size: 20,
    });
    expect(ListadoApiSchema.parse({})).toMatchObject({ for_export: false, obtener_total: true });
    expect(ListadoApiSchema.parse({ obtener_total: "false" }).obtener_total).toBe(false);
  });

  test.each([
    [{ afi_dni: "12a45678" }, MSG_DNI_BUSQUEDA],
    [{ afi_dni: "1".repeat(10_000) }, MSG_DNI_BUSQUEDA],
    [{ afi_dni: "' OR 1=1 --" }, MSG_DNI_BUSQUEDA],
    [{ nombre: "x".repeat(101) }, BAD_NOMBRE],
    [{ page: "-1" }, MSG_PAGE],
    [{ page: "abc" }, MSG_PAGE],
    [{ size: "101" }, MSG_SIZE],
    [{ size: "0" }, MSG_SIZE],
    [{ ver_solo_afi_inactivo: "quizas" }, "El valor debe ser true o false"],
    [{ motivo_de_baja: "RENUNCIA" }, "El motivo de baja no es válido"],
  ])("%j → %s", (raw, msg) => {
    const r = ListadoQuerySchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe(msg);
  });
});
