// The public coverage lookup's limits (issue 12, ADR 026): the per-address limit from PUBLIC_LOOKUP_MAX /
// PUBLIC_LOOKUP_WINDOW_S, the global ceiling per hour (PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR, one warning line an hour),
// signed-in users with a member screen not counted and every other signed-in user (a provider's account) counted like
// the public (issue 26; the screens' shared action and the card), the form's honeypot on the JSON call, and every
// lookup that shows a member in the audit log.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { useTestDatabase, type TestDb, sqlRows } from "~tests/support/db";
import { callApi } from "~tests/support/api";
import { auditLog } from "~db/schema/auth";
import { consultasPublicas } from "~db/schema/publico";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { MSG_SIN_RESULTADO } from "~/lib/messages";
import { loader as apiLoader } from "~/routes/api.afiliado.buscarafiliadoycoberturas.$dni";
import { loader as carnetLoader } from "~/routes/carnet-cobertura[.pdf]";
import { action as consultaAction } from "~/routes/consulta-coberturas-esp";
import { GLOBAL_RATE_LIMITED, RATE_LIMITED } from "./consulta.schema";
import { consultaPublica } from "./publico.server";

let t: TestDb;
const DNI = "30555666";
let staffCookie = "";
/** Browser sessions of the demo users: admin (profile 1), consulta (2), the provider '33-57035919-9' (20). */
const cookies: Record<"admin" | "consulta" | "prestador", string> = { admin: "", consulta: "", prestador: "" };

const from = <T>(address: string, fn: () => Promise<T>) =>
  requestContext.run({ address, userAgent: "test", userId: null }, fn);

const ENV_KEYS = ["PUBLIC_LOOKUP_MAX", "PUBLIC_LOOKUP_WINDOW_S", "PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR"] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  vi.restoreAllMocks();
});

const countFrom = async (address: string) =>
  (await t.db.select({ n: count() }).from(consultasPublicas).where(eq(consultasPublicas.address, address)))[0].n;
const auditsFrom = (address: string) =>
  t.db
    .select({ usuario: auditLog.usuario, entidadId: auditLog.entidadId })
    .from(auditLog)
    .where(and(eq(auditLog.accion, "afiliado.consulta_publica"), eq(auditLog.address, address)));

/** A POST of the lookup form (what both screens send) from `address`, with a browser session when `cookie`. */
function postForm(address: string, fields: Record<string, string>, cookie?: string) {
  const request = new Request("http://localhost/consulta-coberturas", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { Cookie: cookie } : {},
  });
  return from(address, () => consultaAction({ request, params: {}, context: {} }));
}

beforeAll(async () => {
  t = await useTestDatabase();
  await sqlRows(
    `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
     VALUES ('PÚBLICO PRUEBA', $1, '1055566600', '10', '1', '00', 'TITULAR')`,
    [DNI],
  );
  const [{ id }] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'consulta'");
  const token = await from("10.0.0.1", () => createSession(id, "cookie"));
  staffCookie = (await setSessionCookie(token)).split(";")[0];
  for (const [key, usuario] of [
    ["admin", "admin"],
    ["consulta", "consulta"],
    ["prestador", "33-57035919-9"],
  ] as const) {
    const [u] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = $1", [usuario]);
    const tok = await from("10.0.0.1", () => createSession(u.id, "cookie"));
    cookies[key] = (await setSessionCookie(tok)).split(";")[0];
  }
});
afterAll(async () => {
  await t?.cleanup();
});

describe("per-address limit from PUBLIC_LOOKUP_MAX per PUBLIC_LOOKUP_WINDOW_S", () => {
  test("3 per 60 s: the fourth lookup is refused, the address is free again after 60 s", async () => {
    process.env.PUBLIC_LOOKUP_MAX = "3";
    process.env.PUBLIC_LOOKUP_WINDOW_S = "60";
    const now = new Date(Date.now() + 24 * 60 * 60_000);
    const run = (at: Date) => from("10.20.0.1", () => consultaPublica({ dni: DNI }, { now: at }));
    for (let i = 0; i < 3; i++) expect((await run(now)).ok).toBe(true);
    expect(await run(now)).toMatchObject({ ok: false, status: 429, msg: RATE_LIMITED });
    expect((await run(new Date(now.getTime() + 61_000))).ok).toBe(true);
  });
});

