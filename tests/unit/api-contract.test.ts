// The JSON API as a contract (issue 25, ADR 044): a client holding only the spec's §3 entities and §7 calls can use
// every resource. What a GET answers, the matching PUT accepts unchanged (fichas, CAPA, MAE fichas and students,
// users, profiles); null and '' mean "no value" in every write; a turno is assigned by nro_turno without `puesto`;
// profile-operation records (§3: id, usOperacionId, usPerfilId) are accepted by add-/remove-operations; and every
// refusal speaks Spanish. On the demo data (seed 1), like a client of a real installation.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { action as capaAction } from "~/routes/api.capa-covid._index";
import { loader as capaById } from "~/routes/api.capa-covid.$id";
import { action as maeAction, loader as maeLoader } from "~/routes/api.mae._index";
import { action as modificarAlumno } from "~/routes/api.mae.modificarAlumno";
import { action as oncoAction } from "~/routes/api.onco._index";
import { loader as oncoById } from "~/routes/api.onco.buscarporid.$id";
import { action as addOps } from "~/routes/api.perfil-operationes.add-operations._index";
import { loader as availableOps } from "~/routes/api.perfil-operationes.available-operations.$id";
import { action as removeOps } from "~/routes/api.perfil-operationes.remove-operations._index";
import { action as perfilesAction } from "~/routes/api.perfiles._index";
import { loader as perfilById } from "~/routes/api.perfiles.$id";
import { action as turnosAction } from "~/routes/api.turnos._index";
import { loader as grillaLoader } from "~/routes/api.turnos.turnostipotramite._index";
import { action as usersAction } from "~/routes/api.users";
import { loader as userById } from "~/routes/api.users.$id";
import { PERFIL_MSG } from "~/modules/perfiles/rules";
import { apiToken, callerWith } from "~tests/support/api";
import { useFichaDatabase } from "~tests/support/ficha-fixture";
import { sqlOne, sqlRows, type TestDb } from "~tests/support/db";

let t: TestDb;
let admin = "";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const call = callerWith<Body>(() => admin);

/** zod's own English (and its generic Spanish locale): never what a person or a program reads. */
const NOT_OURS = /invalid|expected|received|too (big|small)|required|entrada inválida|se esperaba|recibido/i;

function expectSpanishRefusal(r: { status: number; body: Body }) {
  const texts = [r.body.msg, ...(r.body.errors ?? []).map((e: { msg: string }) => e.msg)];
  for (const text of texts) {
    expect(typeof text).toBe("string");
    expect(text).not.toMatch(NOT_OURS);
  }
}

beforeAll(async () => {
  ({ t } = await useFichaDatabase([]));
  admin = await apiToken(t, "admin");
});
afterAll(async () => {
  await t?.cleanup();
});

const firstId = async (sql: string) => (await sqlRows<{ id: number }>(sql))[0].id;

/** An active ficha that may still be modified (no later drug change or readmission), as GET answers it. */
async function editableFicha(): Promise<Body> {
  for (const { id } of await sqlRows<{ id: number }>("SELECT id FROM fichas_onco WHERE activo ORDER BY id LIMIT 50")) {
    const got = await call(oncoById, "GET", `/api/onco/buscarporid/${id}`, { params: { id: String(id) } });
    if (got.status === 200 && got.body.ficha.editable) return got.body.ficha;
  }
  throw new Error("no hay fichas editables en los datos de demostración");
}

