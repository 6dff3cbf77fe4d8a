// A ficha belongs to the member of its DNI (issue 26, decision 027 amended): at every save (create and update; the
// module, POST and PUT /api/onco) the member's identity — afi_nro_afi, afi_nombre, afi_parentesco, afi_sexo — is the
// registry's for the DNI, whatever the client sent; the clerk's marital status, address and contact stay the clerk's;
// a DNI of no member is refused on afi_dni (422).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlRows, type TestDb } from "~tests/support/db";
import { apiToken, callApi } from "~tests/support/api";
import { fichaBody, fichaInput, useFichaDatabase } from "~tests/support/ficha-fixture";
import type { SessionUser } from "~/auth/sessions.server";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { TEST_REQUEST_CONTEXT } from "~tests/support/api";
import { action as oncoAction } from "~/routes/api.onco._index";
import { action as nuevaFichaAction } from "~/routes/_app.nueva-ficha";
import { createFicha, FICHA_MSG, getFicha, updateFicha, type FichaDetail } from "./fichas.server";
import { SIN_DATO_PADRON } from "./rules";

let t: TestDb;
let by: SessionUser;
let token = "";
let cookie = "";

/** Two members with every identity field different, and one the registry knows no sex of. */
const A = { dni: "32100001", nombre: "PEREZ ANA MARIA", nroafi: "1032100001", parentesco: "TITULAR", sexo: "F" };
const B = { dni: "32100002", nombre: "GOMEZ JUAN CARLOS", nroafi: "2032100002", parentesco: "HIJO/A", sexo: "M" };
const C = { dni: "32100003", nombre: "SIN SEXO REGISTRADO", nroafi: "3032100003", parentesco: "CONYUGE", sexo: null };

/** What a client sends as B's identity (readable texts, as the form shows them). */
const B_IDENTITY = {
  afi_nombre: B.nombre,
  afi_nro_afi: B.nroafi,
  afi_parentesco: B.parentesco,
  afi_sexo: "MASCULINO",
};
const identityOf = (f: Record<string, unknown>) => ({
  afi_dni: f.afi_dni,
  afi_nombre: f.afi_nombre,
  afi_nro_afi: f.afi_nro_afi,
  afi_parentesco: f.afi_parentesco,
  afi_sexo: f.afi_sexo,
});
const A_STORED = {
  afi_dni: A.dni,
  afi_nombre: A.nombre,
  afi_nro_afi: A.nroafi,
  afi_parentesco: "TITULAR",
  afi_sexo: "FEMENINO",
};
const B_STORED = {
  afi_dni: B.dni,
  afi_nombre: B.nombre,
  afi_nro_afi: B.nroafi,
  afi_parentesco: "HIJO/A",
  afi_sexo: "MASCULINO",
};

