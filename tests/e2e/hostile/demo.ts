// The demo values the hostile-input table fills its valid requests with, found in the running app the way the other
// specs find them (seed 1 is deterministic but its dates follow today, so nothing is hard-coded but the first seeded
// responsable), and the throwaway data the writing routes work on: fichas and users created here, never the demo
// users or the demo provider.
import { expect, type APIRequestContext } from "@playwright/test";
import { ADMIN, PROFILE_CONSULTA, uniqueUsuario } from "~tests/e2e/support";

export const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
export const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);

/** The first seeded responsable (tests/e2e/liquidacion.spec.ts): every administrator may see it. */
export const RESPONSABLE = "33-57035919-9";

export type Member = { idafi: number; dni: string; nroafi: string; cuil: string; apellido: string };
export type Ficha = { id: number; afi_dni: string; organoId: number };
export type Session = { usuario: string; password: string; token: string; cookie: string };

export type Demo = {
  origin: string;
  today: string;
  /** 30 days ago: the reporting period (the seed's authorisations reach back well beyond it). */
  desde: string;
  yearAgo: string;
  admin: { token: string; cookie: string };
  /** An active member with a 7–8 digit DNI: fichas, the public lookup, the coverage card, the searches. */
  member: Member;
  /** A member's stay with authorisations, and one of its authorisations. */
  stay: { idafi: number; nro: number; nroautorizacion: number; practica: string };
  convenioIdafi: number;
  organoId: number;
  efector: { codigo: string; practica: string; subitem: string };
  auditor: string;
  /** An authorisation of the reporting snapshot (its audit dialog). */
  nroAuditada: number;
  informe: { practica: string; subitem: string };
  /** A new ficha (INGRESO) of `member`, created as admin through POST /api/onco. */
  newFicha: () => Promise<Ficha>;
  /** The current version of a ficha (for a valid update after other writes bumped it). */
  fichaVersion: (id: number) => Promise<number>;
  /** A new admin session: a fresh API token, or a fresh browser cookie. */
  freshToken: () => Promise<string>;
  freshCookie: () => Promise<string>;
  /** A throwaway user ('consulta' profile) signed in both ways. */
  throwawayUser: () => Promise<Session>;
};

/** A new admin-style context factory: the spec passes `playwright.request.newContext` bound to its baseURL. */
export type NewContext = () => Promise<APIRequestContext>;

async function json<T>(ctx: APIRequestContext, url: string, token: string): Promise<T> {
  const res = await ctx.get(url, { headers: { "x-auth-token": token } });
  expect(res.status(), `GET ${url}: ${(await res.text()).slice(0, 300)}`).toBe(200);
  return (await res.json()) as T;
}

