// GET /api/enrolamiento/enrolamientos/ and /coberturas through their route loaders, on the Padrón de Planes fixture:
// the §3 fields and resultadoCount, every row for export, bad input answered with a clear message, refusals.
import { beforeAll, describe, expect, test } from "vitest";
import { apiToken, callApi, type RouteHandler } from "~tests/support/api";
import { TOTAL_53, usePlanesSnapshot } from "~tests/support/planes-snapshot";
import { loader as enrolamientosLoader } from "~/routes/api.enrolamiento.enrolamientos._index";
import { loader as coberturasLoader } from "~/routes/api.enrolamiento.coberturas";
import { MSG_VENCIDOS_Y_ACTIVOS, msgCoberturaInexistente } from "~/modules/padron-planes/rules";

const fixture = usePlanesSnapshot();
let adminToken = "";
let consultaToken = "";
beforeAll(async () => {
  adminToken = await apiToken(fixture.db, "admin");
  consultaToken = await apiToken(fixture.db, "consulta");
});

describe("GET /api/enrolamiento/*", () => {
  const call = async (loader: RouteHandler, path: string, token?: string) => callApi(loader, path, { token });
  const FIELDS = [
    "id",
    "baperapell",
    "bapernombr",
    "dni",
    "bagfmnroaf",
    "bagfmfecba",
    "enprfecvig",
    "enprfecbaj",
    "enprnromie",
    "edad",
    "sexocodigo",
    "localidad",
    "dpto",
    "pcia",
    "codpostal",
    "domicilio",
    "telcelular",
    "email",
    "cobcaract",
    "cobsubcaract",
    "tipoconvenio",
    "clasificacion_convenio",
    "institucion_convenio",
    "provincia_convenio",
    "inicio_convenio",
    "fin_convenio",
  ];

  test("a page: resultado with the §3 fields and resultadoCount; for_export every row", async () => {
    const r = await call(enrolamientosLoader, "/api/enrolamiento/enrolamientos/?page=1&size=5", adminToken);
    expect(r.status).toBe(200);
    expect(r.body.resultadoCount).toBe(TOTAL_53);
    expect(r.body.resultado).toHaveLength(5);
    expect(Object.keys(r.body.resultado[0])).toEqual(expect.arrayContaining(FIELDS));
    const all = await call(enrolamientosLoader, "/api/enrolamiento/enrolamientos/?for_export=true", adminToken);
    expect(all.status).toBe(200);
    expect(all.body.resultado).toHaveLength(TOTAL_53);
  });

  test("bad input: a clear message, never a 500", async () => {
    const cases: [string, number, string][] = [
      ["page=-1", 400, "La página debe ser un número entero mayor o igual a 0"],
      ["size=100000", 400, "El tamaño de página debe ser un número entero entre 1 y 100"],
      ["cod_padron=999", 422, msgCoberturaInexistente(999)],
      ["cod_padron=abc", 400, "La cobertura debe ser un código numérico"],
      ["ver_solo_enrolamiento_vencido=true&ver_solo_enrolamiento_activo=true", 400, MSG_VENCIDOS_Y_ACTIVOS],
      [`apellido=${"x".repeat(10_000)}`, 400, "El apellido no puede superar los 60 caracteres"],
    ];
    for (const [q, status, msg] of cases) {
      const r = await call(enrolamientosLoader, `/api/enrolamiento/enrolamientos/?${q}`, adminToken);
      expect([q, r.status, r.body.msg]).toEqual([q, status, msg]);
    }
    const sqlish = await call(
      enrolamientosLoader,
      `/api/enrolamiento/enrolamientos/?apellido=${encodeURIComponent("'; DROP TABLE afiliados; --")}`,
      adminToken,
    );
    expect(sqlish).toMatchObject({ status: 200, body: { resultadoCount: 0 } });
  });

  test("coberturas → { resultado: [{ gravcodgra, gravdesgra, cobcaract, cobsubcaract }] }", async () => {
    const r = await call(coberturasLoader, "/api/enrolamiento/coberturas", adminToken);
    expect(r.status).toBe(200);
    expect(r.body.resultado).toEqual([
      { gravcodgra: 8, gravdesgra: "DIABETES", cobcaract: "ESPECIAL", cobsubcaract: "PROGRAMA DIABETES" },
      {
        gravcodgra: 53,
        gravdesgra: "PLAN MATERNO INFANTIL",
        cobcaract: "ESPECIAL",
        cobsubcaract: "EMBARAZO Y PRIMER AÑO DE VIDA",
      },
    ]);
  });

  test("anonymous and consulta are refused", async () => {
    for (const loader of [enrolamientosLoader, coberturasLoader]) {
      expect((await call(loader, "/api/enrolamiento/enrolamientos/")).status).toBe(401);
      expect((await call(loader, "/api/enrolamiento/enrolamientos/", consultaToken)).status).toBe(403);
    }
  });
});
