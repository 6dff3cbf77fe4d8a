// GET /api/tramite and GET /api/vademecum/ (spec part 2 §7, ADR 036) through their loaders with real tokens: the
// spec's keys, anonymous 401, `consulta` and a profile without the screen 403, and bad input (SQL-looking, %, _,
// 10 000 characters, page=-1, size=0, size=10000, a 2-character vademecum filter) never a 500: a 422 with a
// Spanish msg, or an answer that treats the text as text.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FORBIDDEN_SCREEN, NO_TOKEN } from "~/auth/guards.server";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { FILTROS_VACIOS_TEXTO, VADEMECUM_MSG } from "~/modules/vademecum/rules";
import { TRAMITE_MSG } from "~/modules/tramites/rules";
import { loader as tramiteLoader } from "~/routes/api.tramite";
import { loader as vademecumLoader } from "~/routes/api.vademecum._index";
import { callApi, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { addProfileUser, userId } from "~tests/support/turnos-fixture";
import { tramites } from "~db/schema/tramites";
import { vademecum } from "~db/schema/vademecum";

let t: TestDb;
const tok: Record<string, string> = {};

/** The seeded vademecum rows but for producto (IBUPRO0..6) and tamanio, as GET /api/vademecum/ answers them. */
const IBUPROFENO = {
  presentacion: "400 MG COMP X 20",
  laboratorio: "BAGO",
  droga: "IBUPROFENO",
  familia: "ANALGÉSICOS ANTIINFLAMATORIOS",
  cobertura: "40%",
  plan: "PMO",
};

beforeAll(async () => {
  t = await useTestDatabase();
  await t.db
    .insert(vademecum)
    .values(Array.from({ length: 7 }, (_, i) => ({ producto: `IBUPRO${i}`, ...IBUPROFENO, tamanio: "20" })));
  await t.db.insert(tramites).values(
    Array.from({ length: 30 }, (_, i) => ({
      tipo_documento: i % 2 ? "NOTA" : "EXPEDIENTE",
      nrotramite: i + 1,
      anio: 2024,
      letra: "O",
      extracto: "SOLICITA AFILIACIÓN VOLUNTARIA",
      iniciador: "PÉREZ, ANA",
      fecini: `2024-01-${String(i + 1).padStart(2, "0")}`,
      area: "MESA DE ENTRADAS",
      dni: "30111222",
    })),
  );
  const users = {
    admin: await userId("admin"),
    consulta: await userId("consulta"),
    otro: await addProfileUser("cat_otro", ["/listado-afiliados"], []),
  };
  for (const [k, id] of Object.entries(users))
    tok[k] = await requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "api"));
});
afterAll(async () => {
  await t?.cleanup();
});

/** The two calls, by name: the loader, its path, and the answer of a search that finds nothing. */
const API = {
  tramite: { loader: tramiteLoader, path: "/api/tramite", nothing: { tramites: [], total_records: 0 } },
  vademecum: { loader: vademecumLoader, path: "/api/vademecum/", nothing: { resultado: [], total_records: 0 } },
} as const;
type Api = keyof typeof API;
const get = (api: Api, query: string, token?: string) =>
  callApi(API[api].loader, `${API[api].path}${query ? `?${query}` : ""}`, { token });

/** LONG in a query stands for 10 000 characters (kept out of the test names). */
const LONG = "x".repeat(10_000);

describe("GET /api/tramite", () => {
  test("→ { tramites, total_records }, newest first, paged", async () => {
    const r = await get("tramite", "iniciador=perez&size=5&page=1", tok.admin);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["tramites", "total_records"]);
    expect(r.body.total_records).toBe(30);
    expect(r.body.tramites.map((x: { nrotramite: number }) => x.nrotramite)).toEqual([25, 24, 23, 22, 21]);
    expect(Object.keys(r.body.tramites[0])).toEqual([
      "id",
      "tipo_documento",
      "nrotramite",
      "anio",
      "letra",
      "extracto",
      "iniciador",
      "fecini",
      "area",
    ]);
    const nota = await get("tramite", "tipo_documento=NOTA&fecha_desde=2024-01-10", tok.admin);
    expect(nota.body.total_records).toBe(11);
  });
});

