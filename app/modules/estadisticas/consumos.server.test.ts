// Provider consumption through the module and its JSON API (spec part 2 §5, §7, §8; docs/decisions/014):
// validation messages, no snapshot yet (503), unknown code and SQL-looking text (empty resultado), the
// drill-down and the ranking on a small hand-built dataset. The query definitions are tested in detail in
// reporting/queries/consumos.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { z } from "~/lib/zod";
import { apiToken, callApi, type RouteHandler } from "~tests/support/api";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { refreshSnapshot } from "~reporting/index";
import { MSG_FECHA_INVALIDA, parseInput } from "~/lib/input";
import { MSG_PERIODO_AGREGADO_LARGO, MSG_PERIODO_INVERTIDO, MSG_PERIODO_LARGO } from "~/lib/period";
import { loader as consumosApi } from "~/routes/api.statistics.consumos.consumos-por-efector._index";
import { loader as listadoApi } from "~/routes/api.statistics.consumos.consumos-por-efector.listado";
import { loader as rankingApi } from "~/routes/api.statistics.consumos.ranking-consumos-por-efector";
import { loader as profApi } from "~/routes/api.statistics.profesionales.buscar-prof-por-apeynom._index";
import { consumosEfector, listadoConsumos, rankingConsumos } from "./consumos.server";
import { BuscarProfSchema, MSG_APELLIDO_O_NOMBRE } from "~/modules/prestadores/profesionales.schema";
import {
  camposProblem,
  ConsumosEfectorSchema,
  ListadoConsumosSchema,
  MSG_CAMPOS_OBLIGATORIOS,
  RANKING_KEYS,
  RankingConsumosSchema,
} from "./consumos.schema";

let t: TestDb;
let token: string;
let consultaToken: string;
const P = { fecha_desde: "2025-05-01", fecha_hasta: "2025-05-31" };

/** The message parseInput answers for `raw` (null when it is valid). */
const firstMsg = (schema: z.ZodType, raw: unknown) => {
  const r = parseInput(schema, raw);
  return r.ok ? null : r.msg;
};

const call = (handler: RouteHandler, pathAndQuery: string, tk: string | null = token) =>
  callApi(handler, pathAndQuery, { token: tk });

async function insertAuth(
  nro: number,
  codigo: string | null,
  practica: string,
  fecha: string,
  extra: { cantidad?: number; anulado?: boolean; autorizo?: string } = {},
) {
  await sqlRows(
    `insert into autorizaciones (nroautorizacion, nroafiliado, nombreafiliado, practica, descpractica, autorizo, modalidad,
       fecha, hora, cantidad, coseguro, entidad, codigo_efector, anulado)
     values ($1, $2, $3, $4, $5, $6, 'AUT Y CONS SIMULTANEO', $7, '11:30:00', $8, '250.00', 'ENTIDAD X', $9, $10)`,
    [
      nro,
      `NA-${nro}`,
      `AFILIADO ${nro}`,
      practica,
      `DESC ${practica}`,
      extra.autorizo ?? "AUTORIZADA",
      fecha,
      extra.cantidad ?? 1,
      codigo,
      extra.anulado ?? false,
    ],
  );
}

beforeAll(async () => {
  t = await useTestDatabase();
  token = await apiToken(t, "admin");
  consultaToken = await apiToken(t, "consulta");
  await sqlRows("insert into turnos_auditores (auditor, inicio_turno, fin_turno) values ('AUD01', '07:00', '13:00')");
  await sqlRows("insert into responsables (nombre, cuit) values ('ENTIDAD X', '30000000007') on conflict do nothing");
  await sqlRows(`insert into efectores (codigo, matriculas, nommedefector, matmedefector) values
    ('70001', '7001', 'NÚÑEZ MARÍA JOSÉ', '7001'), ('70002', '7002', 'ÑANDÚ PEDRO', '7002')`);
  await insertAuth(1, "70001", "420101", "2025-05-02");
  await insertAuth(2, "70001", "420101", "2025-05-03", { cantidad: 3 });
  await insertAuth(3, "70001", "660101", "2025-05-04");
  await insertAuth(4, "70001", "660101", "2025-05-04", { anulado: true });
  await insertAuth(5, "70001", "660101", "2025-05-04", { autorizo: "DENEGADA" });
  await insertAuth(6, "70002", "250101", "2025-05-20", { cantidad: 2 });
});
afterAll(async () => {
  await t?.cleanup();
});