describe("global ceiling per hour across all addresses", () => {
  test("refused with the Spanish 429 for every address; one warning line per hour", async () => {
    process.env.PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR = "3";
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const t0 = new Date(Date.now() + 10 * 24 * 60 * 60_000);
    const at = (min: number) => new Date(t0.getTime() + min * 60_000);
    const run = (address: string, min: number) => from(address, () => consultaPublica({ dni: DNI }, { now: at(min) }));
    for (const a of ["10.30.0.1", "10.30.0.2", "10.30.0.3"]) expect((await run(a, 0)).ok).toBe(true);
    for (const [a, min] of [
      ["10.30.0.4", 1],
      ["10.30.0.5", 2],
      ["10.30.0.1", 30],
    ] as const) {
      expect(await run(a, min)).toMatchObject({ ok: false, status: 429, msg: GLOBAL_RATE_LIMITED });
    }
    const lines = () => warn.mock.calls.filter((c) => String(c[0]).includes("límite global")).length;
    expect(lines()).toBe(1);
    expect(String(warn.mock.calls[0][0])).toContain("3 consultas públicas en la última hora");
    // refused lookups are not recorded: an hour after the first ones, lookups pass again
    expect(await countFrom("10.30.0.4")).toBe(0);
    expect((await run("10.30.0.4", 61)).ok).toBe(true);
    // reached again more than an hour after the first line: a second line
    for (const a of ["10.30.0.5", "10.30.0.6"]) expect((await run(a, 62)).ok).toBe(true);
    expect(await run("10.30.0.7", 63)).toMatchObject({ status: 429, msg: GLOBAL_RATE_LIMITED });
    expect(await run("10.30.0.8", 64)).toMatchObject({ status: 429, msg: GLOBAL_RATE_LIMITED });
    expect(lines()).toBe(2);
  });
});

describe("signed-in staff are not counted", () => {
  test("the screens' action: a signed-in user passes where the address is blocked, and is audited by name", async () => {
    process.env.PUBLIC_LOOKUP_MAX = "1";
    const address = "10.40.0.1";
    expect((await postForm(address, { dni: DNI, website: "" })).status).toBe(200);
    expect((await postForm(address, { dni: DNI, website: "" })).status).toBe(429);
    expect(await countFrom(address)).toBe(1);
    for (let i = 0; i < 3; i++) {
      const res = await postForm(address, { dni: DNI, website: "" }, staffCookie);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { resultado: { afiliado: { numdoc: string } } }).resultado.afiliado.numdoc).toBe(
        DNI,
      );
    }
    expect(await countFrom(address)).toBe(1);
    const audits = await auditsFrom(address);
    expect(audits.filter((a) => a.usuario === null)).toHaveLength(1);
    expect(audits.filter((a) => a.usuario === "consulta")).toHaveLength(3);
    // a cookie that is not a session counts like anyone
    expect((await postForm(address, { dni: DNI, website: "" }, "osep_sesion=nada")).status).toBe(429);
  });

  test("the card: a signed-in user's lookup is not counted either", async () => {
    process.env.PUBLIC_LOOKUP_MAX = "1";
    const address = "10.40.0.2";
    const card = (cookie?: string) =>
      from(address, () =>
        carnetLoader({
          request: new Request("http://localhost/carnet-cobertura.pdf?dni=1000001", {
            headers: { Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
          }),
          params: {},
          context: {},
        }),
      );
    expect((await card()).status).toBe(404);
    expect((await card()).status).toBe(429);
    expect((await card(staffCookie)).status).toBe(404);
    expect(await countFrom(address)).toBe(1);
  });
});

