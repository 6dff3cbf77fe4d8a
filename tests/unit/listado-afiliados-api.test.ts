// GET /api/afiliado/listado-afiliados/ and /api/afiliado/motivos-baja through their route loaders: the spec's
// keys, obtener_total, for_export (operation 5, capped at API_EXPORT_CAP with a Spanish msg), guards.
import { afterAll, beforeAll, expect, test } from "vitest";
import { apiToken, callApi, type RouteHandler } from "~tests/support/api";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { getDriver } from "~db/client.server";
import { motivosBajaLoad } from "~db/seed/members";
import { Writer } from "~db/seed/writer";
import { loader as listLoader } from "~/routes/api.afiliado.listado-afiliados._index";
import { loader as motivosLoader } from "~/routes/api.afiliado.motivos-baja";
import { API_EXPORT_CAP, EXPORT_TOO_BIG } from "~/modules/afiliados/listado.schema";

let t: TestDb;
let admin = "";
let consulta = "";
const N = API_EXPORT_CAP + 5;

beforeAll(async () => {
  t = await useTestDatabase();
  await new Writer(await getDriver()).load(motivosBajaLoad());
  const d = await getDriver();
  const insert = `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, fechbaja, codmotbaja, motbaja, tipoconvenio)
    SELECT 'PÉREZ ' || g, (20000000 + g)::text, '10' || g || '00', '10', g::text, '00', 'TITULAR',
      CASE WHEN g % 4 = 0 THEN '2020-01-01'::date ELSE '0001-01-01'::date END,
      CASE WHEN g % 4 = 0 THEN 1 END, CASE WHEN g % 4 = 0 THEN 'RENUNCIA' END,
      CASE WHEN g % 100 = 0 THEN 'RECIPROCIDAD COSSPRA' END
    FROM generate_series(1, ${N}) g`;
  if (d.kind === "pg") await d.pool.query(insert);
  else await d.pglite.exec(insert);
  admin = await apiToken(t, "admin");
  consulta = await apiToken(t, "consulta");
});
afterAll(async () => {
  await t?.cleanup();
});

/** The keys these tests read, over the answers of both routes (list, reasons, errors). */
type Body = {
  listado: Record<string, unknown>[];
  resultadoCount: { cant: number }[];
  resultado: Record<string, unknown>[];
  msg: string;
  errors: { param: string; msg: string }[];
};

const call = (loader: RouteHandler, path: string, token?: string): Promise<{ status: number; body: Body }> =>
  callApi(loader, path, { token });

test("page + total with the spec's keys; obtener_total=false skips the count", async () => {
  const r = await call(listLoader, "/api/afiliado/listado-afiliados/?page=2&size=10&nombre=perez", admin);
  expect(r.status).toBe(200);
  expect(Object.keys(r.body)).toEqual(["listado", "resultadoCount"]);
  expect(r.body.resultadoCount).toEqual([{ cant: N }]);
  expect(r.body.listado).toHaveLength(10);
  expect(r.body.listado[0]).toMatchObject({ id: 21, apeynom: "PÉREZ 21", fechbaja: "0001-01-01" });
  const noTotal = await call(listLoader, "/api/afiliado/listado-afiliados/?obtener_total=false", admin);
  expect(noTotal.body.resultadoCount).toEqual([]);
});

test("for_export: all rows of the filter, capped with a Spanish msg; needs operation 5", async () => {
  const ok = await call(
    listLoader,
    "/api/afiliado/listado-afiliados/?for_export=true&ver_solo_afi_inactivo=true",
    admin,
  );
  expect(ok.status).toBe(200);
  expect(ok.body.listado).toHaveLength(Math.floor(N / 4));
  expect(ok.body.resultadoCount).toEqual([{ cant: Math.floor(N / 4) }]);
  const conv = await call(
    listLoader,
    "/api/afiliado/listado-afiliados/?for_export=true&ver_afiliados_en_convenio=true",
    admin,
  );
  expect(conv.body.listado).toHaveLength(Math.floor(N / 100));
  const big = await call(listLoader, "/api/afiliado/listado-afiliados/?for_export=true", admin);
  expect(big).toEqual({ status: 422, body: { msg: EXPORT_TOO_BIG(N) } });
  expect((await call(listLoader, "/api/afiliado/listado-afiliados/?for_export=true", consulta)).status).toBe(403);
  expect((await call(listLoader, "/api/afiliado/listado-afiliados/?page=1", consulta)).status).toBe(200);
});

test("guards and bad input", async () => {
  expect((await call(listLoader, "/api/afiliado/listado-afiliados/")).status).toBe(401);
  const bad = await call(listLoader, "/api/afiliado/listado-afiliados/?afi_dni=%27%20OR%201%3D1%20--", admin);
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0]).toEqual({ param: "afi_dni", msg: "El DNI debe contener solo números (hasta 9 dígitos)" });
});

test("motivos-baja → { resultado: [{ bambacodig, bambadescr }] }", async () => {
  const r = await call(motivosLoader, "/api/afiliado/motivos-baja", admin);
  expect(r.status).toBe(200);
  expect(r.body.resultado).toHaveLength(14);
  expect(r.body.resultado).toContainEqual({ bambacodig: 2, bambadescr: "FALLECIMIENTO" });
  expect((await call(motivosLoader, "/api/afiliado/motivos-baja")).status).toBe(401);
});
