// The public coverage lookup against the seeded demo registry: §4 status texts, only the public fields, the
// rate limit per address, the honeypot and bad DNIs.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { seedDomain } from "~db/seed/index";
import { auditLog } from "~db/schema/auth";
import { consultasPublicas } from "~db/schema/publico";
import { formatDateAR, todayISO } from "~/lib/dates";
import { requestContext } from "~/lib/request-context.server";
import { consultaInputOf, consultaPublica, buscarAfiliadoYCoberturas } from "./publico.server";
import { publicLookupConfig } from "~/lib/config.server";
import { purgeOldLookups, takeLookupSlot } from "./rate-limit.server";
import { MSG_DNI_INVALIDO } from "~/lib/input";
import { RATE_LIMITED, SPECIAL_COVERAGES } from "./consulta.schema";
import { MSG_SIN_RESULTADO } from "~/lib/messages";

let t: TestDb;
const today = todayISO();

const from = <T>(address: string, fn: () => Promise<T>) =>
  requestContext.run({ address, userAgent: "test", userId: null }, fn);

type Row = { numdoc: string; fechbaja: string; fechvto: string | null; motbaja: string | null };
async function member(where: string): Promise<Row> {
  const d = await getDriver();
  if (d.kind !== "pglite") {
    const r = await d.pool.query<Row>(
      `select numdoc, fechbaja::text, fechvto::text, motbaja from afiliados where ${where} order by idafi limit 1`,
    );
    return r.rows[0];
  }
  return (
    await d.pglite.query<Row>(
      `select numdoc, fechbaja::text, fechvto::text, motbaja from afiliados where ${where} order by idafi limit 1`,
    )
  ).rows[0];
}

beforeAll(async () => {
  t = await useTestDatabase();
  await seedDomain(t.db, await getDriver(), { scale: "demo", seed: 1, today, log: () => {} });
});
afterAll(() => t.cleanup());

// Issue 10: a valid CUIL whose check digit is 0 (demo member 14: 20-42850027-0) read as "NO REGISTRADO".
test("a CUIL whose check digit is 0 is shown as registered", async () => {
  const d = await getDriver();
  const q =
    "select numdoc, cuil_prefijo, cuil_nrocentral from afiliados where cuil_dtoverific = '0' order by idafi limit 1";
  type R = { numdoc: string; cuil_prefijo: string; cuil_nrocentral: string };
  const m = d.kind === "pglite" ? (await d.pglite.query<R>(q)).rows[0] : (await d.pool.query<R>(q)).rows[0];
  const r = await from("10.9.0.1", () => consultaPublica({ dni: m.numdoc, website: "" }));
  expect(r.ok && r.resultado.afiliado.cuil).toBe(`${m.cuil_prefijo}-${m.cuil_nrocentral}-0`);
});

describe("status texts of the public screen (spec part 1 §4)", () => {
  const NOT_LEFT = "fechbaja = '0001-01-01'";
  test("no expiry: ACTIVO alone", async () => {
    const m = await member(`${NOT_LEFT} and (fechvto is null or fechvto = '0001-01-01')`);
    const r = await buscarAfiliadoYCoberturas(m.numdoc, today);
    expect(r?.afiliado.estado).toBe("ACTIVO");
    expect(r?.afiliado.estado_detalle).toBeNull();
  });
  test("expiry in the future: ACTIVO + 'La afiliación vencerá el día …'", async () => {
    const m = await member(`${NOT_LEFT} and fechvto > '${today}'`);
    const r = await buscarAfiliadoYCoberturas(m.numdoc, today);
    expect(r?.afiliado.estado).toBe("ACTIVO");
    expect(r?.afiliado.estado_detalle).toBe(`La afiliación vencerá el día ${formatDateAR(m.fechvto)}`);
  });
  test("expiry in the past: INACTIVO + 'La afiliación venció el día …'", async () => {
    const m = await member(`${NOT_LEFT} and fechvto < '${today}' and fechvto <> '0001-01-01'`);
    const r = await buscarAfiliadoYCoberturas(m.numdoc, today);
    expect(r?.afiliado.estado).toBe("INACTIVO");
    expect(r?.afiliado.estado_detalle).toBe(`La afiliación venció el día ${formatDateAR(m.fechvto)}`);
  });
  test("left: INACTIVO with leave reason and date, every coverage INACTIVA", async () => {
    const m = await member(
      `fechbaja <> '0001-01-01' and motbaja is not null and exists (select 1 from enrolamientos e where e.idafi = afiliados.idafi)`,
    );
    const r = await buscarAfiliadoYCoberturas(m.numdoc, today);
    expect(r?.afiliado.estado).toBe("INACTIVO");
    expect(r?.afiliado.estado_detalle).toBe(`Baja el día ${formatDateAR(m.fechbaja)} (${m.motbaja})`);
    expect(r?.coberturas.length).toBeGreaterThan(0);
    expect(r?.coberturas.every((c) => c.estado === "INACTIVA")).toBe(true);
  });
});

