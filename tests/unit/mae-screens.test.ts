// The MAE screens' loaders and actions (spec part 2 §2, ADR 032) as a browser calls them: signed out → '/', the
// 'consulta' profile (no MAE screens) → '/home' on every screen and form; the forms' bad input (missing fields,
// 10 000 characters, a ficha that does not exist, a non-numeric id) answers 400/404 and writes nothing; Validar and
// a save take the student's name from the member registry whatever the form sent.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import type { AlumnoAnswer, FichaAnswer } from "~/modules/mae/components/types";
import { MAE_MSG } from "~/modules/mae/rules";
import { loader as listadoLoader } from "~/routes/_app.listado-mae";
import { action as nuevaAction, loader as nuevaLoader } from "~/routes/_app.regmae._index";
import { action as fichaAction, loader as fichaLoader } from "~/routes/_app.regmae.$id";
import { action as migrarAction, loader as migrarLoader } from "~/routes/_app.regmae.$anio.$dniMae.$nombreMae.$titulo";
import { TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
const cookies: Record<"admin" | "consulta", string> = { admin: "", consulta: "" };
let fichaId = 0;

beforeAll(async () => {
  t = await useTestDatabase();
  await sqlRows(
    `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
     VALUES ('QUIROGA, EMA', '47000001', '4700000101', '01', '47000001', '01', 'HIJO/A')`,
  );
  const [f] = await sqlRows<{ id: number }>(
    "INSERT INTO mae_fichas (dni, apeynom, titulo_mae, anio_lectivo) VALUES ('32700001', 'PRUEBA', 'TITULO', 2024) RETURNING id",
  );
  fichaId = f.id;
  for (const u of ["admin", "consulta"] as const) {
    const [row] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = $1", [u]);
    cookies[u] = await requestContext.run(TEST_REQUEST_CONTEXT, async () =>
      setSessionCookie(await createSession(row.id, "cookie")),
    );
  }
});
afterAll(async () => {
  await t?.cleanup();
});

async function screen(
  h: unknown,
  path: string,
  opts: { who?: "admin" | "consulta" | null; form?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<Response> {
  const who = opts.who === undefined ? "admin" : opts.who;
  const headers: Record<string, string> = who ? { Cookie: cookies[who] } : {};
  if (opts.form) headers["content-type"] = "application/x-www-form-urlencoded";
  const request = new Request(`http://localhost${path}`, {
    method: opts.form ? "POST" : "GET",
    headers,
    body: opts.form ? new URLSearchParams(opts.form) : undefined,
  });
  try {
    return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
      (h as RouteHandler)({ request, params: opts.params ?? {}, context: {} }),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

const writes = async () => [
  await sqlOne("SELECT count(*) FROM mae_fichas"),
  await sqlOne("SELECT count(*) FROM mae_alumnos"),
  await sqlOne("SELECT count(*) FROM audit_log WHERE accion LIKE 'mae.%'"),
];
const card = (intent: string, over: Record<string, string> = {}) => ({
  intent,
  card: "nuevo",
  "alumno.dni": "47000001",
  "alumno.apeynom": "NOMBRE INVENTADO",
  "alumno.expediente": "EXP-1",
  "alumno.horario": "MAÑANA",
  "alumno.escuela": "ESCUELA 1",
  "alumno.escuela_nivel": "PRIMARIO",
  ...over,
});
const migracion = { anio: "2025", dniMae: "32700001", nombreMae: "PRUEBA", titulo: "TITULO" };

describe("guards: signed out → '/', a profile without the MAE screens → '/home'", () => {
  const cases = () =>
    [
      ["/listado-mae", listadoLoader, {}, undefined],
      ["/regmae", nuevaLoader, {}, undefined],
      ["/regmae (POST)", nuevaAction, {}, { intent: "guardar" }],
      [`/regmae/${fichaId}`, fichaLoader, { id: String(fichaId) }, undefined],
      [`/regmae/${fichaId} (POST)`, fichaAction, { id: String(fichaId) }, { intent: "eliminar" }],
      ["/regmae/2025/… ", migrarLoader, migracion, undefined],
      ["/regmae/2025/… (POST)", migrarAction, migracion, { intent: "guardar" }],
    ] as const;

  test("every screen and form", async () => {
    const before = await writes();
    for (const [name, h, params, form] of cases()) {
      const out = await screen(h, "/regmae", { who: null, params, form });
      expect([name, out.status, out.headers.get("Location")]).toEqual([name, 302, "/"]);
      const refused = await screen(h, "/regmae", { who: "consulta", params, form });
      expect([name, refused.status, refused.headers.get("Location")]).toEqual([
        name,
        302,
        expect.stringMatching(/^\/home\?sinPermiso=%2F/), // naming the screen (issue 28)
      ]);
    }
    expect(await writes()).toEqual(before);
    expect((await screen(listadoLoader, "/listado-mae")).status).toBe(200);
  });
});

describe("forms: bad input writes nothing", () => {
  test("a new ficha without its fields → 400 with each field's message", async () => {
    const before = await writes();
    const r = await screen(nuevaAction, "/regmae?index", { form: { intent: "guardar", anio_lectivo: "2023" } });
    expect(r.status).toBe(400);
    const body = (await r.json()) as FichaAnswer;
    expect(Object.keys(body.result.error ?? {}).sort()).toEqual(["anio_lectivo", "apeynom", "dni", "titulo_mae"]);
    expect(body.popup).toEqual({ tone: "error", title: "No es posible guardar", msg: MAE_MSG.REVISE_CAMPOS });
    expect(await writes()).toEqual(before);
  });

  test("a student with 10 000 characters → 400; for a ficha that does not exist → 404; a non-numeric id → 404", async () => {
    const before = await writes();
    const long = await screen(fichaAction, `/regmae/${fichaId}`, {
      params: { id: String(fichaId) },
      form: card("agregar-alumno", { "alumno.escuela": "x".repeat(10_000) }),
    });
    expect(long.status).toBe(400);
    expect(Object.keys(((await long.json()) as AlumnoAnswer).result?.error ?? {})).toEqual(["alumno.escuela"]);
    const missing = await screen(fichaAction, "/regmae/999999", {
      params: { id: "999999" },
      form: card("agregar-alumno"),
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as AlumnoAnswer).popup?.msg).toBe(MAE_MSG.FICHA_NO_EXISTE);
    expect(
      (await screen(fichaAction, "/regmae/abc", { params: { id: "abc" }, form: card("agregar-alumno") })).status,
    ).toBe(404);
    expect((await screen(fichaLoader, "/regmae/abc", { params: { id: "abc" } })).status).toBe(404);
    expect((await screen(migrarLoader, "/regmae/2023/…", { params: { ...migracion, anio: "2023" } })).status).toBe(404);
    expect(await writes()).toEqual(before);
  });
});

describe("the student's name is the registry's", () => {
  test("Validar fills it; a save stores it whatever the form sent", async () => {
    const v = await screen(fichaAction, `/regmae/${fichaId}`, {
      params: { id: String(fichaId) },
      form: card("validar-alumno"),
    });
    expect(v.status).toBe(200);
    expect(((await v.json()) as AlumnoAnswer).valores?.apeynom).toBe("QUIROGA, EMA");
    const r = await screen(fichaAction, `/regmae/${fichaId}`, {
      params: { id: String(fichaId) },
      form: card("agregar-alumno"),
    });
    expect(r.status).toBe(200);
    expect((await r.json()) as AlumnoAnswer).toMatchObject({
      done: true,
      popup: { tone: "success", title: "Operación Exitosa", msg: "Datos del alumno guardado con éxito!" },
    });
    const [saved] = await sqlRows<{ apeynom: string }>("SELECT apeynom FROM mae_alumnos WHERE id_ficha = $1", [
      fichaId,
    ]);
    expect(saved.apeynom).toBe("QUIROGA, EMA");
  });
});
