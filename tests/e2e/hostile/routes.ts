// The hostile-input table (issue 12): one entry per file in app/routes — a completeness test in
// tests/e2e/hostile-input.spec.ts fails naming any route file without one, so a new route must join it. Each entry
// says who calls the route and, for every method the route accepts, a VALID baseline request (from the route's zod
// schema and spec §7) filled with real demo values; the spec sends it, then the same request with one field at a
// time replaced by each hostile value, plus the structural cases (wrong content type, oversized body, cross-site).
import { PROFILE_CONSULTA } from "~tests/e2e/support";
import { COBERTURAS_FILE, dropFeedFile } from "~tests/e2e/importaciones-support";
import { fichaBody, fichaForm, RESPONSABLE, type Demo } from "./demo";

/**
 * 'api': admin's x-auth-token (POST /api/auth); 'page': admin's session cookie (the login form); 'public': neither.
 * A call may use other credentials: 'fresh' (a new admin session per request: the call ends it), 'none', or a
 * throwaway user's.
 */
export type Caller = "api" | "page" | "public";
export type Auth = "caller" | "fresh" | "none" | { token: string } | { cookie: string };
export type Json = Record<string, unknown>;
export type Method = "GET" | "POST" | "PUT" | "DELETE";

export type Call = {
  method: Method;
  /** The path, ':name' for a route param (filled from `params`); may carry a fixed query ('/?index'). */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body, or one made per request (a unique user name, the ficha's current version). */
  json?: Json | (() => Json | Promise<Json>);
  /** A urlencoded form body, likewise. */
  form?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  auth?: Auth;
  /**
   * Fields that only get values failing validation by their form (NUL, '', 5 000 characters, non-strings): a
   * wrong-but-valid user or password would count as a failed sign-in for 127.0.0.1 and throttle every other test.
   */
  structuralOnly?: string[] | "all";
  /** Only these fields are replaced (default: every field of the baseline). */
  fields?: string[];
  /** The statuses the baseline must get (default: GET 200, others 2xx/3xx). */
  ok?: number[];
};

export type RouteEntry = {
  /** The file under app/routes. */
  file: string;
  caller: Caller;
  /** A person's browser calls it (Accept: text/html, same-origin Origin on writes); else a program. */
  browser: boolean;
  /** An event stream (text/event-stream): a valid request stays open; its probes are closed once answered. */
  stream?: true;
  /** A handler that answers 405 to every request (after its guard): the spec checks it does. */
  refuses?: { loader?: true; action?: true };
  calls: (d: Demo) => Call[] | Promise<Call[]>;
};

const get = (path: string, query?: Record<string, string>, more: Partial<Call> = {}): Call => ({
  method: "GET",
  path,
  query,
  ...more,
});

/**
 * The three grant calls of one kind (a profile's operations or screens): the lists of profile 2, and on a throwaway
 * profile an add of `added` and a removal of `removed` (later requests find nothing to add or remove).
 */
function grantEntries(
  filePrefix: string,
  base: string,
  k: { available: string; add: string; remove: string; key: string; added: string; removed: string },
): RouteEntry[] {
  return [
    {
      file: `${filePrefix}.${k.available}.$id.ts`,
      caller: "api",
      browser: false,
      refuses: { action: true },
      calls: () => [get(`${base}/${k.available}/:id`, undefined, { params: { id: "2" } })],
    },
    {
      file: `${filePrefix}.${k.add}._index.ts`,
      caller: "api",
      browser: false,
      refuses: { loader: true },
      calls: async (d) => [
        {
          method: "POST",
          path: `${base}/${k.add}/`,
          json: { usPerfilId: await perfilDePrueba(d), [k.key]: [k.added] },
        },
      ],
    },
    {
      file: `${filePrefix}.${k.remove}._index.ts`,
      caller: "api",
      browser: false,
      refuses: { loader: true },
      calls: async (d) => [
        {
          method: "DELETE",
          path: `${base}/${k.remove}/`,
          query: { usPerfilId: String(await perfilDePrueba(d)), [k.key]: k.removed },
        },
      ],
    },
  ];
}

/** The id of a (throwaway) user, from GET /api/users as admin. */
async function userIdOf(d: Demo, usuario: string): Promise<number> {
  const res = await fetch(`${d.origin}/api/users`, { headers: { "x-auth-token": d.admin.token } });
  const { users } = (await res.json()) as { users: { id: number; usuario: string }[] };
  const found = users.find((x) => x.usuario === usuario);
  if (!found) throw new Error(`GET /api/users: no ${usuario}`);
  return found.id;
}

const period = (d: Demo) => ({ fecha_desde: d.desde, fecha_hasta: d.today });

/** The 'Consulta de Prácticas' filter with every optional code part present (blank = any). */
const practicasFilter = (d: Demo) => ({
  descripcion: "",
  seccion: "",
  capitulo: "",
  subcapitulo: "",
  secuencia: "",
  subitem: "",
  origen: "",
  ...period(d),
  cobertura: "TODAS",
});

const listadoFilter = (d: Demo) => ({
  afi_dni: "",
  nombre: d.member.apellido,
  motivo_de_baja: "-1",
  ver_solo_afi_inactivo: "false",
  ver_afiliados_en_convenio: "false",
});

/** The 'Buscar Afiliados Enrolados' filter (ADR 040), every field present: coverage 53, no checkbox on. */
const planesFilter = () => ({
  afi_dni: "",
  apellido: "",
  nombre: "",
  cod_padron: "53",
  ver_solo_afi_inactivo: "false",
  ver_solo_enrolamiento_vencido: "false",
  ver_solo_enrolamiento_activo: "false",
  ver_afiliados_en_convenio: "false",
});

/** The 'Consulta de Expedientes' filters, every one present (ADR 036). */
const tramitesFilter = (d: Demo) => ({
  tipo_documento: "TODOS",
  nrotramite: "",
  anio: "",
  letra: "",
  dni: d.member.dni,
  fecha_desde: d.yearAgo,
  fecha_hasta: d.today,
  iniciador: "",
  extracto: "",
  page: "0",
  size: "20",
});

/** The 'Consulta de Vademecum' filters, every one present, one with 3+ characters (ADR 036). */
const vademecumFilter = () => ({
  producto: "",
  presentacion: "",
  laboratorio: "",
  droga: "IBUPROFENO",
  familia: "",
  cobertura: "",
  plan: "",
  tamanio: "",
  search: "true",
  page: "0",
  size: "5",
});

const fichaFilter = (d: Demo) => ({
  afi_dni: d.member.dni,
  fecha_desde: d.yearAgo,
  fecha_hasta: d.today,
  organoId: "-1",
  estado_ficha: "TODOS",
});

/**
 * A positive date not handed out before by this process (from a random day, so a retry hardly ever meets an earlier
 * one): the demo member has one CAPA record per positive date (issue 35), and the table registers hundreds.
 */
let capaPositivos = Math.floor(Math.random() * 1000);
function capaPositivo(d: Demo): string {
  const today = Date.parse(d.today);
  const span = Math.min(2000, Math.floor((today - Date.parse("2020-01-01")) / 86_400_000));
  return new Date(today - (1 + (capaPositivos++ % span)) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A CAPA record of the demo member registered today, with a household member who is no member (ADR 031), on a
 * positive date of its own.
 */
const capaBody = (d: Demo): Json => ({
  afi_dni: d.member.dni,
  afi_localidad: "SAN FERNANDO DEL VALLE DE CATAMARCA",
  fecha_positivo: capaPositivo(d),
  afi_telefono: "3834123456",
  afi_telefono_alternativo: "3834654321",
  afi_email: "paciente@example.com",
  esquema_vacunacion: "Completo",
  tipo_modulo: "modulo3047",
  nro_autorizacion_sia: "1234567",
  integrantes: [
    { afi_dni_integrante: "1000003", afi_nombre_integrante: "CONVIVIENTE HOSTIL", afi_edad_integrante: 40 },
  ],
});

/** The same record as the CAPA form posts it (conform names). */
const capaForm = (d: Demo): Record<string, string> => {
  const { integrantes, ...rest } = capaBody(d) as Json & { integrantes: Json[] };
  const out: Record<string, string> = { intent: "guardar" };
  for (const [k, v] of Object.entries(rest)) out[k] = String(v);
  integrantes.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) out[`integrantes[${i}].${k}`] = String(v);
  });
  return out;
};