export async function apiLogin(ctx: APIRequestContext, usuario: string, password: string): Promise<string> {
  const res = await ctx.post("/api/auth", { data: { usuario, password } });
  expect(res.status(), `POST /api/auth as ${usuario}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Signs in through the login form in a context of its own; the session cookie ('osep_sesion=…'). */
export async function pageLogin(newContext: NewContext, usuario: string, password: string): Promise<string> {
  const ctx = await newContext();
  try {
    const res = await ctx.post("/?index", { form: { usuario, password }, maxRedirects: 0 });
    expect(res.status(), `POST /?index as ${usuario}`).toBe(302);
    const cookie = res
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value.split(";")[0])
      .find((c) => c.startsWith("osep_sesion="));
    expect(cookie, "the session cookie of the sign-in").toBeTruthy();
    return cookie!;
  } finally {
    await ctx.dispose();
  }
}

/** A valid ficha body for `member` (spec part 1 §5 required fields, one drug row), as a client posts it. */
export function fichaBody(member: Member, organoId: number): Record<string, unknown> {
  return {
    fecha: daysAgo(10),
    afi_dni: member.dni,
    afi_nro_afi: member.nroafi,
    afi_parentesco: "TITULAR",
    afi_sexo: "F",
    afi_nombre: `${member.apellido} PRUEBA HOSTIL`,
    afi_estado_civil: "SOLTERA",
    afi_domicilio: "CALLE FALSA 123",
    afi_localidad: "SAN FERNANDO DEL VALLE DE CATAMARCA",
    afi_departamento: "Capital",
    afi_provincia: "Catamarca",
    afi_telefono: "3834123456",
    afi_email: "prueba@example.com",
    hospital: "HOSPITAL SAN JUAN BAUTISTA",
    prescriptor_nombre: "GOMEZ JUAN",
    prescriptor_email: "medico@example.com",
    fecha_diagnostico: daysAgo(40),
    edad_al_dianostico_anios: 54,
    edad_al_dianostico_meses: 3,
    diagnostico_histologico: "CARCINOMA DUCTAL INFILTRANTE",
    organoId,
    resumen_historia_clinica: "PACIENTE CON DIAGNOSTICO CONFIRMADO",
    estudios_realizados: "TAC",
    estado_actual: true,
    quimioterapia: true,
    fecha_quimioterapia: daysAgo(20),
    esquema_quimioterapia: "AC-T",
    diagnostico: "MAMA - CARCINOMA",
    estadio: "II",
    peso: 70,
    talla: 170,
    sup_corporal: 1.82,
    observacion: "PRUEBA DE ENTRADAS HOSTILES",
    monodrogas: [
      {
        droga: "PACLITAXEL",
        mgrs_protocolo: 80,
        cantidad: 7,
        dosis_dia: 145.6,
        dosis_total: 1019.2,
        presentacion: "Ampolla",
        presentacion_cantidad: 1,
        ciclos: 12,
        frecuencia: 7,
      },
    ],
  };
}

/** The same ficha as the Nueva Ficha form posts it (conform names, checked boxes 'on', unchecked ones absent). */
export function fichaForm(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === "monodrogas") {
      (v as Record<string, unknown>[]).forEach((row, i) => {
        for (const [dk, dv] of Object.entries(row)) out[`monodrogas[${i}].${dk}`] = String(dv);
      });
    } else if (typeof v === "boolean") {
      if (v) out[k] = "on";
    } else if (v != null) out[k] = String(v);
  }
  return out;
}

/** Waits for the start-up reporting snapshot (the e2e server builds one), as the report specs do. */
async function waitForSnapshot(ctx: APIRequestContext, token: string, desde: string, hasta: string) {
  await expect(async () => {
    const res = await ctx.get(
      `/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=${desde}&fecha_hasta=${hasta}`,
      { headers: { "x-auth-token": token } },
    );
    expect(res.status()).toBe(200);
  }).toPass({ timeout: 150_000, intervals: [2000] });
}

export async function discoverDemo(ctx: APIRequestContext, newContext: NewContext, origin: string): Promise<Demo> {
  const today = todayAR();
  const desde = daysAgo(30);
  const yearAgo = daysAgo(360);
  const token = await apiLogin(ctx, ADMIN.usuario, ADMIN.password);
  const cookie = await pageLogin(newContext, ADMIN.usuario, ADMIN.password);
  const get = <T>(url: string) => json<T>(ctx, url, token);

  type Listado = { listado: { id: number; numdoc: string; fechbaja: string }[] };
  const { listado } = await get<Listado>("/api/afiliado/listado-afiliados/?size=100");
  const activo = listado.find((m) => /^\d{7,8}$/.test(m.numdoc.trim()) && m.fechbaja === "0001-01-01");
  expect(activo, "an active member with a 7–8 digit DNI").toBeTruthy();
  type Detail = {
    afiliado: {
      idafi: number;
      numdoc: string;
      nroafi: string;
      apeynom: string;
      cuil_prefijo: string;
      cuil_nrocentral: string;
      cuil_dtoverific: string;
    };
  };
  const { afiliado: a } = await get<Detail>(`/api/afiliado/buscarporidafi/${activo!.id}`);
  const member: Member = {
    idafi: a.idafi,
    dni: a.numdoc.trim(),
    nroafi: a.nroafi,
    cuil: `${a.cuil_prefijo}${a.cuil_nrocentral}${a.cuil_dtoverific}`,
    apellido: a.apeynom.split(" ")[0],
  };

  type Auth = { idafi: number; nrointernacion: number | null; nroautorizacion: number; practica: string };
  const { autorizaciones } = await get<{ autorizaciones: Auth[] }>(
    `/api/afiliado/autorizaciones?consultaGlobal=true&fecha_desde=${yearAgo}&fecha_hasta=${today}`,
  );
  const withStay = autorizaciones.find((x) => x.nrointernacion != null);
  expect(withStay, "an inpatient authorisation").toBeTruthy();
  const stay = {
    idafi: withStay!.idafi,
    nro: withStay!.nrointernacion!,
    nroautorizacion: withStay!.nroautorizacion,
    practica: withStay!.practica,
  };

  const convenio = await get<Listado>("/api/afiliado/listado-afiliados/?ver_afiliados_en_convenio=true&size=1");
  expect(convenio.listado.length, "a member under a reciprocity agreement").toBeGreaterThan(0);
  const organos = await get<{ resultado: { id: number }[] }>("/api/organo");

  await waitForSnapshot(ctx, token, desde, today);
  const period = `fecha_desde=${desde}&fecha_hasta=${today}`;
  const ranking = await get<{ resultado: { codigo: string }[] }>(
    `/api/statistics/consumos/ranking-consumos-por-efector?${period}`,
  );
  const codigo = ranking.resultado[0].codigo;
  const consumos = await get<{ resultado: { practica: string; subitem: string }[] }>(
    `/api/statistics/consumos/consumos-por-efector?codigo_efector=${codigo}&${period}`,
  );
  const generales = await get<{ estadisticas: { auditor: string }[] }>(
    `/api/statistics/estadisticas-generales?${period}`,
  );
  const auditor = generales.estadisticas.find((e) => e.auditor !== "equipo")?.auditor;
  expect(auditor, "an auditor of the period").toBeTruthy();
  const auditadas = await get<{ resultado: { aucanumint: number }[] }>(`/api/statistics/autorizaciones?${period}`);
  const informe = await get<{ resultado: { practica: string; subitem: string }[] }>(`/api/practicas/informe?${period}`);

  const organoId = organos.resultado[0].id;
  return {
    origin,
    today,
    desde,
    yearAgo,
    admin: { token, cookie },
    member,
    stay,
    convenioIdafi: convenio.listado[0].id,
    organoId,
    efector: { codigo, practica: consumos.resultado[0].practica, subitem: consumos.resultado[0].subitem },
    auditor: auditor!,
    nroAuditada: auditadas.resultado[0].aucanumint,
    informe: informe.resultado[0],
    newFicha: async () => {
      const res = await ctx.post("/api/onco", {
        headers: { "x-auth-token": token },
        data: fichaBody(member, organoId),
      });
      expect(res.status(), `POST /api/onco: ${await res.text()}`).toBe(201);
      const { newFicha } = (await res.json()) as { newFicha: { id: number } };
      return { id: newFicha.id, afi_dni: member.dni, organoId };
    },
    fichaVersion: async (id) =>
      (await get<{ ficha: { version: number } }>(`/api/onco/buscarporid/${id}`)).ficha.version,
    freshToken: () => apiLogin(ctx, ADMIN.usuario, ADMIN.password),
    freshCookie: () => pageLogin(newContext, ADMIN.usuario, ADMIN.password),
    throwawayUser: async () => {
      const usuario = uniqueUsuario("hostil");
      const password = "Hostil-Clave-2026";
      const res = await ctx.post("/api/users", {
        headers: { "x-auth-token": token },
        data: { apeynom: `PRUEBA HOSTIL ${usuario.toUpperCase()}`, usuario, password, usPerfilId: PROFILE_CONSULTA },
      });
      expect(res.status(), `POST /api/users: ${await res.text()}`).toBe(201);
      return {
        usuario,
        password,
        token: await apiLogin(ctx, usuario, password),
        cookie: await pageLogin(newContext, usuario, password),
      };
    },
  };
}
