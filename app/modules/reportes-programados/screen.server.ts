// The server side of 'Reportes Programados' (the route guards, then calls these): the loader's data — schedules,
// files, the responsables of the form, the no-JavaScript delete confirmation (?eliminar=N) and the message of the
// last action (?aviso=…) — and the action: create (a form that keeps what was typed on refusal, errors next to the
// fields), run now and delete, each redirecting back to the screen with its message. An unknown intent is 400.
// After a creation the redirect names the new schedule (the form starts empty again); after 'Ejecutar ahora' it
// names the schedule and the instant the run was asked for, so each load tells whether its file is there yet.
import { json, redirect } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { parseForm, replyWithFailure } from "~/lib/form.server";
import { parseInput } from "~/lib/input";
import { responsablesOf } from "~/modules/prestadores/responsables.server";
import type { ActionResult, AvisoCode, Ejecucion, ScreenData } from "./components/types";
import {
  crearProgramacion,
  ejecutarProgramacion,
  eliminarProgramacion,
  listProgramaciones,
} from "./programaciones.server";
import { ProgramacionFormSchema, ProgramacionIdSchema } from "./reportes-programados.schema";
import {
  AVISOS,
  EXPORT_OPERATION,
  MSG,
  REPORTES,
  SCREEN_PATH,
  type ArchivoVista,
  type ProgramacionVista,
} from "./rules";

const avisoOf = (v: string | null): AvisoCode | null => (v && v in AVISOS ? (v as AvisoCode) : null);

/** A positive integer of the query (a schedule's id, an instant in ms), else null. */
const intParam = (url: URL, name: string): number | null => {
  const n = Number(url.searchParams.get(name));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The run asked for at `desde` (ms) of schedule `id`: over once a file of that schedule was generated since then, or
 * the schedule recorded a failure since then (run.server.ts sets ultima_ejecucion when a run ends); en curso before.
 */
function ejecucionDe(url: URL, programaciones: ProgramacionVista[], archivos: ArchivoVista[]): Ejecucion | null {
  const id = intParam(url, "programacion");
  const desde = intParam(url, "desde");
  const p = programaciones.find((x) => x.id === id);
  if (!p || desde === null) return null;
  const since = (iso: string | null) => iso !== null && Date.parse(iso) >= desde;
  const ref = `${SCREEN_PATH}?aviso=iniciada&programacion=${p.id}&desde=${desde}`;
  if (archivos.some((a) => a.programacionId === p.id && since(a.generado_en)))
    return { programacion: p.id, estado: "terminada", ref };
  if (p.ultimo_error && since(p.ultima_ejecucion)) return { programacion: p.id, estado: "fallida", ref };
  return { programacion: p.id, estado: "en-curso", ref };
}

/** The loader's data for `user`. */
export async function screenData(request: Request, user: SessionUser): Promise<ScreenData> {
  const url = new URL(request.url);
  const canProgramar = can(user, OP.PROGRAMAR_REPORTES);
  const { programaciones, archivos } = await listProgramaciones(user);
  const eliminar = Number(url.searchParams.get("eliminar"));
  const aviso = avisoOf(url.searchParams.get("aviso"));
  return {
    programaciones,
    archivos,
    canProgramar,
    descargables: REPORTES.filter((r) => can(user, EXPORT_OPERATION[r])),
    responsables: canProgramar ? await responsablesOf(user) : [],
    confirmar: canProgramar ? (programaciones.find((p) => p.id === eliminar) ?? null) : null,
    aviso,
    creada: aviso === "creada" ? intParam(url, "programacion") : null,
    ejecucion: aviso === "iniciada" ? ejecucionDe(url, programaciones, archivos) : null,
  };
}

const back = (aviso: AvisoCode, extra = "") => redirect(`${SCREEN_PATH}?aviso=${aviso}${extra}`);

/** The form's action; the route has checked operation 40. */
export async function screenAction(request: Request, user: SessionUser): Promise<Response> {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "ejecutar" || intent === "eliminar") {
    const parsed = parseInput(ProgramacionIdSchema, Object.fromEntries(formData));
    if (!parsed.ok) return back("inexistente");
    const desde = Date.now(); // before the run begins: its file's generado_en is not earlier
    const r =
      intent === "ejecutar"
        ? await ejecutarProgramacion(parsed.data.id, user)
        : await eliminarProgramacion(parsed.data.id, user);
    if (r.ok && intent === "eliminar") return back("eliminada");
    if (r.ok) return back("iniciada", `&programacion=${parsed.data.id}&desde=${desde}`);
    return back(r.status === 409 ? "en-curso" : r.status === 429 ? "reciente" : "inexistente");
  }
  formData.delete("intent");
  const submission = parseForm(formData, { schema: ProgramacionFormSchema });
  if (intent !== "crear") {
    // a post the screen's buttons do not send (no intent, an unknown one): nothing is created
    return json<ActionResult>({ result: submission.reply({ formErrors: [MSG.ACCION] }) }, { status: 400 });
  }
  if (submission.status !== "success") {
    return json<ActionResult>({ result: submission.reply() }, { status: 400 });
  }
  const r = await crearProgramacion(submission.value, user);
  if (r.ok) return back("creada", `&programacion=${r.programacion.id}`);
  return json<ActionResult>({ result: replyWithFailure(submission, r) }, { status: r.status });
}