describe("validation (spec §5)", () => {
  test("professional search needs an apellido or a nombre", () => {
    expect(firstMsg(BuscarProfSchema, {})).toBe(MSG_APELLIDO_O_NOMBRE);
    expect(firstMsg(BuscarProfSchema, { apellido: "  ", nombre: "" })).toBe(MSG_APELLIDO_O_NOMBRE);
    expect(BuscarProfSchema.parse({ nombre: " maria " })).toEqual({ apellido: "", nombre: "maria" });
  });
  test("consumption by provider: code, from and to all required", () => {
    expect(firstMsg(ConsumosEfectorSchema, { ...P })).toBe(MSG_CAMPOS_OBLIGATORIOS);
    expect(firstMsg(ConsumosEfectorSchema, { codigo_efector: "70001", fecha_desde: "2025-05-01" })).toBe(
      MSG_CAMPOS_OBLIGATORIOS,
    );
    expect(firstMsg(ConsumosEfectorSchema, { codigo_efector: " ", fecha_desde: "", fecha_hasta: "" })).toBe(
      MSG_CAMPOS_OBLIGATORIOS,
    );
    expect(
      firstMsg(ConsumosEfectorSchema, {
        codigo_efector: "70001",
        fecha_desde: "2025-06-01",
        fecha_hasta: "2025-05-01",
      }),
    ).toBe(MSG_PERIODO_INVERTIDO);
    // an aggregation: years may be compared (up to 10); the drill-down is a listing of rows (366 days)
    const dosAnios = { codigo_efector: "70001", fecha_desde: "2024-01-01", fecha_hasta: "2025-05-01" };
    expect(firstMsg(ConsumosEfectorSchema, dosAnios)).toBeNull();
    expect(firstMsg(ListadoConsumosSchema, { ...dosAnios, practica: "420101" })).toBe(MSG_PERIODO_LARGO);
    expect(firstMsg(ConsumosEfectorSchema, { ...dosAnios, fecha_desde: "2014-01-01" })).toBe(
      MSG_PERIODO_AGREGADO_LARGO,
    );
    expect(
      firstMsg(ConsumosEfectorSchema, {
        codigo_efector: "70001",
        fecha_desde: "2025-02-29",
        fecha_hasta: "2025-05-01",
      }),
    ).toBe(MSG_FECHA_INVALIDA);
    expect(firstMsg(ConsumosEfectorSchema, { codigo_efector: "70001", ...P })).toBeNull();
    expect(ConsumosEfectorSchema.parse({ codigo_efector: " 70001 ", ...P })).toEqual({ codigo_efector: "70001", ...P });
  });
  test("the browser's check: every field of the search filled in", () => {
    const form = (entries: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(entries)) f.set(k, v);
      return f;
    };
    const keys = ["codigo_efector", "fecha_desde", "fecha_hasta"];
    expect(camposProblem(form({ codigo_efector: "70001", ...P }), keys)).toBeNull();
    expect(camposProblem(form({ codigo_efector: "  ", ...P }), keys)).toBe(MSG_CAMPOS_OBLIGATORIOS);
    expect(camposProblem(form({ codigo_efector: "70001", fecha_desde: P.fecha_desde }), keys)).toBe(
      MSG_CAMPOS_OBLIGATORIOS,
    );
    expect(camposProblem(form({ ranking_desde: "2025-05-01", ranking_hasta: "" }), RANKING_KEYS)).toBe(
      MSG_CAMPOS_OBLIGATORIOS,
    );
  });
  test("listado also needs the practice; ranking needs the dates", () => {
    expect(firstMsg(ListadoConsumosSchema, { codigo_efector: "70001", ...P })).toBe(MSG_CAMPOS_OBLIGATORIOS);
    expect(firstMsg(RankingConsumosSchema, {})).toBe(MSG_CAMPOS_OBLIGATORIOS);
    expect(firstMsg(RankingConsumosSchema, { fecha_desde: "2025-05-01" })).toBe(MSG_CAMPOS_OBLIGATORIOS);
  });
});

describe("before the first snapshot", () => {
  test("the module says so and the API answers 503 { msg }", async () => {
    const r = await consumosEfector({ codigo_efector: "70001", ...P });
    expect(r.ok).toBe(false);
    const res = await call(
      rankingApi,
      `/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=${P.fecha_desde}&fecha_hasta=${P.fecha_hasta}`,
    );
    expect(res.status).toBe(503);
    expect(res.body.msg).toMatch(/no están disponibles/);
  });
});