describe("GET /api/vademecum/", () => {
  test("→ { resultado, total_records }, 5 a page from page 0; accents ignored", async () => {
    const r = await get("vademecum", "familia=analgesicos&search=true", tok.admin);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["resultado", "total_records"]);
    expect(r.body.total_records).toBe(7);
    expect(r.body.resultado).toHaveLength(5);
    expect(r.body.resultado[0]).toEqual({ producto: "IBUPRO0", ...IBUPROFENO });
    const p1 = await get("vademecum", "droga=IBUP&page=1", tok.admin);
    expect(p1.body.resultado.map((x: { producto: string }) => x.producto)).toEqual(["IBUPRO5", "IBUPRO6"]);
  });

  test.each(["", "producto=ib", "producto=ib&droga=pa&page=0&size=5", "producto=%20%20ib%20%20"])(
    "no filter of 3 characters (%s) → 422 with the spec's text",
    async (q) => {
      expect(await get("vademecum", q, tok.admin)).toEqual({ status: 422, body: { msg: FILTROS_VACIOS_TEXTO } });
    },
  );
});

describe.each<[Api, string]>([
  ["tramite", ""],
  ["vademecum", "droga=ibup"],
])("GET /api/%s?%s: who may call it", (api, query) => {
  test("anonymous 401; consulta and a profile without the screen 403", async () => {
    expect(await get(api, query)).toEqual({ status: 401, body: { msg: NO_TOKEN } });
    for (const who of ["consulta", "otro"])
      expect(await get(api, query, tok[who])).toEqual({ status: 403, body: { msg: FORBIDDEN_SCREEN } });
  });
});

test.each<[Api, string, string, string]>([
  ["tramite", "page=-1", "page", TRAMITE_MSG.page],
  ["tramite", "size=0", "size", TRAMITE_MSG.size],
  ["tramite", "size=10000", "size", TRAMITE_MSG.size],
  ["tramite", "iniciador=LONG", "iniciador", "El iniciador no puede superar los 100 caracteres"],
  ["tramite", "extracto=LONG", "extracto", "El extracto no puede superar los 100 caracteres"],
  ["tramite", "nrotramite=1%20OR%201%3D1", "nrotramite", TRAMITE_MSG.nrotramite],
  ["tramite", "fecha_desde=2024-02-30", "fecha_desde", "Fecha inválida (use dd/mm/aaaa)"],
  ["vademecum", "droga=ibup&page=-1", "page", VADEMECUM_MSG.page],
  ["vademecum", "droga=ibup&size=0", "size", VADEMECUM_MSG.size],
  ["vademecum", "droga=ibup&size=10000", "size", VADEMECUM_MSG.size],
  ["vademecum", "producto=LONG", "producto", "El campo Producto no puede superar los 100 caracteres"],
  ["vademecum", "tamanio=LONG", "tamanio", "El campo Tamaño no puede superar los 100 caracteres"],
])("GET /api/%s?%s → 422 on %s", async (api, query, param, msg) => {
  const r = await get(api, query.replace("LONG", LONG), tok.admin);
  expect(r.status).toBe(422);
  expect(r.body.errors[0]).toEqual({ param, msg });
});

test.each<[Api, string]>([
  ...["%27%20OR%201%3D1%20--", "%25", "_", "%25%25%25", "___"].map((v): [Api, string] => ["tramite", `iniciador=${v}`]),
  ...["%27%20OR%201%3D1%20--", "%25%25%25", "___", "ibu%25", "ib_"].map((v): [Api, string] => [
    "vademecum",
    `producto=${v}`,
  ]),
])("GET /api/%s?%s: the text is text, 200 and nothing found", async (api, query) => {
  expect(await get(api, query, tok.admin)).toEqual({ status: 200, body: API[api].nothing });
});
