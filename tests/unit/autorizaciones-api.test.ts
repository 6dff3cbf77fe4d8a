// GET /api/afiliado/autorizaciones through its loader with real tokens (issue 12, ADR 026): each kind of listing
// needs its own operation: a member's list (idafi) operation 15, a stay's (nrointernacion) operation 38 like
// /api/afiliado/internaciones and the stay's .xlsx, the cross-member listing (consultaGlobal) operation 39.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase, type TestDb, sqlRows } from "~tests/support/db";
import { callApi, TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { createSession } from "~/auth/sessions.server";
import { FORBIDDEN_OPERATION } from "~/auth/guards.server";
import { OP, type OperationCode } from "~/auth/operations";
import { requestContext } from "~/lib/request-context.server";
import { loader as autorizacionesLoader } from "~/routes/api.afiliado.autorizaciones";
import { loader as internacionesLoader } from "~/routes/api.afiliado.internaciones";

let t: TestDb;
const tokens: Record<string, string> = {};
let idafiA = 0;
const STAY = 9001;

type Body = { autorizaciones: { idafi: number; nrointernacion: number | null }[]; msg: string };
const get = async (path: string, token: string) => {
  const r = await callApi(autorizacionesLoader, path, { token });
  return { status: r.status, body: r.body as Body };
};

/** A profile holding /consultar-padron and exactly `ops`, one user of it, and that user's API token. */
async function userWith(usuario: string, ops: OperationCode[]): Promise<string> {
  const [{ id: perfil }] = await sqlRows<{ id: number }>(
    "INSERT INTO us_perfiles (descripcion) VALUES ($1) RETURNING id",
    [`PRUEBA ${usuario}`],
  );
  await sqlRows(
    "INSERT INTO us_perfil_pantallas (us_perfil_id, us_pantalla_id) SELECT $1, id FROM us_pantallas WHERE path = '/consultar-padron'",
    [perfil],
  );
  for (const op of ops)
    await sqlRows("INSERT INTO us_perfil_operaciones (us_perfil_id, us_operacion_id) VALUES ($1, $2)", [perfil, op]);
  const [{ id }] = await sqlRows<{ id: number }>(
    "INSERT INTO us_usuarios (apeynom, usuario, password_hash, us_perfil_id) VALUES ($1, $1, 'x', $2) RETURNING id",
    [usuario, perfil],
  );
  return requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "api"));
}

const seededToken = async (usuario: string) => {
  const [{ id }] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = $1", [usuario]);
  return requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(id, "api"));
};

beforeAll(async () => {
  t = await useTestDatabase();
  const members = await sqlRows<{ idafi: number }>(
    `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
     VALUES ('PRUEBA UNO', '30111222', '1011122200', '10', '1', '00', 'TITULAR'),
            ('PRUEBA DOS', '30111333', '1011133300', '10', '2', '00', 'TITULAR') RETURNING idafi`,
  );
  idafiA = members[0].idafi;
  const idafiB = members[1].idafi;
  await sqlRows("INSERT INTO internaciones (numero_orden, idafi, fecha_interna) VALUES ($1, $2, '2026-03-01')", [
    STAY,
    idafiA,
  ]);
  await sqlRows(
    `INSERT INTO autorizaciones (nroautorizacion, idafi, nombreafiliado, practica, autorizo, modalidad, fecha, nrointernacion)
     VALUES (1, $1, 'PRUEBA UNO', '420101', 'S', 'AMB', '2026-02-01', NULL),
            (2, $1, 'PRUEBA UNO', '430101', 'S', 'INT', '2026-03-02', $3),
            (3, $2, 'PRUEBA DOS', '420101', 'S', 'AMB', '2026-03-03', NULL)`,
    [idafiA, idafiB, STAY],
  );
  tokens.admin = await seededToken("admin");
  tokens.consulta = await seededToken("consulta");
  tokens.internaciones = await userWith("solo.internaciones", [OP.VER_INTERNACIONES]);
  tokens.global = await userWith("consulta.global", [OP.CONSULTA_GLOBAL_AUTORIZACIONES]);
});
afterAll(async () => {
  await t?.cleanup();
});

const GLOBAL = "/api/afiliado/autorizaciones?consultaGlobal=true&fecha_desde=2026-01-01&fecha_hasta=2026-12-31";
const OF_STAY = `/api/afiliado/autorizaciones?nrointernacion=${STAY}`;
const ofMember = () => `/api/afiliado/autorizaciones?idafi=${idafiA}&fecha_hasta=2026-12-31`;

describe("consultaGlobal: the cross-member listing needs operation 39", () => {
  test("consulta (operation 15 only): 403 with the Spanish message, nothing listed", async () => {
    const r = await get(GLOBAL, tokens.consulta);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ msg: FORBIDDEN_OPERATION });
  });

  test("consultaGlobal with a member still asks for the global listing: 403 without 39", async () => {
    const r = await get(`${GLOBAL}&idafi=${idafiA}`, tokens.consulta);
    expect(r.status).toBe(403);
  });

  test("a user holding 39: 200 with every member's authorisations of the period", async () => {
    const r = await get(GLOBAL, tokens.global);
    expect(r.status).toBe(200);
    expect(new Set(r.body.autorizaciones.map((a) => a.idafi)).size).toBe(2);
    expect(r.body.autorizaciones).toHaveLength(3);
  });

  test("the administrator holds 39 (seeded with every operation)", async () => {
    expect((await get(GLOBAL, tokens.admin)).status).toBe(200);
  });
});

describe("a member's own list stays under operation 15", () => {
  test("consulta: 200 with that member's rows only", async () => {
    const r = await get(ofMember(), tokens.consulta);
    expect(r.status).toBe(200);
    expect(r.body.autorizaciones.map((a) => a.idafi)).toEqual([idafiA, idafiA]);
  });

  test("a user without 15 (39 only): 403", async () => {
    expect((await get(ofMember(), tokens.global)).status).toBe(403);
  });
});

describe("nrointernacion: a stay's authorisations need operation 38, as its stay list and .xlsx do", () => {
  test("consulta (15, not 38): 403 on the stay, as on /api/afiliado/internaciones", async () => {
    const r = await get(OF_STAY, tokens.consulta);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ msg: FORBIDDEN_OPERATION });
    expect((await get(`${OF_STAY}&idafi=${idafiA}`, tokens.consulta)).status).toBe(403);
    const stays = await callApi(internacionesLoader, `/api/afiliado/internaciones?idafi=${idafiA}`, {
      token: tokens.consulta,
    });
    expect(stays.status).toBe(403);
  });

  test("a user holding 38: 200 with the stay's rows", async () => {
    const r = await get(OF_STAY, tokens.internaciones);
    expect(r.status).toBe(200);
    expect(r.body.autorizaciones).toHaveLength(1);
    expect(r.body.autorizaciones[0]).toMatchObject({ idafi: idafiA, nrointernacion: STAY });
    expect((await get(OF_STAY, tokens.admin)).status).toBe(200);
  });
});

test("bad input is still a 400 for anyone on the screen; no token is a 401", async () => {
  expect((await get("/api/afiliado/autorizaciones", tokens.consulta)).status).toBe(400);
  expect((await callApi(autorizacionesLoader, GLOBAL, { token: null })).status).toBe(401);
});
