// The 'Importaciones' routes through their handlers (issue 37, ADR 068): the screen's guard (signed out → '/', without
// the screen → /home naming it), its list and a refused filter (400 with the message), and the refusal report's
// download guarded by operation 42 (without it: 403, a browser gets the error page; an API client JSON), with its
// headers (attachment, CSV in UTF-8 with BOM) and a Spanish 404 when there is no report.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { answerOf, apiToken, readAnswer, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { OP } from "~/auth/operations";
import { FORBIDDEN_OPERATION, FORBIDDEN_SCREEN } from "~/auth/guards.server";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { IMPORTACIONES_MSG } from "~/modules/feed/importaciones.schema";
import { loader as screenLoader } from "~/routes/_app.importaciones";
import { loader as informeLoader } from "~/routes/importaciones.$id.rechazos[.csv]";

let t: TestDb;
const cookies: Record<string, string> = {};
const tokens: Record<string, string> = {};
let conInforme = 0;
let sinInforme = 0;

/** A profile holding /importaciones and `ops`, and a user of it. */
async function userWith(usuario: string, ops: string[]): Promise<void> {
  const [{ id }] = await sqlRows<{ id: number }>(
    "insert into us_perfiles (descripcion, activo) values ($1, true) returning id",
    [`PERFIL ${usuario}`],
  );
  await sqlRows(
    "insert into us_perfil_pantallas (us_perfil_id, us_pantalla_id) select $1, id from us_pantallas where path = '/importaciones'",
    [id],
  );
  for (const op of ops)
    await sqlRows("insert into us_perfil_operaciones (us_perfil_id, us_operacion_id) values ($1, $2)", [id, op]);
  await sqlRows(
    "insert into us_usuarios (apeynom, usuario, password_hash, us_perfil_id, activo) values ($1, $1, 'x', $2, true)",
    [usuario, id],
  );
}

async function cookieOf(usuario: string): Promise<string> {
  const [{ id }] = await sqlRows<{ id: number }>("select id from us_usuarios where usuario = $1", [usuario]);
  const session = await requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "cookie"));
  return (await setSessionCookie(session)).split(";")[0];
}

const insert = async (archivo: string, informe: string | null) =>
  (
    await sqlRows<{ id: number }>(
      `insert into feed_importaciones (origen, archivo, tabla, bytes, sha256, estado, rechazadas, informe)
       values ('línea de comandos', $1, 'coberturas', 10, repeat('0', 64), 'RECHAZADO', 1, $2) returning id`,
      [archivo, informe],
    )
  )[0].id;

beforeAll(async () => {
  t = await useTestDatabase();
  await userWith("solopantalla", []);
  await userWith("descarga", [OP.DESCARGAR_INFORMES_IMPORTACION]);
  for (const u of ["admin", "consulta", "solopantalla", "descarga"]) cookies[u] = await cookieOf(u);
  for (const u of ["consulta", "solopantalla"]) tokens[u] = await apiToken(t, u);
  conInforme = await insert("coberturas.delta.csv", "linea;columna;valor;motivo\r\n2;gravcodgra;x;No es un número\r\n");
  sinInforme = await insert("coberturas.csv", null);
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

type Who = { cookie?: string; token?: string; accept?: string };

function request(path: string, who: Who): Request {
  const headers: Record<string, string> = {};
  if (who.cookie) headers.Cookie = who.cookie;
  if (who.token) headers["x-auth-token"] = who.token;
  if (who.accept) headers.Accept = who.accept;
  return new Request(`http://localhost${path}`, { headers });
}

const screen = async (query: string, who: Who) =>
  readAnswer(await answerOf(screenLoader, request(`/importaciones${query}`, who)));
const informe = async (id: string, who: Who) =>
  answerOf(informeLoader, request(`/importaciones/${id}/rechazos.csv`, who), { id });

describe("/importaciones", () => {
  test("signed out → '/'; without the screen → /home naming it", async () => {
    expect(await screen("", {})).toMatchObject({ status: 302, location: "/" });
    expect(await screen("", { cookie: cookies.consulta })).toMatchObject({
      status: 302,
      location: "/home?sinPermiso=%2Fimportaciones",
    });
  });

  test("the list, newest first; the report's links need operation 42", async () => {
    const admin = await screen("", { cookie: cookies.admin });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("cache-control")).toBe("no-store");
    const rows = admin.body!.importaciones as { archivo: string; informe_url: string | null }[];
    expect(rows.map((r) => r.archivo)).toEqual(["coberturas.csv", "coberturas.delta.csv"]);
    expect(rows[1].informe_url).toBe(`/importaciones/${conInforme}/rechazos.csv`);
    expect(admin.body!.canDescargar).toBe(true);
    expect(admin.body!.tablas).toContain("afiliados");
    const sinOp = await screen("", { cookie: cookies.solopantalla });
    expect(sinOp.status).toBe(200);
    expect(sinOp.body!.canDescargar).toBe(false);
  });

  test("a refused filter: 400 with its message, no rows", async () => {
    const r = await screen("?estado=BORRADO", { cookie: cookies.admin });
    expect(r.status).toBe(400);
    expect(r.body!.errors).toEqual([{ param: "estado", msg: IMPORTACIONES_MSG.estado }]);
    expect(r.body!.importaciones).toEqual([]);
  });
});

describe("/importaciones/:id/rechazos.csv", () => {
  test("with operation 42: the CSV as an attachment, UTF-8 with BOM", async () => {
    const res = await informe(String(conInforme), { cookie: cookies.descarga });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe("attachment; filename=coberturas.delta.rechazos.csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      "linea;columna;valor;motivo\r\n2;gravcodgra;x;No es un número\r\n",
    );
  });

  test("without operation 42: 403 (the error page for a browser, JSON for an API client)", async () => {
    const page = await informe(String(conInforme), { cookie: cookies.solopantalla, accept: "text/html" });
    expect(page.status).toBe(403);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain(FORBIDDEN_OPERATION);
    const api = await readAnswer(await informe(String(conInforme), { token: tokens.solopantalla }));
    expect(api).toMatchObject({ status: 403, body: { msg: FORBIDDEN_OPERATION } });
  });

  test("without the screen: /home for a browser, 403 for an API client; signed out: '/'", async () => {
    expect(await readAnswer(await informe(String(conInforme), { cookie: cookies.consulta }))).toMatchObject({
      status: 302,
      location: "/home?sinPermiso=%2Fimportaciones",
    });
    expect(await readAnswer(await informe(String(conInforme), { token: tokens.consulta }))).toMatchObject({
      status: 403,
      body: { msg: FORBIDDEN_SCREEN },
    });
    expect(await readAnswer(await informe(String(conInforme), {}))).toMatchObject({ status: 302, location: "/" });
  });

  test("no report, no such import, a bad id: 404 in Spanish", async () => {
    for (const [id, msg] of [
      [String(sinInforme), IMPORTACIONES_MSG.sinInforme],
      ["999999", IMPORTACIONES_MSG.inexistente],
      ["abc", IMPORTACIONES_MSG.inexistente],
    ]) {
      const r = await readAnswer(await informe(id, { cookie: cookies.admin, accept: "application/json" }));
      expect(r).toMatchObject({ status: 404, body: { msg } });
    }
  });
});