/** A throwaway CAPA record (POST /api/capa-covid as admin): its id and the body that registered it. */
async function capaRegistrado(d: Demo): Promise<{ id: string; body: Json }> {
  const body = capaBody(d);
  const res = await fetch(`${d.origin}/api/capa-covid`, {
    method: "POST",
    headers: { "x-auth-token": d.admin.token, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST /api/capa-covid: ${res.status} ${await res.text()}`);
  return { id: String(((await res.json()) as { ficha: { id: number } }).ficha.id), body };
}

/** A throwaway CAPA record: its id. */
const capaRecord = async (d: Demo): Promise<string> => (await capaRegistrado(d)).id;

const capaRange = (d: Demo) => ({ fecha_desde: d.desde, fecha_hasta: d.today });

/** The current version of a CAPA record (ADR 047: a write sends the one it read; per request, after other writes). */
async function capaVersion(d: Demo, id: string): Promise<number> {
  const { ficha } = (await maeApi(d, "GET", `/api/capa-covid/${id}`)) as { ficha: { version: number } };
  return ficha.version;
}

/** The current version of a MAE ficha (ADR 047). */
async function maeVersion(d: Demo, id: number): Promise<number> {
  const { fichas } = (await maeApi(d, "GET", `/api/mae?id=${id}`)) as { fichas: { version: number }[] };
  return fichas[0].version;
}

let turnosPedidos = 0;
/**
 * An AFILIACIONES slot nobody else uses: a weekday in 2090–2099 (the demo has none there; Saturdays and Sundays have
 * no service, ADR 051) and one of the type's 80 slots, walking forward per request from a random start.
 */
function turnoLibre(): Json {
  const n = Math.floor(Math.random() * 200_000) + turnosPedidos++ * 7;
  const date = new Date(Date.UTC(2090, 0, 1 + (Math.floor(n / 80) % 3600)));
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  const day = date.toISOString().slice(0, 10);
  const k = n % 80;
  const m = 7 * 60 + 30 + Math.floor(k / 4) * 15;
  const hora = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return {
    tipo_tramite: "AFILIACIONES",
    fecha_turno: day,
    hora_turno: hora,
    puesto: (k % 4) + 1,
    dni_afiliado: "40111222",
    apeynom_afiliado: "PRUEBA HOSTIL",
    observacion: "prueba de entradas hostiles",
  };
}

/** A turno assigned through PUT /api/turnos as admin (version 1): the slot it was assigned in, and its id. */
async function turnoDePrueba(d: Demo): Promise<Json & { id: number }> {
  for (;;) {
    const slot = turnoLibre();
    const res = await fetch(`${d.origin}/api/turnos`, {
      method: "PUT",
      headers: { "x-auth-token": d.admin.token, "content-type": "application/json" },
      body: JSON.stringify(slot),
    });
    if (res.status === 409) continue;
    if (!res.ok) throw new Error(`PUT /api/turnos: ${res.status} ${await res.text()}`);
    return { ...slot, id: ((await res.json()) as { turno: { id: number } }).turno.id };
  }
}

/** The id of a turno assigned for the test (the status-change baseline works on it). */
const asignarTurnoDePrueba = async (d: Demo): Promise<number> => (await turnoDePrueba(d)).id;

/**
 * A screen form that edits a versioned record, sent without its `version` (a cached page, a forged post): refused
 * with 400 and nothing written (ADR 047 as amended by issue 35). Only the request itself: its fields are probed in
 * the valid request above it.
 */
const sinVersion = (call: Omit<Call, "method" | "ok" | "fields">): Call => ({
  ...call,
  method: "POST",
  ok: [400],
  fields: [],
});

// ---- MAE (issue 13): throwaway fichas and students made through the API, teacher DNIs of 10–19 million ------------

/** A teacher DNI nobody else uses (the seed's teachers are 25–40 million). */
const maeDni = () => String(10_000_000 + Math.floor(Math.random() * 9_999_999));

async function maeApi(d: Demo, method: string, path: string, body?: Json): Promise<Json> {
  const res = await fetch(new URL(path, d.origin), {
    method,
    headers: { "x-auth-token": d.admin.token, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
}

// ---- Reportes Programados (issue 29, ADR 058): a throwaway schedule, and a file written by running one ----------

const PROGRAMACION: Json = { reporte: "ranking-consumos", periodo: "mes-anterior", formato: "xlsx", cron: "0 6 1 * *" };

/** A throwaway schedule's body with a cron of its own: an identical active one is refused (409, ADR 069). */
const programacionUnica = (): Record<string, string> => {
  const n = (k: number) => Math.floor(Math.random() * k);
  return { ...(PROGRAMACION as Record<string, string>), cron: `${n(60)} ${n(24)} ${1 + n(28)} ${1 + n(12)} *` };
};

async function programacionDePrueba(d: Demo): Promise<number> {
  const { programacion } = (await maeApi(d, "POST", "/api/reportes-programados", programacionUnica())) as {
    programacion: { id: number };
  };
  return programacion.id;
}

/** The id of a file written by running a throwaway schedule now (waits for the background run, up to a minute). */
async function archivoDePrueba(d: Demo): Promise<number> {
  const id = await programacionDePrueba(d);
  await maeApi(d, "POST", `/api/reportes-programados/${id}/ejecutar`);
  for (let i = 0; i < 600; i++) {
    const { archivos } = (await maeApi(d, "GET", "/api/reportes-programados")) as {
      archivos: { id: number; programacionId: number }[];
    };
    const a = archivos.find((x) => x.programacionId === id);
    if (a) return a.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`la programación ${id} no escribió su archivo`);
}

// ---- Importaciones (issue 37): a refused feed file dropped in the e2e server's FEED_DIR, imported by its job ------

/** The id of an import with a refusal report: a file of this table's own, taken by the nightly job. */
async function informeDePrueba(d: Demo): Promise<number> {
  await dropFeedFile(COBERTURAS_FILE.name, COBERTURAS_FILE.text);
  const res = await fetch(new URL("/importaciones?_data=routes%2F_app.importaciones", d.origin), {
    headers: { cookie: d.admin.cookie },
  });
  if (!res.ok) throw new Error(`GET /importaciones: ${res.status}`);
  const { importaciones } = (await res.json()) as { importaciones: { id: number; informe_url: string | null }[] };
  const con = importaciones.find((i) => i.informe_url);
  if (!con) throw new Error("ninguna importación con informe de rechazos");
  return con.id;
}

// ---- Perfiles (issue 14): throwaway profiles made through the API, a unique description per request -------------

let perfilSeq = 0;
/** A description nobody else uses. */
const perfilDescripcion = () => `HOSTIL ${Date.now().toString(36).toUpperCase()} ${(perfilSeq += 1)}`;

/** A new profile of its own holding operations 14 and 15 and the screen /tramites, as admin through the API. */
async function perfilDePrueba(d: Demo): Promise<number> {
  const { perfil } = (await maeApi(d, "POST", "/api/perfiles", { descripcion: perfilDescripcion() })) as {
    perfil: { id: number };
  };
  await maeApi(d, "POST", "/api/perfil-operationes/add-operations/", {
    usPerfilId: perfil.id,
    operations: ["14", "15"],
  });
  await maeApi(d, "POST", "/api/perfil-pantallas/add-screens/", { usPerfilId: perfil.id, screens: ["/tramites"] });
  return perfil.id;
}

const maeFichaBody = (dni = maeDni()): Json => ({
  anio_lectivo: 2024,
  dni,
  apeynom: "PRUEBA HOSTIL MAE",
  titulo_mae: "PROFESOR/A EN EDUCACION ESPECIAL",
});

/** A student of the demo member (Validar names it from the registry). */
const maeAlumnoBody = (d: Demo): Json => ({
  dni: d.member.dni,
  apeynom: "SE REEMPLAZA POR EL PADRON",
  expediente: "EXP-HOSTIL/2024",
  horario: "LUNES A VIERNES 08:00 A 12:00",
  escuela: "ESCUELA N° 1",
  escuela_nivel: "PRIMARIO",
  observacion: "PRUEBA DE ENTRADAS HOSTILES",
});

/** A new MAE ficha (2024) of its own, as admin through POST /api/mae. */
async function maeFicha(d: Demo): Promise<{ id: number; dni: string }> {
  return (await maeApi(d, "POST", "/api/mae", maeFichaBody())).ficha as { id: number; dni: string };
}

/** A new ficha with one active student (the demo member). */
async function maeAlumno(d: Demo): Promise<{ ficha: { id: number; dni: string }; id: number }> {
  const ficha = await maeFicha(d);
  const { alumno } = await maeApi(d, "POST", "/api/mae/agregarAlumno", {
    id_ficha: ficha.id,
    alumno: maeAlumnoBody(d),
  });
  return { ficha, id: (alumno as { id: number }).id };
}

/** A student card of the /regmae/{id} form, as the browser posts it. */
const maeCardForm = (d: Demo, intent: string): Record<string, string> => {
  const out: Record<string, string> = { intent, card: "nuevo" };
  for (const [k, v] of Object.entries(maeAlumnoBody(d))) out[`alumno.${k}`] = String(v);
  return out;
};

export const ROUTES: RouteEntry[] = [
  // ---- JSON API (spec §7) --------------------------------------------------------------------------------
  {
    file: "api.afiliado._index.ts",
    caller: "api",
    browser: false,
    calls: (d) => [
      get("/api/afiliado/", { targetField: "dni", dni: d.member.dni }),
      get("/api/afiliado/", { targetField: "nroafi", nroafi: d.member.nroafi }),
      get("/api/afiliado/", { targetField: "nombre", nombre: d.member.apellido }),
    ],
  },
  {
    file: "api.afiliado.autorizacion.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [
      get("/api/afiliado/autorizacion", { id: String(d.stay.nroautorizacion), practica: d.stay.practica }),
    ],
  },
  {
    file: "api.afiliado.autorizaciones.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [
      get("/api/afiliado/autorizaciones", {
        idafi: String(d.stay.idafi),
        cobertura: "TODAS",
        fecha_desde: d.yearAgo,
        fecha_hasta: d.today,
      }),
      get("/api/afiliado/autorizaciones", { nrointernacion: String(d.stay.nro) }),
      get("/api/afiliado/autorizaciones", { consultaGlobal: "true", ...period(d) }),
    ],
  },
  {
    // Public and rate limited per address: once this run has used the address's lookups, 429.
    file: "api.afiliado.buscarafiliadoycoberturas.$dni.ts",
    caller: "public",
    browser: false,
    refuses: { action: true },
    calls: (d) => [
      get("/api/afiliado/buscarafiliadoycoberturas/:dni", undefined, { params: { dni: d.member.dni }, ok: [200, 429] }),
    ],
  },
  {
    file: "api.afiliado.buscarporidafi.$id.ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/api/afiliado/buscarporidafi/:id", undefined, { params: { id: String(d.member.idafi) } })],
  },
  {
    file: "api.afiliado.internaciones.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [get("/api/afiliado/internaciones", { idafi: String(d.stay.idafi), cobertura: "TODAS" })],
  },
  {
    file: "api.afiliado.listado-afiliados._index.ts",
    caller: "api",
    browser: false,
    calls: (d) => [
      get("/api/afiliado/listado-afiliados/", {
        ...listadoFilter(d),
        page: "0",
        size: "20",
        for_export: "false",
        obtener_total: "true",
      }),
      get("/api/afiliado/listado-afiliados/", { afi_dni: d.member.dni, for_export: "true" }),
    ],
  },
  {
    file: "api.enrolamiento.enrolamientos._index.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: () => [
      get("/api/enrolamiento/enrolamientos/", { ...planesFilter(), page: "0", size: "20", for_export: "false" }),
      get("/api/enrolamiento/enrolamientos/", { ...planesFilter(), page: "0", size: "20", for_export: "true" }),
    ],
  },
  {
    file: "api.enrolamiento.coberturas.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: () => [get("/api/enrolamiento/coberturas")],
  },
  {
    file: "api.afiliado.motivos-baja.ts",
    caller: "api",
    browser: false,
    calls: () => [get("/api/afiliado/motivos-baja")],
  },
  {
    file: "api.aportes._index.ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/api/aportes/", { afi_cuil: d.member.cuil, orderField: "fecha", orderType: "DESC" })],
  },
  {
    // POST is the sign-in (structural values only); DELETE ends the token's session: a new one per request.
    file: "api.auth.ts",
    caller: "api",
    browser: false,
    calls: () => [
      get("/api/auth"),
      {
        method: "POST",
        path: "/api/auth",
        json: { usuario: "admin", password: "admin" },
        auth: "none",
        structuralOnly: "all",
      },
      { method: "DELETE", path: "/api/auth", auth: "fresh" },
    ],
  },
  {
    // POST registers records of the demo member (a positive date per request); PUT modifies a throwaway one; GET lists
    // (and exports) a range.
    file: "api.capa-covid._index.ts",
    caller: "api",
    browser: false,
    calls: async (d): Promise<Call[]> => {
      const id = await capaRecord(d);
      const registrado = await capaRegistrado(d);
      return [
        get("/api/capa-covid", { ...capaRange(d), page: "0", size: "20", for_export: "false" }),
        get("/api/capa-covid", { ...capaRange(d), for_export: "true" }, { fields: ["for_export"] }),
        { method: "POST", path: "/api/capa-covid", json: () => capaBody(d), ok: [201] },
        // the same positive test again: 409 naming the first record (issue 35)
        { method: "POST", path: "/api/capa-covid", json: registrado.body, ok: [409], fields: [] },
        {
          method: "PUT",
          path: "/api/capa-covid",
          json: async () => ({ ...capaBody(d), id: Number(id), version: await capaVersion(d, id) }),
        },
      ];
    },
  },
  {
    file: "api.capa-covid.$id.ts",
    caller: "api",
    browser: false,
    calls: async (d) => [get("/api/capa-covid/:id", undefined, { params: { id: await capaRecord(d) } })],
  },
  {
    file: "api.consumomedicamentos._index.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [
      get("/api/consumomedicamentos/", { dni: d.member.dni, fecha_desde: d.yearAgo, fecha_hasta: d.today }),
    ],
  },
  {
    // GET: the list with its filters, a ficha by DNI and year, by id. POST creates a ficha (a new DNI per request);
    // PUT modifies a throwaway one.
    file: "api.mae._index.ts",
    caller: "api",
    browser: false,
    calls: async (d) => {
      const f = await maeFicha(d);
      return [
        get("/api/mae", {
          apeynom_mae: "perez",
          dni_mae: "2",
          dni_alumno: "4",
          apeynom_alumno: "a",
          anio_lectivo: "2024",
          page: "0",
          size: "20",
        }),
        get("/api/mae", { dni: f.dni, anio_lectivo: "2024" }),
        get("/api/mae", { id: String(f.id) }),
        { method: "POST", path: "/api/mae", json: () => maeFichaBody(), ok: [201] },
        {
          method: "PUT",
          path: "/api/mae",
          json: async () => ({ ...maeFichaBody(f.dni), id: f.id, version: await maeVersion(d, f.id) }),
        },
      ];
    },
  },
  {
    // Deletes a throwaway ficha with its student (the first accepted request does; the others then get 404).
    file: "api.mae.$id.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const { ficha } = await maeAlumno(d);
      return [{ method: "DELETE", path: "/api/mae/:id", params: { id: String(ficha.id) }, ok: [200, 404] }];
    },
  },
  {
    // The demo member on a throwaway ficha: the first accepted request adds it, the others then get 409.
    file: "api.mae.agregarAlumno.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const f = await maeFicha(d);
      return [
        {
          method: "POST",
          path: "/api/mae/agregarAlumno",
          json: { id_ficha: f.id, alumno: maeAlumnoBody(d) },
          ok: [201, 409],
        },
      ];
    },
  },
  {
    file: "api.mae.eliminarAlumno.$id.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const a = await maeAlumno(d);
      return [{ method: "DELETE", path: "/api/mae/eliminarAlumno/:id", params: { id: String(a.id) }, ok: [200, 404] }];
    },
  },
  {
    // The first accepted request inactivates the throwaway student; the others then get 409 (already inactive).
    file: "api.mae.inactivarAlumno.$id.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const a = await maeAlumno(d);
      return [{ method: "PUT", path: "/api/mae/inactivarAlumno/:id", params: { id: String(a.id) }, ok: [200, 409] }];
    },
  },
  {
    file: "api.mae.modificarAlumno.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const a = await maeAlumno(d);
      return [{ method: "PUT", path: "/api/mae/modificarAlumno", json: { alumno: { ...maeAlumnoBody(d), id: a.id } } }];
    },
  },
  { file: "api.medico.ts", caller: "api", browser: false, calls: () => [get("/api/medico")] },
  { file: "api.monodroga.ts", caller: "api", browser: false, calls: () => [get("/api/monodroga")] },
  {
    // POST creates fichas of the demo member (a new one per accepted request); the drug change starts from a ficha
    // of its own; PUT updates another throwaway ficha, reading its current version for each request.
    file: "api.onco._index.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const [source, target] = [await d.newFicha(), await d.newFicha()];
      const body = fichaBody(d.member, d.organoId);
      return [
        { method: "POST", path: "/api/onco", json: body, ok: [201] },
        {
          method: "POST",
          path: "/api/onco",
          json: { ...body, operacion: "change_of_drogs", id_origen: source.id },
          fields: ["operacion", "id_origen"],
          ok: [201],
        },
        {
          method: "PUT",
          path: "/api/onco",
          json: async () => ({ ...body, id: target.id, version: await d.fichaVersion(target.id) }),
        },
      ];
    },
  },
  {
    file: "api.onco.buscarpordni.$dni.ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/api/onco/buscarpordni/:dni", undefined, { params: { dni: d.member.dni } })],
  },
  {
    file: "api.onco.buscarporfiltro.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: (d) => [
      {
        method: "POST",
        path: "/api/onco/buscarporfiltro",
        json: { ...fichaFilter(d), organoId: d.organoId },
      },
    ],
  },
  {
    file: "api.onco.buscarporid.$id.ts",
    caller: "api",
    browser: false,
    calls: async (d) => [
      get("/api/onco/buscarporid/:id", undefined, { params: { id: String((await d.newFicha()).id) } }),
    ],
  },
  {
    // Deletes a throwaway ficha (the first accepted request does; the others then get 404).
    file: "api.onco.inactivarFicha.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const f = await d.newFicha();
      return [
        {
          method: "POST",
          path: "/api/onco/inactivarFicha",
          json: { id: f.id, afi_dni: f.afi_dni, organoId: f.organoId },
          ok: [200, 404],
        },
      ];
    },
  },
  { file: "api.organo.ts", caller: "api", browser: false, calls: () => [get("/api/organo")] },
  {
    // GET the list; POST creates a throwaway profile (a new description per request); PUT modifies another one.
    file: "api.perfiles._index.ts",
    caller: "api",
    browser: false,
    calls: async (d) => {
      const id = await perfilDePrueba(d);
      return [
        get("/api/perfiles"),
        {
          method: "POST",
          path: "/api/perfiles",
          json: () => ({ descripcion: perfilDescripcion(), activo: true }),
          ok: [201],
        },
        { method: "PUT", path: "/api/perfiles", json: () => ({ id, descripcion: perfilDescripcion(), activo: true }) },
      ];
    },
  },
  {
    file: "api.perfiles.$id.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: () => [get("/api/perfiles/:id", undefined, { params: { id: "2" } })],
  },
  ...grantEntries("api.perfil-operationes", "/api/perfil-operationes", {
    available: "available-operations",
    add: "add-operations",
    remove: "remove-operations",
    key: "operations",
    added: "16",
    removed: "14",
  }),
  ...grantEntries("api.perfil-pantallas", "/api/perfil-pantallas", {
    available: "available-screens",
    add: "add-screens",
    remove: "remove-screens",
    key: "screens",
    added: "/turnos",
    removed: "/tramites",
  }),
  {
    file: "api.practicas.informe.listado.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [
      get("/api/practicas/informe/listado", {
        ...practicasFilter(d),
        practica: d.informe.practica,
        practica_subitem: d.informe.subitem,
        page: "0",
        size: "50",
      }),
    ],
  },
  {
    file: "api.practicas.informe.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [get("/api/practicas/informe", practicasFilter(d))],
  },
  {
    file: "api.prestadores.liquidacion.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [
      get("/api/prestadores/liquidacion", { ...period(d), responsable: RESPONSABLE, exportExcel: "false" }),
      get("/api/prestadores/liquidacion", { ...period(d), responsable: RESPONSABLE, exportExcel: "true" }),
    ],
  },
  {
    file: "api.padron_voluntarios.full-view.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: () => [get("/api/padron_voluntarios/full-view", { estado: "INACTIVO", search: "a" })],
  },
  // ---- Padrón de Profesionales (issue 14, ADR 037) ----
  {
    file: "api.prestadores._index.ts",
    caller: "api",
    browser: false,
    calls: () => [
      get("/api/prestadores", {
        matricula: "",
        apellido: "perez",
        nombre: "",
        colegio: "TODOS",
        for_export: "false",
        page: "0",
        size: "5",
      }),
      get("/api/prestadores", { matricula: "10", colegio: "COLEGIO MEDICO DE CATAMARCA", for_export: "true" }),
    ],
  },
  {
    file: "api.prestadores.colegios.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: () => [get("/api/prestadores/colegios")],
  },
  {
    file: "api.statistics.autorizacion.$id.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [get("/api/statistics/autorizacion/:id", undefined, { params: { id: String(d.nroAuditada) } })],
  },
  {
    file: "api.statistics.autorizaciones.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [get("/api/statistics/autorizaciones", { auditor: d.auditor, ...period(d), solo_dia_anterior: "1" })],
  },
  {
    file: "api.statistics.consumos.consumos-por-efector._index.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [
      get("/api/statistics/consumos/consumos-por-efector", { codigo_efector: d.efector.codigo, ...period(d) }),
    ],
  },
  {
    file: "api.statistics.consumos.consumos-por-efector.listado.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [
      get("/api/statistics/consumos/consumos-por-efector/listado", {
        codigo_efector: d.efector.codigo,
        ...period(d),
        practica: d.efector.practica,
        subitem: d.efector.subitem,
      }),
    ],
  },
  {
    file: "api.statistics.consumos.ranking-consumos-por-efector.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [get("/api/statistics/consumos/ranking-consumos-por-efector", period(d))],
  },
  {
    file: "api.statistics.estadisticas-generales.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: (d) => [get("/api/statistics/estadisticas-generales", { ...period(d), auditor: d.auditor })],
  },
  {
    file: "api.statistics.profesionales.buscar-prof-por-apeynom._index.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: () => [
      get("/api/statistics/profesionales/buscar-prof-por-apeynom/", { apellido: "gomez", nombre: "rocio" }),
    ],
  },
  // ---- Turnos (issue 13, ADR 030): slots far ahead, so no 15-minute window and no clash with the demo's days ----
  {
    file: "api.tramite.ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/api/tramite", tramitesFilter(d))],
  },
  {
    file: "api.turnos._index.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    // A new free slot per request; a hostile value that still names a valid slot may find it taken (409).
    calls: () => [{ method: "PUT", path: "/api/turnos", json: () => turnoLibre(), ok: [200, 409] }],
  },
  {
    file: "api.turnos.asignadosporfecha.$fecha.ts",
    caller: "api",
    browser: false,
    calls: (d) => [
      get("/api/turnos/asignadosporfecha/:fecha", { tipo_tramite: "TODOS" }, { params: { fecha: d.today } }),
    ],
  },
  {
    file: "api.turnos.cambiar-estado.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    // A turno assigned for the test (version 1); the first change cancels it, later ones find it CANCELADO or at
    // version 2 (409).
    calls: async (d) => {
      const id = await asignarTurnoDePrueba(d);
      return [
        {
          method: "PUT",
          path: "/api/turnos/cambiar-estado",
          json: { id, estado_turno: "CANCELADO", version: 1 },
          ok: [200, 409],
        },
      ];
    },
  },
  {
    file: "api.turnos.turnosconfig.ts",
    caller: "api",
    browser: false,
    calls: () => [get("/api/turnos/turnosconfig")],
  },
  {
    file: "api.turnos.turnospordni.$dni.ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/api/turnos/turnospordni/:dni", { tipo_tramite: "TODOS" }, { params: { dni: d.member.dni } })],
  },
  {
    file: "api.turnos.turnostipotramite._index.ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/api/turnos/turnostipotramite/", { tipo_tramite: "AFILIACIONES", fecha_turno: d.today })],
  },
  {
    // A throwaway user's own password; the current one gets structural values only (the check is throttled).
    file: "api.users.cambiarcontrasenia.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const u = await d.throwawayUser();
      return [
        {
          method: "PUT",
          path: "/api/users/cambiarcontrasenia",
          json: { currente_pass: u.password, new_pass: "Hostil-Nueva-2026", repeat_new_pass: "Hostil-Nueva-2026" },
          auth: { token: u.token },
          structuralOnly: ["currente_pass"],
        },
      ];
    },
  },
  {
    // GET lists the users; POST creates throwaway users ('consulta' profile), a new user name per request; PUT edits
    // a throwaway user (never a demo user), and admin's rename of itself is refused.
    file: "api.users.ts",
    caller: "api",
    browser: false,
    calls: async (d) => {
      let n = 0;
      const u = await d.throwawayUser();
      const id = await userIdOf(d, u.usuario);
      const adminId = await userIdOf(d, "admin");
      return [
        get("/api/users"),
        {
          method: "POST",
          path: "/api/users",
          json: () => ({
            apeynom: "PRUEBA HOSTIL",
            usuario: `hostil_${Date.now().toString(36)}_${(n += 1)}`,
            password: "Hostil-Clave-2026",
            usPerfilId: PROFILE_CONSULTA,
            type_usr: 1,
          }),
          ok: [201],
        },
        {
          method: "PUT",
          path: "/api/users",
          json: {
            id,
            apeynom: "PRUEBA HOSTIL EDITADA",
            usuario: u.usuario,
            usPerfilId: PROFILE_CONSULTA,
            activo: true,
          },
          ok: [200, 409],
        },
        {
          // nobody changes their own usuario, an administrator included (issue 35): 403, nothing written
          method: "PUT",
          path: "/api/users",
          json: { id: adminId, apeynom: "ADMINISTRADOR", usuario: "admin_renombrado", usPerfilId: 1, activo: true },
          ok: [403],
          fields: [],
        },
      ];
    },
  },
  {
    // One user (a throwaway one); the action answers 405.
    file: "api.users.$id.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: async (d) => {
      const u = await d.throwawayUser();
      return [get("/api/users/:id", undefined, { params: { id: String(await userIdOf(d, u.usuario)) } })];
    },
  },
  {
    // An administrator's reset of a throwaway user's password.
    file: "api.users.reset-password.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => {
      const u = await d.throwawayUser();
      const id = await userIdOf(d, u.usuario);
      return [
        {
          method: "PUT",
          path: "/api/users/reset-password",
          json: { id, password: "Hostil-Reset-2026", confirmPassword: "Hostil-Reset-2026" },
        },
      ];
    },
  },
  {
    file: "api.vademecum._index.ts",
    caller: "api",
    browser: false,
    calls: () => [get("/api/vademecum/", vademecumFilter())],
  },

  // ---- Downloads and other resource routes (an API client's token: refusals in JSON) ------------------------
  {
    file: "buscar-ficha.report[.pdf].ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/buscar-ficha/report.pdf", fichaFilter(d))],
  },
  {
    file: "carnet-cobertura[.pdf].ts",
    caller: "public",
    browser: false,
    calls: (d) => [
      get("/carnet-cobertura.pdf", { dni: d.member.dni, website: "" }, { ok: [200, 429] }),
      { method: "POST", path: "/carnet-cobertura.pdf", form: { dni: d.member.dni, website: "" }, ok: [200, 429] },
    ],
  },
  {
    file: "consultar-padron.$idafi.autorizaciones[.xlsx].ts",
    caller: "api",
    browser: false,
    calls: (d) => [
      get(
        "/consultar-padron/:idafi/autorizaciones.xlsx",
        { fecha_desde: d.yearAgo, fecha_hasta: d.today, cobertura: "TODAS" },
        { params: { idafi: String(d.stay.idafi) } },
      ),
    ],
  },
  {
    file: "consultar-padron.$idafi.constancia.ts",
    caller: "api",
    browser: false,
    calls: (d) => [
      get("/consultar-padron/:idafi/constancia", undefined, { params: { idafi: String(d.member.idafi) } }),
    ],
  },
  {
    file: "consultar-padron.$idafi.internaciones.$nro[.xlsx].ts",
    caller: "api",
    browser: false,
    calls: (d) => [
      get("/consultar-padron/:idafi/internaciones/:nro.xlsx", undefined, {
        params: { idafi: String(d.stay.idafi), nro: String(d.stay.nro) },
      }),
    ],
  },
  {
    file: "consultar-padron.$idafi.notas[.xlsx].ts",
    caller: "api",
    browser: false,
    calls: (d) => [
      get("/consultar-padron/:idafi/notas.xlsx", undefined, { params: { idafi: String(d.member.idafi) } }),
    ],
  },
  { file: "healthz.ts", caller: "public", browser: false, calls: () => [get("/healthz")] },
  {
    // The Padrón de Planes downloads (operation 4): the whole coverage as Excel, one member's rows as the PDF.
    file: "consultar-padron-onco.exportar[.xlsx].ts",
    caller: "api",
    browser: false,
    calls: () => [get("/consultar-padron-onco/exportar.xlsx", planesFilter())],
  },
  {
    file: "consultar-padron-onco.report[.pdf].ts",
    caller: "api",
    browser: false,
    calls: () => [
      get("/consultar-padron-onco/report.pdf", { ...planesFilter(), ver_solo_enrolamiento_vencido: "true" }),
    ],
  },
  {
    file: "liquidacion-prestadores.liquidacion[.csv].ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/liquidacion-prestadores/liquidacion.csv", { ...period(d), responsable: RESPONSABLE })],
  },
  {
    // The screen's JavaScript fetches it with the session cookie.
    file: "listado-afiliados.convenio.$idafi.ts",
    caller: "page",
    browser: false,
    calls: (d) => [
      get("/listado-afiliados/convenio/:idafi", undefined, { params: { idafi: String(d.convenioIdafi) } }),
    ],
  },
  {
    file: "padron_voluntarios.exportar[.xlsx].ts",
    caller: "api",
    browser: false,
    calls: () => [get("/padron_voluntarios/exportar.xlsx", { estado: "INACTIVO", search: "a" })],
  },
  {
    file: "listado-afiliados.exportar[.xlsx].ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/listado-afiliados/exportar.xlsx", listadoFilter(d))],
  },
  {
    file: "listado-capa.exportar[.xlsx].ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/listado-capa/exportar.xlsx", capaRange(d))],
  },
  {
    file: "listado-capa.report[.pdf].ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/listado-capa/report.pdf", capaRange(d))],
  },
  {
    // 'Exportar a PDF' of the statistics (issue 29, ADR 057): the period; the tabs of the provider consumption.
    file: "osep-tiempos-auditoria.report[.pdf].ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/osep-tiempos-auditoria/report.pdf", period(d))],
  },
  {
    file: "consumos-por-prestador.report[.pdf].ts",
    caller: "api",
    browser: false,
    calls: (d) => [
      get("/consumos-por-prestador/report.pdf", {
        tab: "efector",
        codigo_efector: d.efector.codigo,
        ...period(d),
        practica: d.efector.practica,
        subitem: d.efector.subitem,
      }),
      get("/consumos-por-prestador/report.pdf", { tab: "ranking", ...period(d) }),
    ],
  },
  {
    file: "liquidacion-prestadores.report[.pdf].ts",
    caller: "api",
    browser: false,
    calls: (d) => [get("/liquidacion-prestadores/report.pdf", { ...period(d), responsable: RESPONSABLE })],
  },
  {
    // The live grid's event stream (ADR 052): the grid's key; a bad one is 400 { msg }, a valid one stays open.
    file: "turnos.eventos.ts",
    caller: "page",
    browser: false,
    stream: true,
    calls: (d) => [get("/turnos/eventos", { tipo_tramite: "AFILIACIONES", fecha_turno: d.today })],
  },
  {
    // The Excel export of 'Consulta de Turnos': by date and by DNI (a bad search sends a person back to the screen).
    file: "listado-turnos.exportar[.xlsx].ts",
    caller: "page",
    browser: true,
    calls: (d) => [
      get("/listado-turnos/exportar.xlsx", { buscar: "fecha", fecha: d.today, tipo_tramite: "TODOS" }),
      get("/listado-turnos/exportar.xlsx", { buscar: "dni", dni: d.member.dni, tipo_tramite: "AFILIACIONES" }),
    ],
  },
  {
    // Signing out ends the session: a new one per request.
    file: "logout.tsx",
    caller: "page",
    browser: true,
    calls: () => [
      get("/logout", undefined, { auth: "fresh", ok: [302] }),
      { method: "POST", path: "/logout", auth: "fresh", ok: [302] },
    ],
  },
  {
    file: "menu.ts",
    caller: "page",
    browser: true,
    refuses: { loader: true },
    calls: () => [
      { method: "POST", path: "/menu", form: { back: "/home", drawer: "open" }, ok: [303] },
      { method: "POST", path: "/menu", form: { back: "/consultar-padron?metodo=dni", menu: "abrir" }, ok: [303] },
    ],
  },
  {
    file: "reportes.actualizar.ts",
    caller: "page",
    browser: true,
    refuses: { loader: true },
    calls: () => [{ method: "POST", path: "/reportes/actualizar", ok: [200, 302] }],
  },
  { file: "reportes.estado.ts", caller: "page", browser: false, calls: () => [get("/reportes/estado")] },

  // ---- Screens and their form actions (admin's browser session) -------------------------------------------
  {
    // The layout: its loader reads the session; the shell renders ?menu=abierto (the narrow-screen drawer).
    file: "_app.tsx",
    caller: "page",
    browser: true,
    calls: () => [get("/home", { menu: "abierto" })],
  },
  { file: "_app.acerca-de.tsx", caller: "page", browser: true, calls: () => [get("/acerca-de")] },
  {
    file: "_app.buscar-ficha.tsx",
    caller: "page",
    browser: true,
    calls: async (d) => {
      const [view, toDelete] = [await d.newFicha(), await d.newFicha()];
      return [
        get("/buscar-ficha", fichaFilter(d)),
        get("/buscar-ficha", { ...fichaFilter(d), ver: String(view.id) }, { fields: ["ver"] }),
        get("/buscar-ficha", { eliminar: String(view.id) }),
        // Deletes a throwaway ficha (the first accepted request does; the others then get 404).
        {
          method: "POST",
          path: "/buscar-ficha",
          form: { intent: "eliminar", id: String(toDelete.id) },
          ok: [200, 404],
        },
      ];
    },
  },
  {
    file: "_app.change-password.tsx",
    caller: "page",
    browser: true,
    calls: async (d) => {
      const u = await d.throwawayUser();
      return [
        get("/change-password", undefined, { auth: { cookie: u.cookie } }),
        {
          method: "POST",
          path: "/change-password",
          form: { currente_pass: u.password, new_pass: "Hostil-Nueva-2026", repeat_new_pass: "Hostil-Nueva-2026" },
          auth: { cookie: u.cookie },
          structuralOnly: ["currente_pass"],
          ok: [200],
        },
      ];
    },
  },
  {
    file: "_app.consulta-coberturas.tsx",
    caller: "public",
    browser: true,
    calls: (d) => [
      get("/consulta-coberturas"),
      { method: "POST", path: "/consulta-coberturas", form: { dni: d.member.dni, website: "" }, ok: [200, 429] },
    ],
  },
  {
    // 'Consulta de Vademecum': a search with every filter present (one of 3+ characters), and the empty screen.
    file: "_app.consulta-vademecum.tsx",
    caller: "page",
    browser: true,
    calls: () => [get("/consulta-vademecum", vademecumFilter()), get("/consulta-vademecum")],
  },
  {
    // 'Buscar Afiliados Enrolados' (ADR 040): a page of coverage 53 with every filter present.
    file: "_app.consultar-padron-onco.tsx",
    caller: "page",
    browser: true,
    calls: () => [get("/consultar-padron-onco", { ...planesFilter(), page: "0", size: "20" })],
  },
  {
    // The member detail: every tab that reads the query (search kept, Ficha de Consumo with its panels, stays).
    file: "_app.consultar-padron.$idafi.tsx",
    caller: "page",
    browser: true,
    calls: (d) => {
      const params = { idafi: String(d.stay.idafi) };
      // Each answer renders the whole screen: after the first call, only what that call adds is varied.
      const at = (query: Record<string, string>, fields?: string[]) =>
        get("/consultar-padron/:idafi", query, { params, fields });
      const range = { fecha_desde: d.yearAgo, fecha_hasta: d.today };
      return [
        at({ metodo: "dni", dni: d.member.dni, tab: "afiliacion" }),
        at(
          {
            tab: "consumo",
            sub: "autorizaciones",
            ...range,
            cobertura: "TODAS",
            autorizacion: String(d.stay.nroautorizacion),
          },
          ["sub", "fecha_desde", "fecha_hasta", "cobertura", "autorizacion"],
        ),
        at({ tab: "consumo", ...range, practica: d.stay.practica }, ["practica"]),
        at({ tab: "consumo", ...range, resumen: "1" }, ["resumen"]),
        at({ tab: "consumo", sub: "medicamentos", dispensa_desde: d.yearAgo, dispensa_hasta: d.today }, [
          "sub",
          "dispensa_desde",
          "dispensa_hasta",
        ]),
        at({ tab: "internaciones", internacion: String(d.stay.nro) }, ["internacion"]),
        at({ tab: "aportes" }, []),
      ];
    },
  },
  {
    file: "_app.consultar-padron.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [
      get("/consultar-padron", { metodo: "dni", dni: d.member.dni }),
      get("/consultar-padron", { metodo: "nroafi", nroafi: d.member.nroafi }),
      get("/consultar-padron", { metodo: "nombre", nombre: d.member.apellido }),
    ],
  },
  {
    file: "_app.consumos-por-prestador.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [
      get("/consumos-por-prestador", { tab: "efector", buscar: "prof", apellido: "gomez", nombre: "rocio" }),
      get("/consumos-por-prestador", {
        tab: "efector",
        buscar: "consumos",
        codigo_efector: d.efector.codigo,
        ...period(d),
        practica: d.efector.practica,
        subitem: d.efector.subitem,
      }),
      get("/consumos-por-prestador", {
        tab: "ranking",
        buscar: "ranking",
        ranking_desde: d.desde,
        ranking_hasta: d.today,
      }),
    ],
  },
  {
    file: "_app.home.tsx",
    caller: "page",
    browser: true,
    calls: () => [get("/home"), get("/home", { sinPermiso: "/users" })],
  },
  {
    file: "_app.informes-practicas.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [
      get("/informes-practicas", { buscar: "1", ...practicasFilter(d) }),
      get("/informes-practicas", {
        ...practicasFilter(d),
        practica: d.informe.practica,
        practica_subitem: d.informe.subitem,
        page: "0",
        size: "50",
      }),
    ],
  },
  {
    file: "_app.liquidacion-prestadores.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [
      get("/liquidacion-prestadores", { ...period(d), responsable: RESPONSABLE, page: "0", filtro: "CONSULTA" }),
    ],
  },
  {
    file: "_app.listado-capa.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [get("/listado-capa", { ...capaRange(d), page: "0" })],
  },
  {
    file: "_app.listado-afiliados.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [
      get("/listado-afiliados", { ...listadoFilter(d), page: "0", size: "20" }),
      get("/listado-afiliados", { convenio: String(d.convenioIdafi) }),
    ],
  },
  {
    file: "_app.listado-mae.tsx",
    caller: "page",
    browser: true,
    calls: () => [
      get("/listado-mae", {
        apeynom_mae: "perez",
        dni_mae: "2",
        dni_alumno: "4",
        apeynom_alumno: "a",
        anio_lectivo: "2025",
        page: "0",
      }),
    ],
  },
  {
    // A search by DNI and by date, a turno's detail/status dialog, and its status change with the version read (302
    // to the search; the variants that still change it find it CANCELADO: 409); without the version: 400.
    file: "_app.listado-turnos.tsx",
    caller: "page",
    browser: true,
    calls: async (d): Promise<Call[]> => {
      const id = String(await asignarTurnoDePrueba(d));
      const porFecha = { buscar: "fecha", fecha: d.today, tipo_tramite: "TODOS" };
      return [
        get("/listado-turnos", { buscar: "dni", dni: d.member.dni, fecha: d.today, tipo_tramite: "TODOS" }),
        get("/listado-turnos", { ...porFecha, turno: id }),
        {
          method: "POST",
          path: "/listado-turnos",
          query: { ...porFecha, turno: id },
          form: { intent: "estado", id, estado_turno: "CANCELADO", version: "1" },
          ok: [302, 409],
        },
        sinVersion({
          path: "/listado-turnos",
          query: { ...porFecha, turno: id },
          form: { intent: "estado", id, estado_turno: "CANCELADO" },
        }),
      ];
    },
  },
  {
    // New fichas of the demo member; the update works on a throwaway ficha (its current version per request; without
    // it, 400).
    // Each answer renders the whole form on the server: the update varies only what the new ficha does not.
    file: "_app.nueva-ficha.tsx",
    caller: "page",
    browser: true,
    calls: async (d) => {
      const target = await d.newFicha();
      // afi_dni_buscado: the DNI 'Buscar' filled the member's fields for (issue 26)
      const form = { intent: "guardar", ...fichaForm(fichaBody(d.member, d.organoId)), afi_dni_buscado: d.member.dni };
      const update = { op: "update", id: String(target.id) };
      return [
        get("/nueva-ficha"),
        get("/nueva-ficha", update),
        { method: "POST", path: "/nueva-ficha", form, ok: [302] },
        {
          method: "POST",
          path: "/nueva-ficha",
          query: update,
          form: async () => ({ ...form, version: String(await d.fichaVersion(target.id)) }),
          // the form's fields are those of the new ficha above: here the URL's mode and id, and the version
          fields: ["op", "id", "version"],
          ok: [302],
        },
        sinVersion({ path: "/nueva-ficha", query: update, form }),
        { method: "POST", path: "/nueva-ficha", form: { intent: "buscar-afiliado", afi_dni: d.member.dni } },
      ];
    },
  },
  {
    file: "_app.osep-tiempos-auditoria.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [
      get("/osep-tiempos-auditoria", { ...period(d), vista: "auditor" }),
      get("/osep-tiempos-auditoria", { ...period(d), dialogo: "listado", auditor: d.auditor }),
      get("/osep-tiempos-auditoria", { ...period(d), dialogo: "anteriores", auditor: d.auditor }),
      get("/osep-tiempos-auditoria", { ...period(d), dialogo: "autorizacion", nro: String(d.nroAuditada) }),
    ],
  },
  {
    file: "_app.padron-profesionales.tsx",
    caller: "page",
    browser: true,
    calls: () => [
      get("/padron-profesionales", {
        nombre: "",
        apellido: "perez",
        matricula: "",
        colegio: "COLEGIO MEDICO DE CATAMARCA",
        page: "0",
      }),
    ],
  },
  {
    // The search (estado, search, page) and the grid's rows, which the screen's JavaScript fetches (todos=1).
    file: "_app.padron_voluntarios.tsx",
    caller: "page",
    browser: true,
    calls: () => [
      get("/padron_voluntarios", { estado: "ACTIVO", search: "a", page: "0" }),
      get("/padron_voluntarios", { estado: "INACTIVO", todos: "1" }),
    ],
  },
  {
    file: "_app.padron_farmacia.tsx",
    caller: "page",
    browser: true,
    calls: () => [
      get("/padron_farmacia"),
      { method: "POST", path: "/padron_farmacia", form: { padron: "diabeticos" } },
    ],
  },
  {
    file: "api.padron_farmacia._index.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: () => [get("/api/padron_farmacia")],
  },
  {
    file: "api.padron_farmacia.$padron.ts",
    caller: "api",
    browser: false,
    refuses: { action: true },
    calls: () => [get("/api/padron_farmacia/:padron", undefined, { params: { padron: "beneficiarios-diabeticos" } })],
  },
  {
    // a file generated for the baseline (the Diabeticos roster: small), then its name replaced by hostile values
    file: "padron_farmacia.archivos.$nombre.ts",
    caller: "api",
    browser: false,
    calls: async (d) => {
      const res = await fetch(new URL("/api/padron_farmacia/beneficiarios-diabeticos", d.origin), {
        headers: { "x-auth-token": d.admin.token },
      });
      if (!res.ok) throw new Error(`GET /api/padron_farmacia/beneficiarios-diabeticos: ${res.status}`);
      const { file_name } = (await res.json()) as { file_name: string };
      return [get("/padron_farmacia/archivos/:nombre", undefined, { params: { nombre: file_name } })];
    },
  },
  {
    // The table (search, sort, size), each dialog, and the forms: create (302 to the table), edit and a move on a
    // throwaway profile (302 back; later requests find nothing to move: 400).
    file: "_app.perfiles.tsx",
    caller: "page",
    browser: true,
    calls: async (d): Promise<Call[]> => {
      const id = String(await perfilDePrueba(d));
      return [
        get("/perfiles", { q: "con", sort: "descripcion", dir: "desc", page: "0", size: "10" }),
        get("/perfiles", { dialogo: "editar", id }),
        get("/perfiles", { dialogo: "operaciones", id }),
        get("/perfiles", { dialogo: "pantallas", id }),
        {
          method: "POST",
          path: "/perfiles",
          form: () => ({ intent: "crear", descripcion: perfilDescripcion(), activo: "ACTIVO" }),
          ok: [302],
        },
        {
          method: "POST",
          path: "/perfiles",
          form: () => ({ intent: "editar", id, descripcion: perfilDescripcion(), activo: "ACTIVO" }),
          ok: [302],
        },
        {
          method: "POST",
          path: "/perfiles",
          query: { dialogo: "operaciones", id },
          form: { intent: "operaciones", usPerfilId: id, mover: "quitar", agregadas: "14" },
          ok: [302, 400],
        },
      ];
    },
  },
  {
    // Modifies a throwaway record (the same one for every accepted request); without the version read: 400.
    file: "_app.regcapa.$id.tsx",
    caller: "page",
    browser: true,
    calls: async (d): Promise<Call[]> => {
      const params = { id: await capaRecord(d) };
      return [
        get("/regcapa/:id", undefined, { params }),
        {
          method: "POST",
          path: "/regcapa/:id",
          params,
          form: async () => ({ ...capaForm(d), version: String(await capaVersion(d, params.id)) }),
          ok: [302],
        },
        sinVersion({ path: "/regcapa/:id", params, form: capaForm(d) }),
      ];
    },
  },
  {
    // Registers records of the demo member (a positive date per request); the member lookup and a household row's.
    file: "_app.regcapa._index.tsx",
    caller: "page",
    browser: true,
    calls: (d): Call[] => [
      get("/regcapa"),
      { method: "POST", path: "/regcapa?index", form: () => capaForm(d), ok: [302] },
      { method: "POST", path: "/regcapa?index", form: { intent: "buscar-afiliado", afi_dni: d.member.dni } },
      {
        method: "POST",
        path: "/regcapa?index",
        form: { intent: "buscar-integrante:0", "integrantes[0].afi_dni_integrante": d.member.dni },
      },
    ],
  },
  {
    file: "_app.registro-auditoria.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [
      get("/registro-auditoria", {
        usuario: "admin",
        accion: "sesion.login",
        desde: d.desde,
        hasta: d.today,
        page: "0",
      }),
    ],
  },
  {
    // The migration URL: a new 2025 ficha pre-filled from the path; saving creates one (a new DNI per request).
    file: "_app.regmae.$anio.$dniMae.$nombreMae.$titulo.tsx",
    caller: "page",
    browser: true,
    calls: () => {
      const params = {
        anio: "2025",
        dniMae: maeDni(),
        nombreMae: "PEREZ, ANA",
        titulo: "PROFESOR/A DE NIVEL PRIMARIO",
      };
      const path = "/regmae/:anio/:dniMae/:nombreMae/:titulo";
      return [
        get(path, undefined, { params }),
        {
          method: "POST",
          path,
          params,
          form: () => ({ intent: "guardar", ...(maeFichaBody() as Record<string, string>), anio_lectivo: "2025" }),
          ok: [302],
        },
      ];
    },
  },
  {
    // A throwaway ficha with a student: the confirmation steps, Modificar MAE (without the version read: 400), a
    // student's Validar / Guardar, its Modificar and inactivation without their version (400), and Eliminar MAE of
    // another throwaway ficha (the first accepted request deletes it; the others then get 404).
    file: "_app.regmae.$id.tsx",
    caller: "page",
    browser: true,
    calls: async (d) => {
      const [a, toDelete] = [await maeAlumno(d), await maeFicha(d)];
      const params = { id: String(a.ficha.id) };
      const path = "/regmae/:id";
      return [
        get(path, undefined, { params }),
        get(path, { confirmar: "inactivar-alumno", alumno: String(a.id) }, { params, fields: ["confirmar", "alumno"] }),
        get(path, { confirmar: "eliminar", alumno: "nuevo" }, { params, fields: ["confirmar", "alumno"] }),
        {
          method: "POST",
          path,
          params,
          form: async () => ({
            intent: "modificar",
            ...(maeFichaBody(a.ficha.dni) as Record<string, string>),
            anio_lectivo: "2024",
            version: String(await maeVersion(d, a.ficha.id)),
          }),
          ok: [302],
        },
        {
          method: "POST",
          path,
          params,
          form: maeCardForm(d, "validar-alumno"),
          fields: ["intent", "card", "alumno.dni"],
        },
        { method: "POST", path, params, form: maeCardForm(d, "agregar-alumno"), ok: [200, 409] },
        sinVersion({
          path,
          params,
          form: { intent: "modificar", ...(maeFichaBody(a.ficha.dni) as Record<string, string>), anio_lectivo: "2024" },
        }),
        sinVersion({
          path,
          params,
          form: { ...maeCardForm(d, "modificar-alumno"), card: `alumno-${a.id}`, "alumno.id": String(a.id) },
        }),
        sinVersion({ path, params, form: { intent: "inactivar-alumno", card: `alumno-${a.id}`, id: String(a.id) } }),
        {
          method: "POST",
          path,
          params: { id: String(toDelete.id) },
          form: { intent: "eliminar" },
          ok: [302, 404],
        },
      ];
    },
  },
  {
    // A new ficha (a new DNI per request) and the fetch by DNI and school year.
    file: "_app.regmae._index.tsx",
    caller: "page",
    browser: true,
    calls: () => [
      get("/regmae"),
      get("/regmae", { buscar: "1", dni: maeDni(), anio_lectivo: "2025" }),
      {
        method: "POST",
        path: "/regmae?index",
        form: () => ({ intent: "guardar", ...(maeFichaBody() as Record<string, string>) }),
        ok: [302],
      },
    ],
  },
  {
    // 'Consulta de Expedientes': every filter set (the demo member's DNI, a year range), and an empty search.
    file: "_app.tramites.tsx",
    caller: "page",
    browser: true,
    calls: (d) => [get("/tramites", tramitesFilter(d)), get("/tramites")],
  },
  {
    // The day's grid, a free slot's assignment dialog, a turno's status dialog, the next-day button (302); the
    // dialog's member search, the assignment of a free slot of the 2090s (302 to the grid; a variant that still
    // assigns finds it taken: 409) and a status change with the version read (302; later ones find it CONFIRMADO:
    // 409). Without the version: the status change and the edit of an ASIGNADO turno are 400.
    file: "_app.turnos.tsx",
    caller: "page",
    browser: true,
    calls: async (d): Promise<Call[]> => {
      const id = String(await asignarTurnoDePrueba(d));
      const asignado = await turnoDePrueba(d);
      const libre = turnoLibre();
      const slot = {
        tipo_tramite: String(libre.tipo_tramite),
        fecha_turno: String(libre.fecha_turno),
        hora_turno: String(libre.hora_turno),
        puesto: String(libre.puesto),
      };
      const dia = { tipo_tramite: slot.tipo_tramite, fecha_turno: slot.fecha_turno };
      return [
        get("/turnos", { tipo_tramite: "AFILIACIONES", fecha_turno: d.today }),
        get("/turnos", slot),
        get("/turnos", { ...dia, turno: id }),
        get("/turnos", { ...dia, dia: "siguiente" }, { ok: [302] }),
        {
          method: "POST",
          path: "/turnos",
          query: slot,
          form: { intent: "buscar", ...slot, dni_afiliado: d.member.dni },
        },
        {
          method: "POST",
          path: "/turnos",
          query: slot,
          form: {
            intent: "asignar",
            ...slot,
            dni_afiliado: String(libre.dni_afiliado),
            apeynom_afiliado: String(libre.apeynom_afiliado),
            observacion: String(libre.observacion),
          },
          ok: [302, 409],
        },
        {
          method: "POST",
          path: "/turnos",
          query: { ...dia, turno: id },
          form: { intent: "estado", id, estado_turno: "CONFIRMADO", version: "1" },
          ok: [302, 409],
        },
        sinVersion({
          path: "/turnos",
          query: { ...dia, turno: id },
          form: { intent: "estado", id, estado_turno: "CONFIRMADO" },
        }),
        sinVersion({
          path: "/turnos",
          query: { tipo_tramite: String(asignado.tipo_tramite), fecha_turno: String(asignado.fecha_turno) },
          form: {
            intent: "asignar",
            id: String(asignado.id),
            tipo_tramite: String(asignado.tipo_tramite),
            fecha_turno: String(asignado.fecha_turno),
            hora_turno: String(asignado.hora_turno),
            puesto: String(asignado.puesto),
            dni_afiliado: String(asignado.dni_afiliado),
            apeynom_afiliado: String(asignado.apeynom_afiliado),
            observacion: "sin versión",
          },
        }),
      ];
    },
  },
  {
    // 'Administracion de usuario': the table's URL state, the dialogs (GET), and their forms posted to the dialog's
    // URL: a new throwaway user per request, and the edit and reset of one throwaway user (never a demo user).
    file: "_app.users.tsx",
    caller: "page",
    browser: true,
    calls: async (d): Promise<Call[]> => {
      let n = 0;
      const u = await d.throwawayUser();
      const id = String(await userIdOf(d, u.usuario));
      return [
        get("/users", { q: "prueba", sort: "usuario", dir: "desc", page: "0", size: "10" }),
        get("/users", { editar: id }),
        get("/users", { resetear: id }),
        {
          method: "POST",
          path: "/users",
          query: { nuevo: "1" },
          form: () => ({
            apeynom: "PRUEBA HOSTIL",
            usuario: `hostil_p_${Date.now().toString(36)}_${(n += 1)}`,
            password: "Hostil-Clave-2026",
            usPerfilId: String(PROFILE_CONSULTA),
            activo: "true",
          }),
          ok: [303],
        },
        {
          method: "POST",
          path: "/users",
          query: { editar: id },
          form: {
            id,
            apeynom: "PRUEBA HOSTIL",
            usuario: u.usuario,
            usPerfilId: String(PROFILE_CONSULTA),
            activo: "true",
          },
          ok: [303, 409],
        },
        {
          method: "POST",
          path: "/users",
          query: { resetear: id },
          form: { id, password: "Hostil-Reset-2026", confirmPassword: "Hostil-Reset-2026" },
          ok: [303],
        },
      ];
    },
  },
  {
    // The sign-in: structural values only (see Call.structuralOnly); the baseline signs admin in.
    file: "_index.tsx",
    caller: "public",
    browser: true,
    calls: () => [
      get("/"),
      {
        method: "POST",
        path: "/?index",
        form: { usuario: "admin", password: "admin" },
        structuralOnly: "all",
        ok: [302],
      },
    ],
  },
  {
    file: "carnet-cobertura.tsx",
    caller: "public",
    browser: true,
    calls: (d) => [get("/carnet-cobertura"), get("/carnet-cobertura", { dni: d.member.dni }, { ok: [302] })],
  },
  {
    file: "consulta-coberturas-esp.tsx",
    caller: "public",
    browser: true,
    calls: (d) => [
      get("/consulta-coberturas-esp"),
      { method: "POST", path: "/consulta-coberturas-esp", form: { dni: d.member.dni, website: "" }, ok: [200, 429] },
    ],
  },
  {
    file: "_app.reportes-programados.tsx",
    caller: "page",
    browser: true,
    calls: async (d): Promise<Call[]> => [
      get("/reportes-programados"),
      get("/reportes-programados", { eliminar: String(await programacionDePrueba(d)), aviso: "creada" }),
      {
        method: "POST",
        path: "/reportes-programados",
        // a schedule of its own per request: a probe whose value the form ignores creates the baseline's schedule,
        // and the baseline (sent last) would then be the identical active one (409, ADR 069)
        form: () => ({ intent: "crear", ...programacionUnica() }),
        ok: [302],
      },
      {
        // one throwaway schedule for every probe (the caps on active schedules, ADR 058 amended): a probe that
        // deletes it leaves the baseline a 302 to 'inexistente'
        method: "POST",
        path: "/reportes-programados",
        form: { intent: "eliminar", id: String(await programacionDePrueba(d)) },
        ok: [302],
      },
    ],
  },
  {
    file: "api.reportes-programados._index.ts",
    caller: "api",
    browser: false,
    calls: () => [
      get("/api/reportes-programados"),
      { method: "POST", path: "/api/reportes-programados", json: () => programacionUnica(), ok: [201] },
      // more than once an hour (issue 35): refused
      {
        method: "POST",
        path: "/api/reportes-programados",
        json: { ...PROGRAMACION, cron: "*/5 * * * *" },
        ok: [422],
      },
    ],
  },
  {
    file: "api.reportes-programados.$id.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d) => [
      {
        method: "DELETE",
        path: "/api/reportes-programados/:id",
        params: { id: String(await programacionDePrueba(d)) },
        ok: [200, 404],
      },
    ],
  },
  {
    file: "api.reportes-programados.$id.ejecutar.ts",
    caller: "api",
    browser: false,
    refuses: { loader: true },
    calls: async (d): Promise<Call[]> => {
      const id = String(await programacionDePrueba(d));
      return [
        // a probe that the valid id reaches runs it first: then still running (409) or ran within the hour (429)
        { method: "POST", path: "/api/reportes-programados/:id/ejecutar", params: { id }, ok: [202, 409, 429] },
        // again at once (issue 35): still running (409) or ran less than an hour ago (429)
        { method: "POST", path: "/api/reportes-programados/:id/ejecutar", params: { id }, ok: [409, 429] },
      ];
    },
  },
  {
    // a file written for the baseline (a run of a throwaway schedule), then its id replaced by hostile values
    file: "reportes-programados.archivos.$id.ts",
    caller: "api",
    browser: false,
    calls: async (d) => [
      get("/reportes-programados/archivos/:id", undefined, { params: { id: String(await archivoDePrueba(d)) } }),
    ],
  },
  {
    // the imported files of the registry feed (issue 37): the list and its filters
    file: "_app.importaciones.tsx",
    caller: "page",
    browser: true,
    calls: () => [
      get("/importaciones"),
      get("/importaciones", { estado: "RECHAZADO", tabla: "coberturas", page: "0", size: "20" }),
    ],
  },
  {
    // a report of an import the e2e server's nightly job made for the baseline, then its id replaced by hostile values
    file: "importaciones.$id.rechazos[.csv].ts",
    caller: "api",
    browser: false,
    calls: async (d) => [
      get("/importaciones/:id/rechazos.csv", undefined, { params: { id: String(await informeDePrueba(d)) } }),
    ],
  },
];