describe("only profiles with a member screen are exempt (issue 26)", () => {
  const ok = async (res: Response) => {
    expect(res.status).toBe(200);
    const body = (await res.json()) as { resultado: { afiliado: { numdoc: string } } };
    expect(body.resultado.afiliado.numdoc).toBe(DNI);
  };

  test("a provider's account (profile 20) is limited like an anonymous client, and audited by name", async () => {
    process.env.PUBLIC_LOOKUP_MAX = "2";
    const address = "10.50.0.1";
    await ok(await postForm(address, { dni: DNI, website: "" }, cookies.prestador));
    await ok(await postForm(address, { dni: DNI, website: "" }));
    // the address's allowance is spent: the provider is refused like anyone
    for (let i = 0; i < 3; i++) {
      const res = await postForm(address, { dni: DNI, website: "" }, cookies.prestador);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { error: string }).error).toBe(RATE_LIMITED);
    }
    expect((await postForm(address, { dni: DNI, website: "" })).status).toBe(429);
    expect(await countFrom(address)).toBe(2);
    const audits = await auditsFrom(address);
    expect(audits.filter((a) => a.usuario === "33-57035919-9")).toHaveLength(1);
    expect(audits.filter((a) => a.usuario === null)).toHaveLength(1);
  });

  test("a provider's lookups alone exhaust the address, for the public too", async () => {
    process.env.PUBLIC_LOOKUP_MAX = "1";
    const address = "10.50.0.2";
    await ok(await postForm(address, { dni: DNI, website: "" }, cookies.prestador));
    expect((await postForm(address, { dni: DNI, website: "" }, cookies.prestador)).status).toBe(429);
    expect((await postForm(address, { dni: DNI, website: "" })).status).toBe(429);
  });

  test("admin and consulta pass where the address is blocked; each lookup audited by name", async () => {
    process.env.PUBLIC_LOOKUP_MAX = "1";
    const address = "10.50.0.3";
    await ok(await postForm(address, { dni: DNI, website: "" }));
    expect((await postForm(address, { dni: DNI, website: "" })).status).toBe(429);
    for (let i = 0; i < 3; i++) {
      await ok(await postForm(address, { dni: DNI, website: "" }, cookies.admin));
      await ok(await postForm(address, { dni: DNI, website: "" }, cookies.consulta));
    }
    expect(await countFrom(address)).toBe(1);
    const audits = await auditsFrom(address);
    expect(audits.filter((a) => a.usuario === "admin")).toHaveLength(3);
    expect(audits.filter((a) => a.usuario === "consulta")).toHaveLength(3);
    expect(audits.filter((a) => a.usuario === null)).toHaveLength(1);
  });

  test("the card: a provider is counted, an administrator is not", async () => {
    process.env.PUBLIC_LOOKUP_MAX = "1";
    const address = "10.50.0.4";
    const card = (cookie?: string) =>
      from(address, () =>
        carnetLoader({
          request: new Request("http://localhost/carnet-cobertura.pdf?dni=1000001", {
            headers: { Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
          }),
          params: {},
          context: {},
        }),
      );
    expect((await card(cookies.prestador)).status).toBe(404);
    expect((await card(cookies.prestador)).status).toBe(429);
    expect((await card()).status).toBe(429);
    expect((await card(cookies.admin)).status).toBe(404);
    expect(await countFrom(address)).toBe(1);
  });
});

describe("the JSON call has the form's honeypot", () => {
  test("?website= filled: answered exactly as not found, registry untouched, nothing audited", async () => {
    const trap = await callApi(
      apiLoader,
      `/api/afiliado/buscarafiliadoycoberturas/${DNI}?website=http://spam.example`,
      {
        params: { dni: DNI },
      },
    );
    const unknown = await callApi(apiLoader, "/api/afiliado/buscarafiliadoycoberturas/1000001", {
      params: { dni: "1000001" },
    });
    expect(trap).toEqual({ status: 404, body: { msg: MSG_SIN_RESULTADO } });
    expect(trap).toEqual(unknown);
    expect((await auditsFrom("10.0.0.1")).length).toBe(0);
  });

  test("empty honeypot: the member, and the lookup in the audit log without a user", async () => {
    const ok = await callApi(apiLoader, `/api/afiliado/buscarafiliadoycoberturas/${DNI}?website=`, {
      params: { dni: DNI },
    });
    expect(ok.status).toBe(200);
    expect(await auditsFrom("10.0.0.1")).toEqual([{ usuario: null, entidadId: "1055566600" }]);
  });
});