describe("GET → PUT unchanged → 2xx, for every resource with both", () => {
  test("ficha (GET /api/onco/buscarporid/{id} → PUT /api/onco)", async () => {
    const ficha = await editableFicha(); // GET /api/onco/buscarporid/{id} → { ficha }
    const put = await call(oncoAction, "PUT", "/api/onco", { body: ficha });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.fichaModificada.id).toBe(ficha.id);
  });

  test("CAPA (GET /api/capa-covid/{id} → PUT /api/capa-covid)", async () => {
    const id = await firstId("SELECT id FROM capa_registros ORDER BY id LIMIT 1");
    const got = await call(capaById, "GET", `/api/capa-covid/${id}`, { params: { id: String(id) } });
    expect(got.status).toBe(200);
    const put = await call(capaAction, "PUT", "/api/capa-covid", { body: got.body.ficha });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  test("MAE ficha and student (GET /api/mae?id= → PUT /api/mae, PUT /api/mae/modificarAlumno)", async () => {
    const id = await firstId(
      "SELECT f.id FROM mae_fichas f WHERE EXISTS (SELECT 1 FROM mae_alumnos a WHERE a.id_ficha = f.id AND a.estado) ORDER BY f.id LIMIT 1",
    );
    const got = await call(maeLoader, "GET", `/api/mae?id=${id}`);
    expect(got.status).toBe(200);
    const ficha = got.body.fichas[0];
    const put = await call(maeAction, "PUT", "/api/mae", { body: ficha });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const alumno = ficha.alumnos.find((a: { estado: boolean }) => a.estado);
    const putAlumno = await call(modificarAlumno, "PUT", "/api/mae/modificarAlumno", { body: { alumno } });
    expect(putAlumno.status, JSON.stringify(putAlumno.body)).toBe(200);
  });

  test("user (GET /api/users/{id} → PUT /api/users)", async () => {
    const id = await firstId("SELECT id FROM us_usuarios WHERE usuario = 'consulta'");
    const got = await call(userById, "GET", `/api/users/${id}`, { params: { id: String(id) } });
    expect(got.status).toBe(200);
    const put = await call(usersAction, "PUT", "/api/users", { body: got.body.user });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  test("profile (GET /api/perfiles/{id} → PUT /api/perfiles)", async () => {
    const got = await call(perfilById, "GET", "/api/perfiles/2", { params: { id: "2" } });
    expect(got.status).toBe(200);
    const put = await call(perfilesAction, "PUT", "/api/perfiles", { body: got.body.perfil });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });
});

describe("null and '' mean no value in every write", () => {
  test("a ficha whose optional fields are null or '' is saved, and they are stored empty", async () => {
    const got = { body: { ficha: await editableFicha() } }; // as GET /api/onco/buscarporid/{id} answered it
    const ficha = {
      ...got.body.ficha,
      afi_telefono: null,
      afi_email: null,
      afi_celular: "",
      hospital: "",
      cirugia: false,
      fecha_cirugia: null,
      tipo_cirugia: null,
      estadio: null,
      observacion: null,
      version: null,
    };
    const put = await call(oncoAction, "PUT", "/api/onco", { body: ficha });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.fichaModificada).toMatchObject({ afi_telefono: null, afi_email: null, hospital: null });
  });

  test("a new ficha with quimioterapia false and fecha_quimioterapia null is created", async () => {
    const got = { body: { ficha: await editableFicha() } }; // as GET /api/onco/buscarporid/{id} answered it
    // A new case for the same member, on another organ (one active case per member and organ).
    const organoId = await firstId(
      `SELECT id FROM organos WHERE id NOT IN (SELECT organo_id FROM fichas_onco WHERE afi_dni = '${got.body.ficha.afi_dni}' AND activo) ORDER BY id LIMIT 1`,
    );
    const nueva = {
      ...got.body.ficha,
      id: null,
      version: null,
      organoId,
      quimioterapia: false,
      fecha_quimioterapia: null,
      esquema_quimioterapia: null,
      operacion: null,
      id_origen: null,
    };
    const post = await call(oncoAction, "POST", "/api/onco", { body: nueva });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
  });

  test("CAPA: null optional fields and a household member with null name and age", async () => {
    const id = await firstId("SELECT id FROM capa_registros ORDER BY id LIMIT 1");
    const got = await call(capaById, "GET", `/api/capa-covid/${id}`, { params: { id: String(id) } });
    const body = { ...got.body.ficha, afi_email: null, afi_telefono_alternativo: null, nro_autorizacion_sia: "" };
    const put = await call(capaAction, "PUT", "/api/capa-covid", { body });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.ficha).toMatchObject({ afi_email: null, afi_telefono_alternativo: null });
  });

  test("a required field sent as null is refused as missing, in Spanish", async () => {
    const got = { body: { ficha: await editableFicha() } }; // as GET /api/onco/buscarporid/{id} answered it
    const put = await call(oncoAction, "PUT", "/api/onco", { body: { ...got.body.ficha, diagnostico: null } });
    expect(put.status).toBe(400);
    expect(put.body.errors).toContainEqual({ param: "diagnostico", msg: "Campo obligatorio" });
    expectSpanishRefusal(put);
  });
});

describe("a turno is assigned by nro_turno, without puesto (spec §3 Turno)", () => {
  const DIA = "2099-06-01";
  let idafi = 0;
  let dni = "";
  beforeAll(async () => {
    [{ idafi, numdoc: dni }] = await sqlRows<{ idafi: number; numdoc: string }>(
      "SELECT idafi, numdoc FROM afiliados WHERE fechbaja = DATE '0001-01-01' ORDER BY idafi LIMIT 1",
    );
  });
  /** The grid of a day, as GET /api/turnos/turnostipotramite/ answers it. */
  const grilla = async (tipo: string) =>
    (await call(grillaLoader, "GET", `/api/turnos/turnostipotramite/?tipo_tramite=${tipo}&fecha_turno=${DIA}`)).body;
  const put = (body: unknown) => call(turnosAction, "PUT", "/api/turnos", { body });

  test("DISCAPACIDAD (one puesto): nro_turno and hora_turno, no puesto → 200", async () => {
    const g = await grilla("DISCAPACIDAD");
    const free = g.turnos.find((x: { estado_turno: string }) => x.estado_turno === "VACIO");
    const { puesto: _puesto, ...spec } = free;
    const r = await put({ ...spec, dni_afiliado: dni, id_afiliado: idafi, apeynom_afiliado: "X" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.turno).toMatchObject({ nro_turno: free.nro_turno, hora_turno: free.hora_turno, puesto: 1 });
  });

  test("several puestos: the puesto is derived from nro_turno (row by row across the puestos)", async () => {
    const cfg = (
      await sqlRows<{ cant_puesto: number; inicio: string }>(
        "SELECT cant_puesto, to_char(inicio_turno, 'HH24:MI') AS inicio FROM turnos_config WHERE tipo_tramite = 'AFILIACIONES'",
      )
    )[0];
    expect(cfg.cant_puesto).toBeGreaterThan(1);
    // The second slot of the first row: puesto 2.
    const r = await put({
      tipo_tramite: "AFILIACIONES",
      fecha_turno: DIA,
      nro_turno: 2,
      hora_turno: cfg.inicio,
      id_afiliado: idafi,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.turno).toMatchObject({ nro_turno: 2, puesto: 2, hora_turno: cfg.inicio });
  });

  test("nro_turno that disagrees with hora_turno or with puesto is refused (422, Spanish, on the field)", async () => {
    const base = { tipo_tramite: "AFILIACIONES", fecha_turno: DIA, id_afiliado: idafi };
    const wrongHora = await put({ ...base, nro_turno: 3, hora_turno: "11:00" });
    expect(wrongHora.status).toBe(422);
    expect(wrongHora.body.errors[0].param).toBe("hora_turno");
    expectSpanishRefusal(wrongHora);
    const cfg = (
      await sqlRows<{ inicio: string }>(
        "SELECT to_char(inicio_turno, 'HH24:MI') AS inicio FROM turnos_config WHERE tipo_tramite = 'AFILIACIONES'",
      )
    )[0];
    const wrongPuesto = await put({ ...base, nro_turno: 3, hora_turno: cfg.inicio, puesto: 1 });
    expect(wrongPuesto.status).toBe(422);
    expect(wrongPuesto.body.errors[0].param).toBe("puesto");
    expectSpanishRefusal(wrongPuesto);
    const outside = await put({ ...base, nro_turno: 9999, hora_turno: cfg.inicio });
    expect(outside.status).toBe(422);
    expectSpanishRefusal(outside);
  });

  test("neither nro_turno nor puesto: 422 naming what is missing", async () => {
    const r = await put({ tipo_tramite: "AFILIACIONES", fecha_turno: DIA, hora_turno: "08:00", id_afiliado: idafi });
    expect(r.status).toBe(422);
    expect(r.body.errors[0].param).toBe("nro_turno");
    expectSpanishRefusal(r);
  });

  test("the puesto alone still works (the screen's way)", async () => {
    const r = await put({
      tipo_tramite: "REINTEGROS",
      fecha_turno: DIA,
      hora_turno: (await grilla("REINTEGROS")).turnos[0].hora_turno,
      puesto: 1,
      id_afiliado: idafi,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.turno.nro_turno).toBe(1);
  });
});

describe("profile-operation records (spec §3: id, usOperacionId, usPerfilId)", () => {
  let perfil = 0;
  beforeAll(async () => {
    perfil = (
      await sqlRows<{ id: number }>("INSERT INTO us_perfiles (descripcion) VALUES ('CONTRATO REGISTROS') RETURNING id")
    )[0].id;
  });
  const held = () =>
    sqlRows<{ c: string }>("SELECT us_operacion_id AS c FROM us_perfil_operaciones WHERE us_perfil_id = $1", [
      perfil,
    ]).then((r) => r.map((x) => x.c).sort());

  test("add-operations takes records { usOperacionId, usPerfilId }", async () => {
    const r = await call(addOps, "POST", "/api/perfil-operationes/add-operations/", {
      body: {
        operations: [
          { usOperacionId: "20", usPerfilId: perfil },
          { usOperacionId: "21", usPerfilId: perfil },
        ],
        usPerfilId: perfil,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await held()).toEqual(["20", "21"]);
  });

  test("add-operations takes records without the top-level usPerfilId, and numbers as codes", async () => {
    const r = await call(addOps, "POST", "/api/perfil-operationes/add-operations/", {
      body: { operations: [{ usOperacionId: 26, usPerfilId: perfil }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await held()).toEqual(["20", "21", "26"]);
  });

  test("a record of another profile than usPerfilId is refused (400 on its usPerfilId), nothing written", async () => {
    const r = await call(addOps, "POST", "/api/perfil-operationes/add-operations/", {
      body: { operations: [{ usOperacionId: "14", usPerfilId: perfil + 1000 }], usPerfilId: perfil },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toContainEqual({ param: "operations.0.usPerfilId", msg: PERFIL_MSG.REGISTRO_DE_OTRO_PERFIL });
    expect(await held()).toEqual(["20", "21", "26"]);
  });

  test("remove-operations takes the records GET answered (by id), as params or as a JSON body", async () => {
    const got = await call(availableOps, "GET", `/x`, { params: { id: String(perfil) } });
    const records = got.body.perfil_operations as { id: number; usOperacionId: string }[];
    const r20 = records.find((x) => x.usOperacionId === "20")!;
    const byBody = await call(removeOps, "DELETE", "/api/perfil-operationes/remove-operations/", {
      body: { operations: [r20] },
    });
    expect(byBody.status, JSON.stringify(byBody.body)).toBe(200);
    expect(await held()).toEqual(["21", "26"]);
    const byCodes = await call(removeOps, "DELETE", "/api/perfil-operationes/remove-operations/", {
      body: { usPerfilId: perfil, operations: ["21"] },
    });
    expect(byCodes.status, JSON.stringify(byCodes.body)).toBe(200);
    expect(await held()).toEqual(["26"]);
    const r26 = records.find((x) => x.usOperacionId === "26")!;
    const byParams = await call(
      removeOps,
      "DELETE",
      `/api/perfil-operationes/remove-operations/?usPerfilId=${perfil}&ids=${r26.id}`,
    );
    expect(byParams.status, JSON.stringify(byParams.body)).toBe(200);
    expect(await held()).toEqual([]);
  });
});

describe("every refusal is Spanish", () => {
  test("wrong types across the writes answer Spanish messages that say what to fix", async () => {
    const refusals = [
      await call(oncoAction, "PUT", "/api/onco", { body: { id: "x", peso: "mucho", cirugia: "si", monodrogas: 3 } }),
      await call(capaAction, "POST", "/api/capa-covid", { body: { afi_dni: 30111222, integrantes: "x" } }),
      await call(maeAction, "POST", "/api/mae", { body: { dni: [], anio_lectivo: "dos mil" } }),
      await call(usersAction, "PUT", "/api/users", { body: { id: 1, apeynom: 3, usuario: {} } }),
      await call(perfilesAction, "POST", "/api/perfiles", { body: { descripcion: ["x"], activo: "quizas" } }),
      await call(turnosAction, "PUT", "/api/turnos", { body: { tipo_tramite: 1, fecha_turno: true } }),
      await call(addOps, "POST", "/x", { body: { usPerfilId: "x", operations: [{ nada: 1 }] } }),
    ];
    for (const r of refusals) {
      expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expectSpanishRefusal(r);
    }
  });

  test("nothing was written by the refusals", async () => {
    expect(await sqlOne("SELECT count(*) FROM us_perfiles WHERE descripcion = 'x'")).toBe(0);
  });
});