test("only the fields the public screen shows, only special coverages, booklet links", async () => {
  const m = await member(
    `fechbaja = '0001-01-01' and exists (select 1 from enrolamientos e where e.idafi = afiliados.idafi and e.gravcodgra = 44)`,
  );
  const out = await from("10.1.1.1", () => consultaPublica({ dni: m.numdoc }));
  expect(out.ok).toBe(true);
  if (!out.ok) return;
  expect(Object.keys(out.resultado).sort()).toEqual(["afiliado", "coberturas"]);
  expect(Object.keys(out.resultado.afiliado).sort()).toEqual([
    "apeynom",
    "baperfenac",
    "cuil",
    "edad",
    "estado",
    "estado_detalle",
    "fechalta",
    "nroafi",
    "numdoc",
    "plan",
  ]);
  const json = JSON.stringify(out.resultado);
  for (const hidden of ["idafi", "bedomcalle", "telefono", "telcelular", "email", "domicilio", "grupo", "sexocodigo"]) {
    expect(json).not.toContain(`"${hidden}"`);
  }
  for (const c of out.resultado.coberturas) {
    expect(Object.keys(c).sort()).toEqual([
      "cartilla",
      "enprfecbaj",
      "enprfecvig",
      "estado",
      "gravcodgra",
      "gravdesgra",
    ]);
    expect(SPECIAL_COVERAGES).toContain(c.gravcodgra);
  }
  expect(out.resultado.coberturas.find((c) => c.gravcodgra === 44)?.cartilla).toBe("/cartillas/cartilla-44.pdf");
  // the view is in the audit log, without a user
  const [{ n }] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.accion, "afiliado.consulta_publica"), eq(auditLog.address, "10.1.1.1")));
  expect(n).toBe(1);
});

test("unknown and malformed DNIs get clear messages", async () => {
  const run = (dni: string) => from("10.2.2.2", () => consultaPublica({ dni }));
  expect(await run("1234567")).toMatchObject({ ok: false, status: 404, msg: MSG_SIN_RESULTADO });
  for (const bad of ["abc", "12a45678", "' OR 1=1 --", "9".repeat(10_000), "", "123456", "123456789"]) {
    expect(await run(bad)).toMatchObject({ ok: false, status: 400, msg: MSG_DNI_INVALIDO });
  }
  const m = await member("fechbaja = '0001-01-01'");
  const dotted =
    m.numdoc.length === 8 ? `${m.numdoc.slice(0, 2)}.${m.numdoc.slice(2, 5)}.${m.numdoc.slice(5)}` : m.numdoc;
  expect((await run(` ${dotted} `)).ok).toBe(true);
});

test("the input is read from the query of a GET and the form of a POST, each field cut at 100 characters", async () => {
  const get = new Request("http://x/carnet-cobertura.pdf?dni=12.345.678&website=");
  expect(await consultaInputOf(get)).toEqual({ dni: "12.345.678", website: "" });
  const form = new URLSearchParams({ dni: "9".repeat(150), website: "spam" });
  const post = new Request("http://x/carnet-cobertura.pdf", { method: "POST", body: form });
  expect(await consultaInputOf(post)).toEqual({ dni: "9".repeat(100), website: "spam" });
  const junk = new Request("http://x/consulta-coberturas-esp", {
    method: "POST",
    body: "{",
    headers: { "Content-Type": "application/json" },
  });
  expect(await consultaInputOf(junk)).toEqual({ dni: "", website: "" });
});

test("honeypot: answered as not found, registry untouched, nothing audited", async () => {
  const m = await member("fechbaja = '0001-01-01'");
  const out = await from("10.3.3.3", () => consultaPublica({ dni: m.numdoc, website: "http://spam.example" }));
  expect(out).toMatchObject({ ok: false, status: 404, msg: MSG_SIN_RESULTADO });
  const [{ n }] = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.address, "10.3.3.3"));
  expect(n).toBe(0);
});

describe("rate limit per address, in the database (defaults: 20 per 5 minutes)", () => {
  const limit = publicLookupConfig({});
  test("trips at the limit for one address and not for another", async () => {
    const now = new Date();
    expect(limit).toMatchObject({ max: 20, windowMs: 5 * 60_000 });
    for (let i = 0; i < limit.max; i++) expect(await takeLookupSlot("10.9.9.9", now)).toBe("ok");
    expect(await takeLookupSlot("10.9.9.9", now)).toBe("address");
    expect(await takeLookupSlot("10.9.9.8", now)).toBe("ok");
    const out = await from("10.9.9.9", () => consultaPublica({ dni: "12345678" }));
    expect(out).toMatchObject({ ok: false, status: 429, msg: RATE_LIMITED });
    // after the window the address is free again
    expect(await takeLookupSlot("10.9.9.9", new Date(now.getTime() + limit.windowMs + 1000))).toBe("ok");
  });

  test("old rows are purged once no limit counts them (the address window and the global hour)", async () => {
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    const recent = new Date(Date.now() - 30 * 60_000);
    await t.db.insert(consultasPublicas).values([
      { address: "10.7.7.7", at: old },
      { address: "10.7.7.7", at: old },
      { address: "10.7.7.6", at: recent },
    ]);
    await purgeOldLookups();
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(consultasPublicas)
      .where(sql`${consultasPublicas.at} < now() - interval '61 minutes'`);
    expect(n).toBe(0);
    const [{ kept }] = await t.db
      .select({ kept: count() })
      .from(consultasPublicas)
      .where(eq(consultasPublicas.address, "10.7.7.6"));
    expect(kept).toBe(1);
  });
});
