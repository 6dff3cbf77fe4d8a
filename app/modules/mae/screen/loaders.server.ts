// The /regmae screens' loaders (spec part 2 §2, §4, §5, §8; docs/decisions/032-mae-registry.md), shared by
// /regmae, /regmae/{id} and /regmae/{anio}/{dniMae}/{nombreMae}/{titulo}. The routes guard first and pass the user.
// Everything works as plain HTML forms: 'Buscar' is a GET (?buscar=1&dni=&anio_lectivo=), each confirmation is a step
// addressed by the URL (?confirmar=…), the new-student card is ?alumno=nuevo, and every student action posts the card
// (the forms' actions are in ./actions.server.ts).
import { json, redirect } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { parseInput, queryOf, typedValues } from "~/lib/input";
import { notFound } from "~/lib/http.server";
import type { Confirmar, FichaValores, Migracion, RegMaeData } from "~/modules/mae/components/types";
import {
  alumnoIdSchema,
  BuscarFichaSchema,
  FichaIdParamsSchema,
  MigracionParamsSchema,
} from "~/modules/mae/mae.schema";
import { fichaPorDni, fichaPorId } from "~/modules/mae/mae-data.server";
import type { FichaMae } from "~/modules/mae/mae.server";
import { nombreDelPadron } from "~/modules/mae/docente.server";
import { ANIO_LECTIVO_DEFAULT, anioDeOrigen, MAE_MSG, puedeAlumno } from "~/modules/mae/rules";

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

/** A bad or unknown ficha id: 404 with the spec's message. */
export const fichaNoExiste = () => notFound(MAE_MSG.FICHA_NO_EXISTE);

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

export function permisos(user: SessionUser) {
  return { registrar: can(user, OP.REGISTRAR_MAE), eliminar: can(user, OP.ELIMINAR_MAE) };
}

function base(user: SessionUser, path: string): Omit<RegMaeData, "modo" | "key" | "valores"> {
  return {
    path,
    ficha: null,
    exito: null,
    aviso: null,
    buscado: null,
    nombrePadron: false,
    migracion: null,
    nuevoAlumno: false,
    confirmar: null,
    permisos: permisos(user),
  };
}

/**
 * /regmae: a new ficha. ?buscar=1&dni=&anio_lectivo= (or the form's 'Buscar' button: intent=buscar) looks the ficha of
 * that DNI and year up (the form's fetch of spec §5): found → /regmae/{id}; none → the DNI kept, the rest cleared.
 * ?ok=eliminada: a ficha was just deleted (read-only, spec §4).
 */
export async function loadNueva(request: Request, user: SessionUser): Promise<Response> {
  const url = new URL(request.url);
  const q = url.searchParams;
  const data: RegMaeData = { ...base(user, SCREEN), modo: "nuevo", key: "nuevo", valores: vacia() };
  const ok = q.get("ok");
  if (ok === "eliminada") return json({ ...data, modo: "lectura", key: "eliminada", exito: OK.eliminada });
  if (q.get("buscar") != null || q.get("intent") === "buscar") {
    const rawDni = typedValues(queryOf(url), { dni: 20 }).dni;
    const parsed = parseInput(BuscarFichaSchema, { dni: rawDni, anio_lectivo: q.get("anio_lectivo") ?? "" });
    if (parsed.ok) {
      const found = await fichaPorDni(parsed.data.dni, parsed.data.anio_lectivo);
      if (found) throw redirect(`${SCREEN}/${found.id}`);
    }
    const anio = parsed.ok
      ? parsed.data.anio_lectivo
      : (BuscarFichaSchema.shape.anio_lectivo.safeParse(q.get("anio_lectivo") ?? "").data ?? ANIO_LECTIVO_DEFAULT);
    // No ficha: a member's DNI takes the registry's name (ADR 055); any other keeps only the DNI.
    const afiliado = parsed.ok ? await nombreDelPadron(parsed.data.dni) : null;
    return json({
      ...data,
      key: `buscado-${anio}-${rawDni.replace(/\D/g, "")}`,
      valores: { ...vacia(anio), dni: rawDni, apeynom: afiliado ?? "" },
      buscado: { dni: rawDni, error: parsed.ok ? null : parsed.msg, at: Date.now(), afiliado },
      nombrePadron: afiliado != null,
    });
  }
  return json(data);
}

/** The ficha of the teacher in the year before `anio` and its active students: what a migration may carry over. */
async function migracionDe(dni: string, anio: number): Promise<Migracion | null> {
  const anioOrigen = anioDeOrigen(anio);
  const origen = anioOrigen == null ? null : await fichaPorDni(dni, anioOrigen);
  if (!origen) return null;
  return {
    origen: origen.id,
    anio_origen: origen.anio_lectivo,
    alumnos: origen.alumnos
      .filter((a) => a.estado)
      .map((a) => ({ id: a.id, dni: a.dni, apeynom: a.apeynom, escuela: a.escuela })),
  };
}

/**
 * /regmae/{anio}/{dniMae}/{nombreMae}/{titulo}: a new ficha for that school year pre-filled with the teacher's DNI,
 * name (the registry's for a member, ADR 055) and title (the migration of the MAE list), and the active students of
 * the ficha it comes from, each kept or left. Bad parts → 404; a ficha of that DNI and year exists → it opens.
 */
export async function loadMigracion(params: Record<string, string | undefined>, user: SessionUser, path: string) {
  const parsed = parseInput(MigracionParamsSchema, params);
  if (!parsed.ok) throw fichaNoExiste();
  const { anio, dniMae, nombreMae, titulo } = parsed.data;
  const existing = await fichaPorDni(dniMae, anio);
  if (existing) throw redirect(`${SCREEN}/${existing.id}?aviso=existente`);
  const [afiliado, migracion] = await Promise.all([nombreDelPadron(dniMae), migracionDe(dniMae, anio)]);
  return json<RegMaeData>({
    ...base(user, path),
    modo: "nuevo",
    key: `migracion-${anio}-${dniMae}`,
    valores: { anio_lectivo: String(anio), dni: dniMae, apeynom: afiliado ?? nombreMae, titulo_mae: titulo },
    nombrePadron: afiliado != null,
    migracion,
  });
}

/** The ficha of a /regmae/{id} URL: a bad or unknown id → 404. */
async function fichaDeRuta(params: Record<string, string | undefined>): Promise<FichaMae> {
  const parsed = parseInput(FichaIdParamsSchema, params);
  if (!parsed.ok) throw fichaNoExiste();
  const ficha = await fichaPorId(parsed.data.id);
  if (!ficha) throw fichaNoExiste();
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
export async function loadFichaMae(
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
  // Editing a member teacher's ficha: the name is the registry's (the save stores it), read-only (ADR 055).
  const afiliado = exito ? null : await nombreDelPadron(ficha.dni);
  return json<RegMaeData>({
    ...base(user, `${SCREEN}/${ficha.id}`),
    modo: exito ? "lectura" : "edicion",
    key: `${exito ? "lectura" : "ficha"}-${ficha.id}`,
    ficha,
    valores: { ...valoresDe(ficha), ...(afiliado ? { apeynom: afiliado } : {}) },
    nombrePadron: afiliado != null,
    exito,
    aviso: q.get("aviso") === "existente" ? MAE_MSG.FICHA_EXISTENTE_MIGRACION : null,
    nuevoAlumno: q.get("alumno") === "nuevo" && p.registrar,
    confirmar,
  });
}
