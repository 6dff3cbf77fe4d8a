// The /regmae screens' loaders and actions (spec part 2 §2, §4, §5, §8; docs/decisions/032-mae-registry.md), shared by
// /regmae, /regmae/{id} and /regmae/{anio}/{dniMae}/{nombreMae}/{titulo}. The routes guard first and pass the user.
// Everything works as plain HTML forms: 'Buscar' is a GET (?buscar=1&dni=&anio_lectivo=), each confirmation is a step
// addressed by the URL (?confirmar=…), the new-student card is ?alumno=nuevo, and every student action posts the card.
import { parseForm } from "~/lib/form.server";
import { json, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { can, FORBIDDEN_OPERATION, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { parseInput, type FieldError } from "~/lib/input";
import { MSG_VERSION_VIEJA, versionField } from "~/lib/version";
import { z } from "~/lib/zod";
import type {
  AlumnoAnswer,
  AlumnoValores,
  Confirmar,
  FichaAnswer,
  FichaValores,
  Popup,
  RegMaeData,
} from "./components/types";
import {
  AgregarAlumnoSchema,
  alumnoIdSchema,
  BuscarFichaSchema,
  FichaIdParamsSchema,
  FichaMaeSchema,
  MigracionParamsSchema,
  ModificarAlumnoSchema,
  ValidarAlumnoSchema,
} from "./mae.schema";
import { agregarAlumno, eliminarAlumno, inactivarAlumno, modificarAlumno, validarAlumno } from "./alumnos.server";
import { fichaPorDni, fichaPorId } from "./mae-data.server";
import { crearFicha, eliminarFicha, modificarFicha, type FichaMae } from "./mae.server";
import { ANIO_LECTIVO_DEFAULT, MAE_MSG, MAE_TITULO, puedeAlumno } from "./rules";
import { notFound } from "~/lib/http.server";

export const SCREEN = "/regmae";

/** The intents of the forms (the 'intent' submit button's value). */
export const INTENT = {
  GUARDAR: "guardar",
  MODIFICAR: "modificar",
  ELIMINAR: "eliminar",
  VALIDAR_ALUMNO: "validar-alumno",
  AGREGAR_ALUMNO: "agregar-alumno",
  MODIFICAR_ALUMNO: "modificar-alumno",
  ELIMINAR_ALUMNO: "eliminar-alumno",
  INACTIVAR_ALUMNO: "inactivar-alumno",
  CANCELAR_ALUMNO: "cancelar-alumno",
  MANTENER_ALUMNO: "mantener-alumno",
} as const;

/** ?ok= after a ficha write (the screen then shows it read-only, spec §4). */
const OK: Record<string, string> = {
  guardada: MAE_MSG.FICHA_GUARDADA,
  modificada: MAE_MSG.FICHA_MODIFICADA,
  eliminada: MAE_MSG.FICHA_ELIMINADA,
};

const vacia = (anio: number | string = ANIO_LECTIVO_DEFAULT): FichaValores => ({
  anio_lectivo: String(anio),
  dni: "",
  apeynom: "",
  titulo_mae: "",
});

const valoresDe = (f: Pick<FichaMae, "anio_lectivo" | "dni" | "apeynom" | "titulo_mae" | "version">): FichaValores => ({
  anio_lectivo: String(f.anio_lectivo),
  dni: f.dni,
  apeynom: f.apeynom,
  titulo_mae: f.titulo_mae,
  version: String(f.version),
});

function permisos(user: SessionUser) {
  return { registrar: can(user, OP.REGISTRAR_MAE), eliminar: can(user, OP.ELIMINAR_MAE) };
}

function base(user: SessionUser, path: string): Omit<RegMaeData, "modo" | "key" | "valores"> {
  return {
    path,
    ficha: null,
    exito: null,
    aviso: null,
    buscado: null,
    nuevoAlumno: false,
    confirmar: null,
    permisos: permisos(user),
  };
}

// ---- Loaders ------------------------------------------------------------------------------------------------

/**
 * /regmae: a new ficha. ?buscar=1&dni=&anio_lectivo= (or the form's 'Buscar' button: intent=buscar) looks the ficha of
 * that DNI and year up (the form's fetch of spec §5): found → /regmae/{id}; none → the DNI kept, the rest cleared.
 * ?ok=eliminada: a ficha was just deleted (read-only, spec §4).
 */
export async function cargarNueva(request: Request, user: SessionUser): Promise<Response> {
  const url = new URL(request.url);
  const q = url.searchParams;
  const data: RegMaeData = { ...base(user, SCREEN), modo: "nuevo", key: "nuevo", valores: vacia() };
  const ok = q.get("ok");
  if (ok === "eliminada") return json({ ...data, modo: "lectura", key: "eliminada", exito: OK.eliminada });
  if (q.get("buscar") != null || q.get("intent") === "buscar") {
    const rawDni = (q.get("dni") ?? "").slice(0, 20);
    const parsed = parseInput(BuscarFichaSchema, { dni: rawDni, anio_lectivo: q.get("anio_lectivo") ?? "" });
    if (parsed.ok) {
      const found = await fichaPorDni(parsed.data.dni, parsed.data.anio_lectivo);
      if (found) throw redirect(`${SCREEN}/${found.id}`);
    }
    const anio = parsed.ok
      ? parsed.data.anio_lectivo
      : (BuscarFichaSchema.shape.anio_lectivo.safeParse(q.get("anio_lectivo") ?? "").data ?? ANIO_LECTIVO_DEFAULT);
    return json({
      ...data,
      key: `buscado-${anio}-${rawDni.replace(/\D/g, "")}`,
      valores: { ...vacia(anio), dni: rawDni },
      buscado: { dni: rawDni, error: parsed.ok ? null : parsed.msg, at: Date.now() },
    });
  }
  return json(data);
}

/**
 * /regmae/{anio}/{dniMae}/{nombreMae}/{titulo}: a new ficha for that school year pre-filled with the teacher's DNI,
 * name and title (the migration of the MAE list). Bad parts → 404; a ficha of that DNI and year exists → it opens.
 */
export async function cargarMigracion(params: Record<string, string | undefined>, user: SessionUser, path: string) {
  const parsed = parseInput(MigracionParamsSchema, params);
  if (!parsed.ok) throw notFound(MAE_MSG.FICHA_NO_EXISTE);
  const { anio, dniMae, nombreMae, titulo } = parsed.data;
  const existing = await fichaPorDni(dniMae, anio);
  if (existing) throw redirect(`${SCREEN}/${existing.id}?aviso=existente`);
  return json<RegMaeData>({
    ...base(user, path),
    modo: "nuevo",
    key: `migracion-${anio}-${dniMae}`,
    valores: { anio_lectivo: String(anio), dni: dniMae, apeynom: nombreMae, titulo_mae: titulo },
  });
}

/** The ficha of a /regmae/{id} URL: a bad or unknown id → 404. */
async function fichaDeRuta(params: Record<string, string | undefined>): Promise<FichaMae> {
  const parsed = parseInput(FichaIdParamsSchema, params);
  if (!parsed.ok) throw notFound(MAE_MSG.FICHA_NO_EXISTE);
  const ficha = await fichaPorId(parsed.data.id);
  if (!ficha) throw notFound(MAE_MSG.FICHA_NO_EXISTE);
  return ficha;
}

/** A student of `ficha` the URL names (?alumno=ID) that `accion` may apply to, or null. */
function alumnoDe(ficha: FichaMae, raw: string | null, accion: "eliminar" | "inactivar") {
  const id = parseInput(alumnoIdSchema, raw ?? "");
  if (!id.ok) return null;
  const a = ficha.alumnos.find((x) => x.id === id.data);
  return a && puedeAlumno(a, accion) ? { id: a.id, dni: a.dni, apeynom: a.apeynom, version: a.version } : null;
}

/**
 * /regmae/{id}: the ficha in edit mode with its students; ?ok=guardada|modificada right after a save (read-only,
 * spec §4); ?aviso=existente after a migration to a year that has it; ?alumno=nuevo the new-student card without
 * JavaScript; ?confirmar=eliminar | eliminar-alumno&alumno=ID | inactivar-alumno&alumno=ID the confirmation step.
 */
export async function cargarFicha(
  request: Request,
  params: Record<string, string | undefined>,
  user: SessionUser,
): Promise<Response> {
  const ficha = await fichaDeRuta(params);
  const q = new URL(request.url).searchParams;
  const ok = q.get("ok");
  const exito = ok === "guardada" || ok === "modificada" ? OK[ok] : null;
  const p = permisos(user);
  let confirmar: Confirmar | null = null;
  const which = q.get("confirmar");
  if (which === "eliminar" && p.eliminar && !exito)
    confirmar = { tipo: "eliminar-ficha", alumnos: ficha.alumnos.length };
  if (which === "eliminar-alumno" && p.registrar) {
    const alumno = alumnoDe(ficha, q.get("alumno"), "eliminar");
    if (alumno) confirmar = { tipo: "eliminar-alumno", alumno };
  }
  if (which === "inactivar-alumno" && p.registrar) {
    const alumno = alumnoDe(ficha, q.get("alumno"), "inactivar");
    if (alumno) confirmar = { tipo: "inactivar-alumno", alumno };
  }
  return json<RegMaeData>({
    ...base(user, `${SCREEN}/${ficha.id}`),
    modo: exito ? "lectura" : "edicion",
    key: `${exito ? "lectura" : "ficha"}-${ficha.id}`,
    ficha,
    valores: valoresDe(ficha),
    exito,
    aviso: q.get("aviso") === "existente" ? MAE_MSG.FICHA_EXISTENTE_MIGRACION : null,
    nuevoAlumno: q.get("alumno") === "nuevo" && p.registrar,
    confirmar,
  });
}

// ---- Actions ------------------------------------------------------------------------------------------------

const errorPopup = (msg: string): Popup => ({ tone: "error", title: MAE_TITULO.ERROR, msg });
const okPopup = (msg: string): Popup => ({ tone: "success", title: MAE_TITULO.EXITO, msg });

/** Field errors of the module (its params are conform's names: 'dni', 'alumno.dni') as a conform reply. */
function reply(
  submission: {
    reply: (o?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => SubmissionResult<string[]>;
  },
  msg: string,
  errors: FieldError[] = [],
) {
  // A stale save (ADR 047) is the form's, not a field's: its message stays next to the form with what was typed.
  if (msg === MSG_VERSION_VIEJA) return submission.reply({ formErrors: [msg] });
  const fieldErrors: Record<string, string[]> = {};
  for (const e of errors) (fieldErrors[e.param] ??= []).push(e.msg);
  return submission.reply({ fieldErrors, formErrors: errors.length ? [] : [msg] });
}

function fichaFail(result: SubmissionResult<string[]>, status: number, msg: string, existente: number | null = null) {
  return json<FichaAnswer>({ kind: "ficha", result, popup: errorPopup(msg), existente }, { status });
}

/** 'Guardar MAE' (/regmae and the migration URL): creates the ficha, then shows it read-only (spec §4). */
export async function guardarNueva(request: Request, user: SessionUser): Promise<Response> {
  const formData = await request.formData();
  formData.delete("intent");
  const submission = parseForm(formData, { schema: FichaMaeSchema });
  if (submission.status !== "success") return fichaFail(submission.reply(), 400, MAE_MSG.REVISE_CAMPOS);
  const r = await crearFicha({ ...submission.value, id: undefined }, user);
  if (!r.ok) {
    const existente =
      r.status === 409 ? ((await fichaPorDni(submission.value.dni, submission.value.anio_lectivo))?.id ?? null) : null;
    return fichaFail(reply(submission, r.msg, r.errors), r.status, r.msg, existente);
  }
  return redirect(`${SCREEN}/${r.ficha.id}?ok=guardada`);
}

/** The card a student form posted ('nuevo', 'nuevo-N', 'alumno-ID'); anything else is 'nuevo'. */
function cardOf(formData: FormData): string {
  const raw = String(formData.get("card") ?? "");
  return /^(nuevo(-\d{1,6})?|alumno-\d{1,10})$/.test(raw) ? raw : "nuevo";
}

const MAX_ECHO = 1_000;
/** The card's values as posted (bounded: a refused 10 000-character field is not sent back whole). */
function valoresAlumno(formData: FormData): AlumnoValores {
  const v = (k: string) => String(formData.get(`alumno.${k}`) ?? "").slice(0, MAX_ECHO);
  return {
    dni: v("dni"),
    apeynom: v("apeynom"),
    expediente: v("expediente"),
    horario: v("horario"),
    escuela: v("escuela"),
    escuela_nivel: v("escuela_nivel"),
    observacion: v("observacion"),
    version: /^\d{1,10}$/.test(v("version")) ? v("version") : undefined,
  };
}

/** The optional version a confirmed inactivation posts (the card's, ADR 047). */
const VersionSchema = z.object({ version: versionField() });

function alumnoAnswer(card: string, over: Partial<Omit<AlumnoAnswer, "kind" | "card" | "at">>, status = 200): Response {
  return json<AlumnoAnswer>(
    {
      kind: "alumno",
      card,
      result: null,
      valores: null,
      confirmarCancelar: false,
      done: false,
      popup: null,
      at: Date.now(),
      ...over,
    },
    { status },
  );
}

/**
 * /regmae/{id}'s forms: 'Modificar MAE', 'Eliminar MAE' (confirmed), and each student card's Validar, Guardar /
 * Modificar, delete and inactivate (confirmed), and the cancel step of a new card without JavaScript.
 */
export async function accionFicha(
  request: Request,
  params: Record<string, string | undefined>,
  user: SessionUser,
): Promise<Response> {
  const parsedId = parseInput(FichaIdParamsSchema, params);
  if (!parsedId.ok) throw notFound(MAE_MSG.FICHA_NO_EXISTE);
  const id = parsedId.data.id;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  formData.delete("intent");
  const p = permisos(user);
  const card = cardOf(formData);

  if (intent === INTENT.MODIFICAR || intent === INTENT.ELIMINAR) {
    const submission = parseForm(formData, { schema: FichaMaeSchema });
    if (intent === INTENT.ELIMINAR) {
      if (!p.eliminar) return fichaFail(submission.reply(), 403, FORBIDDEN_OPERATION);
      const r = await eliminarFicha(id, user);
      if (!r.ok) return fichaFail(submission.reply({ formErrors: [r.msg] }), r.status, r.msg);
      return redirect(`${SCREEN}?ok=eliminada`);
    }
    if (!p.registrar) return fichaFail(submission.reply(), 403, FORBIDDEN_OPERATION);
    if (submission.status !== "success") return fichaFail(submission.reply(), 400, MAE_MSG.REVISE_CAMPOS);
    const r = await modificarFicha({ ...submission.value, id }, user);
    if (!r.ok) return fichaFail(reply(submission, r.msg, r.errors), r.status, r.msg);
    return redirect(`${SCREEN}/${id}?ok=modificada`);
  }

  const valores = valoresAlumno(formData);
  if (!Object.values(INTENT).includes(intent as never) || intent === INTENT.GUARDAR) {
    return alumnoAnswer(card, { valores, popup: errorPopup("Operación no válida") }, 400);
  }
  if (!p.registrar) return alumnoAnswer(card, { valores, popup: errorPopup(FORBIDDEN_OPERATION) }, 403);

  switch (intent) {
    case INTENT.VALIDAR_ALUMNO: {
      const submission = parseForm(formData, { schema: ValidarAlumnoSchema });
      if (submission.status !== "success")
        return alumnoAnswer(card, { valores: { ...valores, apeynom: "" }, result: submission.reply() }, 400);
      const found = await validarAlumno(submission.value.alumno.dni);
      if (!found.ok) {
        // Spec §8: a failed student validation shows no dialog; the DNI says why.
        return alumnoAnswer(
          card,
          { valores: { ...valores, apeynom: "" }, result: reply(submission, found.msg, found.errors) },
          found.status,
        );
      }
      return alumnoAnswer(card, { valores: { ...valores, apeynom: found.apeynom } });
    }
    case INTENT.AGREGAR_ALUMNO:
    case INTENT.MODIFICAR_ALUMNO: {
      const agregar = intent === INTENT.AGREGAR_ALUMNO;
      formData.set("id_ficha", String(id));
      const submission = agregar
        ? parseForm(formData, { schema: AgregarAlumnoSchema })
        : parseForm(formData, { schema: ModificarAlumnoSchema });
      if (submission.status !== "success") {
        return alumnoAnswer(
          card,
          { valores, result: submission.reply(), popup: errorPopup(MAE_MSG.REVISE_CAMPOS) },
          400,
        );
      }
      const r = agregar
        ? await agregarAlumno(submission.value as Parameters<typeof agregarAlumno>[0], user)
        : await modificarAlumno(submission.value as Parameters<typeof modificarAlumno>[0], user);
      if (!r.ok) {
        return alumnoAnswer(
          card,
          { valores, result: reply(submission, r.msg, r.errors), popup: errorPopup(r.msg) },
          r.status,
        );
      }
      return alumnoAnswer(card, { done: agregar, popup: okPopup(r.msg) });
    }
    case INTENT.ELIMINAR_ALUMNO:
    case INTENT.INACTIVAR_ALUMNO: {
      const alumnoId = parseInput(alumnoIdSchema, formData.get("id") ?? "");
      if (!alumnoId.ok) return alumnoAnswer(card, { popup: errorPopup(alumnoId.msg) }, 400);
      const version = parseInput(VersionSchema, { version: formData.get("version") || undefined });
      if (!version.ok) return alumnoAnswer(card, { popup: errorPopup(version.msg) }, 400);
      const r =
        intent === INTENT.ELIMINAR_ALUMNO
          ? await eliminarAlumno(alumnoId.data, user)
          : await inactivarAlumno(alumnoId.data, user, undefined, version.data.version);
      if (!r.ok) return alumnoAnswer(card, { popup: errorPopup(r.msg) }, r.status);
      return alumnoAnswer(card, { done: intent === INTENT.ELIMINAR_ALUMNO, popup: okPopup(r.msg) });
    }
    case INTENT.CANCELAR_ALUMNO:
      return alumnoAnswer(card, { valores, confirmarCancelar: true });
    default:
      // MANTENER_ALUMNO: '¿…cancelar la creación del alumno?' answered No: the card as it was.
      return alumnoAnswer(card, { valores });
  }
}
