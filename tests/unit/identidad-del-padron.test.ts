// Issue 35 item 6 (DESIGN: identity comes from the registry): the two records that still kept a typed name for a
// member's DNI now take the registry's, on every path (module, API, screen action); a DNI of no member keeps what was
// typed. An AFILIACIONES turno saved without id_afiliado for a member's DNI is that member's turno (name and
// id_afiliado from the registry, as when 'Buscar' found them); a CAPA household row of a member's DNI stores the
// registry's name and age (on the registration date) whatever was typed.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession, type SessionUser } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { CapaSchema } from "~/modules/capa/capa.schema";
import { createCapa, getCapa, updateCapa } from "~/modules/capa/capa.server";
import { asignarTurno } from "~/modules/turnos/asignar.server";
import { action as capaApi } from "~/routes/api.capa-covid._index";
import { action as turnosApi } from "~/routes/api.turnos._index";
import { action as regcapaAction } from "~/routes/_app.regcapa._index";
import { action as turnosAction } from "~/routes/_app.turnos";
import { apiToken, callApi, postForm, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { adminActor, sqlRows, type TestDb } from "~tests/support/db";
import { asignado, deskUser, DIA, NOW, OPS_DESK, useTurnosDatabase } from "~tests/support/turnos-fixture";

let t: TestDb;
let idafi: Record<string, number>;
let desk: SessionUser;
let by: SessionUser;
let token = "";
let cookie = "";

/** A Monday far ahead, for the API and the screen (their clock is the real one). */
const LEJOS = "2099-06-01";
const CAPA_NOW = new Date("2025-03-10T15:00:00Z");

beforeAll(async () => {
  let adminId: number;
  ({ t, idafi, adminId } = await useTurnosDatabase());
  desk = deskUser(adminId, OPS_DESK);
  by = await adminActor();
  for (const [dni, nombre, nac] of [
    ["30800100", "IDENTIDAD TITULAR", "1980-01-01"],
    ["30800101", "IDENTIDAD HIJA", "2012-05-05"],
  ])
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, baperfenac)
       VALUES ($1, $2, $3, '01', '30800100', '00', 'TITULAR', $4)`,
      [nombre, dni, `01${dni}00`, nac],
    );
  token = await apiToken(t, "admin");
  cookie = await requestContext.run(TEST_REQUEST_CONTEXT, async () =>
    setSessionCookie(await createSession(adminId, "cookie")),
  );
});
afterAll(async () => {
  await t?.cleanup();
});

const storedTurno = async (tipo: string, fecha: string, hora: string, puesto: number) =>
  (
    await sqlRows<{ dni_afiliado: string; apeynom_afiliado: string; id_afiliado: number | null }>(
      `SELECT dni_afiliado, apeynom_afiliado, id_afiliado FROM turnos
       WHERE tipo_tramite = $1 AND fecha_turno = $2 AND hora_turno = $3 AND puesto = $4`,
      [tipo, fecha, hora, puesto],
    )
  )[0];

describe("an AFILIACIONES turno without id_afiliado", () => {
  const afi = (hora_turno: string, puesto: number, over: Record<string, unknown>) => ({
    tipo_tramite: "AFILIACIONES",
    fecha_turno: DIA,
    hora_turno,
    puesto,
    ...over,
  });

  test("module: a member's DNI takes the registry's name and id (free slot and general path); a non-member's is typed", async () => {
    const free = asignado(
      await asignarTurno(afi("08:00", 1, { dni_afiliado: "30400002", apeynom_afiliado: "Otro Nombre" }), desk, NOW),
    );
    expect(free).toMatchObject({
      dni_afiliado: "30400002",
      apeynom_afiliado: "TURNOS PRUEBA DOS",
      id_afiliado: idafi["30400002"],
    });
    // Editing the slot (the general path, in a transaction) without the id: the registry's again.
    const edit = asignado(
      await asignarTurno(
        afi("08:00", 1, { id: free.id, dni_afiliado: "30400003", apeynom_afiliado: "Tipeado Mal" }),
        desk,
        NOW,
      ),
    );
    expect(edit).toMatchObject({ apeynom_afiliado: "TURNOS PRUEBA TRES", id_afiliado: idafi["30400003"] });
    expect(await storedTurno("AFILIACIONES", DIA, "08:00", 1)).toEqual({
      dni_afiliado: "30400003",
      apeynom_afiliado: "TURNOS PRUEBA TRES",
      id_afiliado: idafi["30400003"],
    });
    const ajeno = asignado(
      await asignarTurno(afi("08:15", 1, { dni_afiliado: "40111333", apeynom_afiliado: "persona nueva" }), desk, NOW),
    );
    expect(ajeno).toMatchObject({ dni_afiliado: "40111333", apeynom_afiliado: "PERSONA NUEVA", id_afiliado: null });
  });

  test("PUT /api/turnos: the registry's name and id for a member's DNI", async () => {
    const r = await callApi(turnosApi as RouteHandler, "/api/turnos", {
      token,
      method: "PUT",
      body: {
        tipo_tramite: "AFILIACIONES",
        fecha_turno: LEJOS,
        hora_turno: "09:00",
        puesto: 1,
        dni_afiliado: "30400001",
        apeynom_afiliado: "CUALQUIER NOMBRE",
        id_afiliado: null,
      },
    });
    expect(r.status).toBe(200);
    const expected = {
      dni_afiliado: "30400001",
      apeynom_afiliado: "TURNOS PRUEBA UNO",
      id_afiliado: idafi["30400001"],
    };
    expect((r.body as { turno: unknown }).turno).toMatchObject(expected);
    expect(await storedTurno("AFILIACIONES", LEJOS, "09:00", 1)).toEqual(expected);
  });

  test("the /turnos screen: a member's DNI typed (no 'Buscar') with another name → the registry's", async () => {
    const url = `/turnos?tipo_tramite=AFILIACIONES&fecha_turno=${LEJOS}&hora_turno=09:15&puesto=2`;
    const r = await postForm(
      turnosAction,
      url,
      {
        intent: "asignar",
        tipo_tramite: "AFILIACIONES",
        fecha_turno: LEJOS,
        hora_turno: "09:15",
        puesto: "2",
        dni_afiliado: "30400002",
        apeynom_afiliado: "Nombre De Otro",
        observacion: "",
        dni_buscado: "",
      },
      cookie,
    );
    expect(r.status).toBe(302);
    expect(await storedTurno("AFILIACIONES", LEJOS, "09:15", 2)).toEqual({
      dni_afiliado: "30400002",
      apeynom_afiliado: "TURNOS PRUEBA DOS",
      id_afiliado: idafi["30400002"],
    });
  });
});

describe("a CAPA household row", () => {
  const input = (over: Record<string, unknown> = {}) =>
    CapaSchema.parse({
      afi_dni: "30800100",
      afi_localidad: "VALLE VIEJO",
      fecha_positivo: "2025-03-01",
      afi_telefono: "3834123456",
      ...over,
    });
  const miembro = { afi_dni_integrante: "30800101", afi_nombre_integrante: "nombre tipeado", afi_edad_integrante: 40 };
  const ajeno = { afi_dni_integrante: "46800001", afi_nombre_integrante: "Persona Ajena", afi_edad_integrante: 30 };
  const HIJA = { afi_dni_integrante: "30800101", afi_nombre_integrante: "IDENTIDAD HIJA", afi_edad_integrante: 12 };
  const AJENA = { afi_dni_integrante: "46800001", afi_nombre_integrante: "PERSONA AJENA", afi_edad_integrante: 30 };

  test("module: a member's row stores the registry's name and age, on create and update; a non-member's is typed", async () => {
    const r = await createCapa(input({ integrantes: [miembro, ajeno] }), by, CAPA_NOW);
    if (!r.ok) throw new Error(r.msg);
    expect(r.ficha.integrantes).toEqual([HIJA, AJENA]);
    const u = await updateCapa(input({ id: r.ficha.id, integrantes: [ajeno, miembro] }), by, CAPA_NOW);
    expect(u.ok).toBe(true);
    expect((await getCapa(r.ficha.id))!.integrantes).toEqual([AJENA, HIJA]);
  });

  test("POST and PUT /api/capa-covid: the same", async () => {
    const body = {
      afi_dni: "30800100",
      afi_localidad: "VALLE VIEJO",
      fecha_positivo: "2025-03-02",
      afi_telefono: "3834123456",
      integrantes: [miembro, ajeno],
    };
    const post = await callApi(capaApi as RouteHandler, "/api/capa-covid", { token, method: "POST", body });
    expect(post.status).toBe(201);
    const ficha = (post.body as { ficha: { id: number; integrantes: unknown[] } }).ficha;
    // The age is the registry's on the registration date (today): 2012-05-05 → at least 13 from 2025 on.
    const edad = (ficha.integrantes[0] as { afi_edad_integrante: number }).afi_edad_integrante;
    expect(edad).toBeGreaterThanOrEqual(13);
    expect(ficha.integrantes).toEqual([{ ...HIJA, afi_edad_integrante: edad }, AJENA]);
    const put = await callApi(capaApi as RouteHandler, "/api/capa-covid", {
      token,
      method: "PUT",
      body: { ...body, id: ficha.id, integrantes: [{ ...miembro, afi_nombre_integrante: "OTRO MAS" }] },
    });
    expect(put.status).toBe(200);
    expect((await getCapa(ficha.id))!.integrantes).toEqual([{ ...HIJA, afi_edad_integrante: edad }]);
  });

  test("the /regcapa screen: the registry's name for a member's row, whatever was typed", async () => {
    const r = await postForm(
      regcapaAction,
      "/regcapa?index",
      {
        intent: "guardar",
        afi_dni: "30800100",
        afi_localidad: "VALLE VIEJO",
        fecha_positivo: "2025-03-03",
        afi_telefono: "3834123456",
        "integrantes[0].afi_dni_integrante": "30800101",
        "integrantes[0].afi_nombre_integrante": "Nombre Cambiado",
        "integrantes[0].afi_edad_integrante": "50",
        "integrantes[1].afi_dni_integrante": "46800001",
        "integrantes[1].afi_nombre_integrante": "Persona Ajena",
        "integrantes[1].afi_edad_integrante": "30",
      },
      cookie,
    );
    expect(r.status).toBe(302);
    const nro = Number(new URL(r.location!, "http://localhost").searchParams.get("n"));
    const rows = await sqlRows<{ afi_nombre_integrante: string; afi_edad_integrante: number }>(
      `SELECT i.afi_nombre_integrante, i.afi_edad_integrante FROM capa_integrantes i
       JOIN capa_registros r ON r.id = i.capa_id WHERE r.nro_registro = $1 ORDER BY i.id`,
      [nro],
    );
    expect(rows.map((x) => x.afi_nombre_integrante)).toEqual(["IDENTIDAD HIJA", "PERSONA AJENA"]);
    expect(rows[0].afi_edad_integrante).not.toBe(50);
    expect(rows[1].afi_edad_integrante).toBe(30);
  });
});