beforeAll(async () => {
  ({ t, by } = await useFichaDatabase([]));
  for (const m of [A, B, C]) {
    await sqlRows(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, sexocodigo)
       VALUES ($1, $2, $3, '01', $2, $4, $5, $6)`,
      [m.nombre, m.dni, m.nroafi, m.parentesco === "TITULAR" ? "00" : "02", m.parentesco, m.sexo],
    );
  }
  token = await apiToken(t, "admin");
  const session = await requestContext.run(TEST_REQUEST_CONTEXT, () => createSession(by.id, "cookie"));
  cookie = (await setSessionCookie(session)).split(";")[0];
});
afterAll(async () => {
  await t?.cleanup();
});

describe("the module takes the member's identity from the registry", () => {
  test("create with A's DNI and B's identity stores A's; the clerk's address and contact are kept", async () => {
    const r = await createFicha(
      fichaInput({ afi_dni: A.dni, ...B_IDENTITY, afi_domicilio: "BELGRANO 55", afi_celular: "3834000000" }),
      "new",
      by,
    );
    expect(r.ok).toBe(true);
    const f = (r as { ficha: FichaDetail }).ficha;
    expect(identityOf(f)).toEqual(A_STORED);
    expect(identityOf((await getFicha(f.id))!)).toEqual(A_STORED);
    expect([f.afi_domicilio, f.afi_celular, f.afi_estado_civil]).toEqual(["BELGRANO 55", "3834000000", "CASADO/A"]);
    // the audit entry says which fields the client sent otherwise
    const [audit] = await sqlRows<{ detalle: Record<string, unknown> }>(
      "SELECT detalle FROM audit_log WHERE accion = 'ficha.crear' AND entidad_id = $1",
      [String(f.id)],
    );
    expect(audit.detalle.identidad_del_padron).toEqual(["afi_nro_afi", "afi_nombre", "afi_parentesco", "afi_sexo"]);
  });

  test("update: B's identity sent with A's DNI is replaced; a DNI changed to B's takes B's identity", async () => {
    const created = await createFicha(fichaInput({ afi_dni: A.dni }), "new", by);
    const f = (created as { ficha: FichaDetail }).ficha;
    const u1 = await updateFicha(fichaInput({ afi_dni: A.dni, ...B_IDENTITY, id: f.id, version: f.version }), by);
    expect(u1.ok && identityOf(u1.ficha)).toEqual(A_STORED);
    const u2 = await updateFicha(fichaInput({ afi_dni: B.dni, id: f.id }), by); // sends A's fixture identity
    expect(u2.ok && identityOf(u2.ficha)).toEqual(B_STORED);
  });

  test("a member the registry knows no sex of: stored as 'NO REGISTRADO', not what the client typed", async () => {
    const r = await createFicha(fichaInput({ afi_dni: C.dni, afi_sexo: "FEMENINO" }), "new", by);
    expect(r.ok && r.ficha.afi_sexo).toBe(SIN_DATO_PADRON);
    expect(r.ok && r.ficha.afi_nombre).toBe(C.nombre);
  });

  test("a DNI of no member is refused on afi_dni, create and update alike", async () => {
    const refused = { ok: false, status: 422, errors: [{ param: "afi_dni", msg: FICHA_MSG.AFILIADO_NO_EXISTE }] };
    expect(await createFicha(fichaInput({ afi_dni: "32199999" }), "new", by)).toMatchObject(refused);
    const created = await createFicha(fichaInput({ afi_dni: A.dni }), "new", by);
    const id = (created as { ficha: FichaDetail }).ficha.id;
    expect(await updateFicha(fichaInput({ afi_dni: "32199999", id }), by)).toMatchObject(refused);
    expect(identityOf((await getFicha(id))!)).toEqual(A_STORED);
  });
});

describe("POST and PUT /api/onco", () => {
  const send = (method: "POST" | "PUT", body: Record<string, unknown>) =>
    callApi(oncoAction, "/api/onco", { method, body, token }) as Promise<{
      status: number;
      body: Record<string, Record<string, unknown>> & { msg: string; errors: unknown };
    }>;

  test("POST with A's DNI and B's name stores A's identity; PUT likewise", async () => {
    const post = await send("POST", fichaBody({ afi_dni: A.dni, ...B_IDENTITY }));
    expect(post.status).toBe(201);
    expect(identityOf(post.body.newFicha)).toEqual(A_STORED);
    const id = post.body.newFicha.id;
    const put = await send("PUT", fichaBody({ afi_dni: A.dni, ...B_IDENTITY, afi_nombre: "CUALQUIERA", id }));
    expect(put.status).toBe(200);
    expect(identityOf(put.body.fichaModificada)).toEqual(A_STORED);
  });

  test("a DNI of no member: 422 with the Spanish field error on afi_dni", async () => {
    const post = await send("POST", fichaBody({ afi_dni: "32199998", ...B_IDENTITY }));
    expect(post.status).toBe(422);
    expect(post.body).toEqual({
      msg: FICHA_MSG.AFILIADO_NO_EXISTE,
      errors: [{ param: "afi_dni", msg: FICHA_MSG.AFILIADO_NO_EXISTE }],
    });
  });
});

describe("the Nueva Ficha form", () => {
  /** The form as posted: every field of `body` (the drug rows left out: drugs are optional), plus the lookup's DNI. */
  async function post(body: Record<string, unknown>, buscado?: string) {
    const form = new URLSearchParams({ intent: "guardar" });
    if (buscado != null) form.set("afi_dni_buscado", buscado);
    for (const [k, v] of Object.entries(body)) {
      if (k === "monodrogas" || v == null || v === false) continue;
      form.set(k, v === true ? "on" : String(v));
    }
    const request = new Request("http://localhost/nueva-ficha", {
      method: "POST",
      headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    try {
      return (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
        nuevaFichaAction({ request, params: {}, context: {} }),
      )) as Response;
    } catch (e) {
      if (e instanceof Response) return e;
      throw e;
    }
  }
  const count = async (dni: string) =>
    Number((await sqlRows<{ n: string }>("SELECT count(*) AS n FROM fichas_onco WHERE afi_dni = $1", [dni]))[0].n);

  test("a DNI typed over the looked-up one (or never looked up) is refused on afi_dni; nothing saved", async () => {
    const before = await count(B.dni);
    for (const buscado of [A.dni, undefined, ""]) {
      const res = await post(fichaBody({ afi_dni: B.dni, afi_nombre: A.nombre }), buscado);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { result: { error: Record<string, string[]> } };
      expect(body.result.error.afi_dni).toEqual([FICHA_MSG.BUSCAR_AFILIADO]);
    }
    expect(await count(B.dni)).toBe(before);
  });

  test("the looked-up DNI with another member's name typed in: saved with the registry's identity", async () => {
    const res = await post(fichaBody({ afi_dni: A.dni, ...B_IDENTITY }), A.dni);
    expect(res.status).toBe(302);
    const id = Number(new URL(res.headers.get("Location")!, "http://x").searchParams.get("id"));
    expect(identityOf((await getFicha(id))!)).toEqual(A_STORED);
  });
});
