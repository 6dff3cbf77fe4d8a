// The /regmae screens' actions (spec part 2 §4, §5, §8; docs/decisions/032-mae-registry.md): 'Guardar MAE', and on
// /regmae/{id} 'Modificar MAE', 'Eliminar MAE' and each student card's forms. The routes guard first and pass the user.
import { parseForm, replyWithFailure } from "~/lib/form.server";
import { json, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { FORBIDDEN_OPERATION, type SessionUser } from "~/auth/guards.server";
import { parseInput, typedValues } from "~/lib/input";
import { faltaVersion, MSG_VERSION_FALTA } from "~/lib/version";
import type { AlumnoAnswer, AlumnoValores, FichaAnswer, Popup } from "~/modules/mae/components/types";
import {
  AgregarAlumnoSchema,
  alumnoIdSchema,
  FichaIdParamsSchema,
  FichaMaeSchema,
  InactivarAlumnoFormSchema,
  MigrarFichaSchema,
  ModificarAlumnoFormSchema,
  ModificarFichaFormSchema,
  ValidarAlumnoSchema,
} from "~/modules/mae/mae.schema";
import {
  agregarAlumno,
  eliminarAlumno,
  inactivarAlumno,
  modificarAlumno,
  validarAlumno,
} from "~/modules/mae/alumnos.server";
import { fichaPorDni } from "~/modules/mae/mae-data.server";
import { crearFicha, eliminarFicha, modificarFicha } from "~/modules/mae/mae.server";
import { migrarFicha } from "~/modules/mae/migracion.server";
import { MAE_MSG, MAE_TITULO } from "~/modules/mae/rules";
import { fichaNoExiste, INTENT, permisos, SCREEN } from "./loaders.server";

const errorPopup = (msg: string): Popup => ({ tone: "error", title: MAE_TITULO.ERROR, msg });
const okPopup = (msg: string): Popup => ({ tone: "success", title: MAE_TITULO.EXITO, msg });

function fichaFail(result: SubmissionResult<string[]>, status: number, msg: string, existente: number | null = null) {
  return json<FichaAnswer>({ kind: "ficha", result, popup: errorPopup(msg), existente }, { status });
}

/**
 * 'Guardar MAE' (/regmae and the migration URL): creates the ficha — on the migration URL with the origin's students
 * kept (ADR 055) — then shows it read-only (spec §4).
 */
export async function guardarNueva(request: Request, user: SessionUser): Promise<Response> {
  const formData = await request.formData();
  formData.delete("intent");
  const submission = parseForm(formData, { schema: MigrarFichaSchema });
  if (submission.status !== "success") return fichaFail(submission.reply(), 400, MAE_MSG.REVISE_CAMPOS);
  const { origen, alumnos, ...ficha } = submission.value;
  const r =
    origen != null
      ? await migrarFicha({ ...ficha, id: undefined }, { origen, alumnos: alumnos ?? [] }, user)
      : await crearFicha({ ...ficha, id: undefined }, user);
  if (!r.ok) {
    // The ficha of that DNI and year exists: the popup offers to open it.
    const existente =
      r.code === "duplicate"
        ? ((await fichaPorDni(submission.value.dni, submission.value.anio_lectivo))?.id ?? null)
        : null;
    return fichaFail(replyWithFailure(submission, r), r.status, r.msg, existente);
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
  const CAMPOS = ["dni", "apeynom", "expediente", "horario", "escuela", "escuela_nivel", "observacion", "version"];
  const typed = typedValues(formData, [CAMPOS.map((k) => `alumno.${k}`), MAX_ECHO]);
  const v = (k: string) => typed[`alumno.${k}`];
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

/** The popup's message of a form `schema` refused: the missing version's (ADR 047), else 'revise the fields'. */
const refusedMsg = (schema: object, form: unknown) =>
  faltaVersion(schema, form) ? MSG_VERSION_FALTA : MAE_MSG.REVISE_CAMPOS;

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

/** 'Modificar MAE' and 'Eliminar MAE' (confirmed) of the ficha `id`. */
async function fichaWrite(id: number, intent: string, formData: FormData, user: SessionUser): Promise<Response> {
  const p = permisos(user);
  // Modifying needs the version read (a form without it is refused, ADR 047); deleting does not.
  const schema = intent === INTENT.ELIMINAR ? FichaMaeSchema : ModificarFichaFormSchema;
  const submission = parseForm(formData, { schema });
  if (intent === INTENT.ELIMINAR) {
    if (!p.eliminar) return fichaFail(submission.reply(), 403, FORBIDDEN_OPERATION);
    const r = await eliminarFicha(id, user);
    if (!r.ok) return fichaFail(replyWithFailure(submission, r), r.status, r.msg);
    return redirect(`${SCREEN}?ok=eliminada`);
  }
  if (!p.registrar) return fichaFail(submission.reply(), 403, FORBIDDEN_OPERATION);
  if (submission.status !== "success")
    return fichaFail(submission.reply(), 400, refusedMsg(schema, submission.payload));
  const r = await modificarFicha({ ...submission.value, id }, user);
  if (!r.ok) return fichaFail(replyWithFailure(submission, r), r.status, r.msg);
  return redirect(`${SCREEN}/${id}?ok=modificada`);
}

/** A student card's 'Validar': the registry's name for the DNI. */
async function validar(card: string, formData: FormData, valores: AlumnoValores): Promise<Response> {
  const submission = parseForm(formData, { schema: ValidarAlumnoSchema });
  if (submission.status !== "success")
    return alumnoAnswer(card, { valores: { ...valores, apeynom: "" }, result: submission.reply() }, 400);
  const found = await validarAlumno(submission.value.alumno.dni);
  if (!found.ok) {
    // Spec §8: a failed student validation shows no dialog; the DNI says why.
    return alumnoAnswer(
      card,
      { valores: { ...valores, apeynom: "" }, result: replyWithFailure(submission, found) },
      found.status,
    );
  }
  return alumnoAnswer(card, { valores: { ...valores, apeynom: found.apeynom } });
}

/** A student card's 'Guardar' (a new student of the ficha `id`) or 'Modificar'. */
async function guardarAlumno(
  id: number,
  agregar: boolean,
  card: string,
  formData: FormData,
  valores: AlumnoValores,
  user: SessionUser,
): Promise<Response> {
  formData.set("id_ficha", String(id));
  const schema = agregar ? AgregarAlumnoSchema : ModificarAlumnoFormSchema;
  const submission = parseForm(formData, { schema });
  if (submission.status !== "success") {
    const popup = errorPopup(refusedMsg(schema, submission.payload));
    return alumnoAnswer(card, { valores, result: submission.reply(), popup }, 400);
  }
  const r = agregar
    ? await agregarAlumno(submission.value as Parameters<typeof agregarAlumno>[0], user)
    : await modificarAlumno(submission.value as Parameters<typeof modificarAlumno>[0], user);
  if (!r.ok) {
    return alumnoAnswer(card, { valores, result: replyWithFailure(submission, r), popup: errorPopup(r.msg) }, r.status);
  }
  return alumnoAnswer(card, { done: agregar, popup: okPopup(r.msg) });
}

/**
 * A student's confirmed delete (eliminar) or inactivation (with the card's version, required: ADR 047 as amended by
 * issue 35; a delete needs none).
 */
async function quitarAlumno(eliminar: boolean, card: string, formData: FormData, user: SessionUser): Promise<Response> {
  const alumnoId = parseInput(alumnoIdSchema, formData.get("id") ?? "");
  if (!alumnoId.ok) return alumnoAnswer(card, { popup: errorPopup(alumnoId.msg) }, 400);
  const version = eliminar
    ? null
    : parseInput(InactivarAlumnoFormSchema, { version: formData.get("version") || undefined });
  if (version && !version.ok) return alumnoAnswer(card, { popup: errorPopup(version.msg) }, 400);
  const r = version?.ok
    ? await inactivarAlumno(alumnoId.data, user, undefined, version.data.version)
    : await eliminarAlumno(alumnoId.data, user);
  if (!r.ok) return alumnoAnswer(card, { popup: errorPopup(r.msg) }, r.status);
  return alumnoAnswer(card, { done: eliminar, popup: okPopup(r.msg) });
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
  if (!parsedId.ok) throw fichaNoExiste();
  const id = parsedId.data.id;
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  formData.delete("intent");
  if (intent === INTENT.MODIFICAR || intent === INTENT.ELIMINAR) return fichaWrite(id, intent, formData, user);

  const card = cardOf(formData);
  const valores = valoresAlumno(formData);
  if (!Object.values(INTENT).includes(intent as never) || intent === INTENT.GUARDAR) {
    return alumnoAnswer(card, { valores, popup: errorPopup("Operación no válida") }, 400);
  }
  if (!permisos(user).registrar) return alumnoAnswer(card, { valores, popup: errorPopup(FORBIDDEN_OPERATION) }, 403);

  switch (intent) {
    case INTENT.VALIDAR_ALUMNO:
      return validar(card, formData, valores);
    case INTENT.AGREGAR_ALUMNO:
    case INTENT.MODIFICAR_ALUMNO:
      return guardarAlumno(id, intent === INTENT.AGREGAR_ALUMNO, card, formData, valores, user);
    case INTENT.ELIMINAR_ALUMNO:
    case INTENT.INACTIVAR_ALUMNO:
      return quitarAlumno(intent === INTENT.ELIMINAR_ALUMNO, card, formData, user);
    case INTENT.CANCELAR_ALUMNO:
      return alumnoAnswer(card, { valores, confirmarCancelar: true });
    default:
      // MANTENER_ALUMNO: '¿…cancelar la creación del alumno?' answered No: the card as it was.
      return alumnoAnswer(card, { valores });
  }
}