describe("with a snapshot", () => {
  beforeAll(async () => {
    await refreshSnapshot();
  });

  test("module: practices, drill-down and ranking", async () => {
    const c = await consumosEfector({ codigo_efector: "70001", ...P });
    expect(c.ok && c.value).toEqual([
      { cant_practica: 4, cant_autorizaciones: 2, practica: "420101", subitem: "", descpractica: "DESC 420101" },
      { cant_practica: 1, cant_autorizaciones: 1, practica: "660101", subitem: "", descpractica: "DESC 660101" },
    ]);
    expect(c.ok && c.datos_al).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const l = await listadoConsumos({ codigo_efector: "70001", ...P, practica: "660101" });
    expect(l.ok && l.value.rows.map((r) => r.nroautorizacion)).toEqual([3]);
    const r = await rankingConsumos(P);
    expect(r.ok && r.value.map((x) => [x.posicion, x.codigo, x.cant_practicas])).toEqual([
      [1, "70001", 5],
      [2, "70002", 2],
    ]);
  });

  test("API consumos-por-efector: resultado; unknown code and SQL-looking text → empty; 400 with the spec's message", async () => {
    const q = (codigo: string) =>
      `/api/statistics/consumos/consumos-por-efector?codigo_efector=${encodeURIComponent(codigo)}&fecha_desde=${P.fecha_desde}&fecha_hasta=${P.fecha_hasta}`;
    const ok = await call(consumosApi, q("70001"));
    expect(ok.status).toBe(200);
    expect((ok.body.resultado as unknown[]).length).toBe(2);
    for (const codigo of ["12345", "' OR 1=1 --", "70001' OR 'a'='a"]) {
      const none = await call(consumosApi, q(codigo));
      expect(none).toEqual({ status: 200, body: expect.objectContaining({ resultado: [] }) });
    }
    const missing = await call(
      consumosApi,
      `/api/statistics/consumos/consumos-por-efector?fecha_desde=${P.fecha_desde}`,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(MSG_CAMPOS_OBLIGATORIOS);
    const inverted = await call(
      consumosApi,
      `/api/statistics/consumos/consumos-por-efector?codigo_efector=70001&fecha_desde=2025-06-01&fecha_hasta=2025-05-01`,
    );
    expect(inverted).toEqual({
      status: 400,
      body: { msg: MSG_PERIODO_INVERTIDO, errors: [{ param: "fecha_hasta", msg: MSG_PERIODO_INVERTIDO }] },
    });
  });

  test("API listado and ranking", async () => {
    const l = await call(
      listadoApi,
      `/api/statistics/consumos/consumos-por-efector/listado?codigo_efector=70001&practica=420101&fecha_desde=${P.fecha_desde}&fecha_hasta=${P.fecha_hasta}`,
    );
    expect(l.status).toBe(200);
    expect(l.body.truncado).toBe(false);
    expect(l.body.resultado).toEqual([
      {
        nroautorizacion: 1,
        nroafiliado: "NA-1",
        nombreafiliado: "AFILIADO 1",
        fechahora: "2025-05-02 11:30:00",
        coseguro: "250.00",
        modalidad: "AUT Y CONS SIMULTANEO",
        entidad: "ENTIDAD X",
        cantidad: 1,
      },
      {
        nroautorizacion: 2,
        nroafiliado: "NA-2",
        nombreafiliado: "AFILIADO 2",
        fechahora: "2025-05-03 11:30:00",
        coseguro: "250.00",
        modalidad: "AUT Y CONS SIMULTANEO",
        entidad: "ENTIDAD X",
        cantidad: 3,
      },
    ]);
    const noPractica = await call(
      listadoApi,
      `/api/statistics/consumos/consumos-por-efector/listado?codigo_efector=70001&fecha_desde=${P.fecha_desde}&fecha_hasta=${P.fecha_hasta}`,
    );
    expect(noPractica.status).toBe(400);
    expect(noPractica.body.msg).toBe(MSG_CAMPOS_OBLIGATORIOS);
    const r = await call(
      rankingApi,
      `/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=${P.fecha_desde}&fecha_hasta=${P.fecha_hasta}`,
    );
    expect(r.status).toBe(200);
    expect((r.body.resultado as { codigo: string }[]).map((x) => x.codigo)).toEqual(["70001", "70002"]);
    const noDates = await call(rankingApi, `/api/statistics/consumos/ranking-consumos-por-efector`);
    expect(noDates).toEqual({ status: 400, body: expect.objectContaining({ msg: MSG_CAMPOS_OBLIGATORIOS }) });
  });

  test("API professional search; guards: no token 401, a profile without the screen 403", async () => {
    const found = await call(profApi, `/api/statistics/profesionales/buscar-prof-por-apeynom/?apellido=nunez&nombre=`);
    expect(found).toEqual({
      status: 200,
      body: {
        resultado: [{ codigo: "70001", matriculas: "7001", nommedefector: "NÚÑEZ MARÍA JOSÉ", matmedefector: "7001" }],
      },
    });
    const blank = await call(profApi, `/api/statistics/profesionales/buscar-prof-por-apeynom/?apellido=&nombre=`);
    expect(blank).toEqual({ status: 400, body: expect.objectContaining({ msg: MSG_APELLIDO_O_NOMBRE }) });
    expect(
      (await call(profApi, `/api/statistics/profesionales/buscar-prof-por-apeynom/?apellido=x`, null)).status,
    ).toBe(401);
    expect(
      (await call(consumosApi, `/api/statistics/consumos/consumos-por-efector?codigo_efector=70001`, consultaToken))
        .status,
    ).toBe(403);
  });
});
