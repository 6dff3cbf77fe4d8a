// 'Administracion de usuario' (/users; spec part 2 §2, §5, §8, §9): what the screen's loader shows and what its
// action does with the dialogs' forms. The URL holds the table (q, sort, dir, page, size) and the open dialog
// (?nuevo=1, ?editar=<id>, ?resetear=<id>); the dialog's form posts to that same URL, so the URL also names the
// operation the action needs (operacionDeUrl: the route's guard). The rules are the module's (usuarios.server.ts).
import type { SubmissionResult } from "@conform-to/react";
import { parseForm, replyWithFailure } from "~/lib/form.server";
import { redirect } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP, type OperationCode } from "~/auth/operations";
import { parseInput, queryOf, typedValues } from "~/lib/input";
import { ESCALADA_MSG } from "~/modules/perfiles/rules";
import { withoutTableParams, type TableQuery } from "~/lib/table-state";
import {
  ERRORES,
  MENSAJES_OK,
  SCREEN,
  tablaHref,
  tablaSearch,
  type DialogKind,
  type Ok,
  type UsuarioSort,
} from "./rules";
import {
  crearUsuarioSchema,
  modificarUsuarioSchema,
  resetearContrasenaSchema,
  usuarioIdSchema,
  UsuariosTablaSchema,
} from "./usuarios.schema";
import {
  createUser,
  listUsuarios,
  perfilesParaUsuarios,
  resetContrasenia,
  updateUsuario,
  usuarioPorId,
  type PerfilParaUsuario,
  type Usuario,
} from "./usuarios.server";

/** Which dialog the URL opens (and for which user id). */
function dialogoDeUrl(url: URL): { kind: DialogKind; id: number | null } | null {
  const p = url.searchParams;
  if (p.has("resetear")) return { kind: "resetear", id: idOf(p.get("resetear")) };
  if (p.has("editar")) return { kind: "editar", id: idOf(p.get("editar")) };
  if (p.has("nuevo")) return { kind: "nuevo", id: null };
  return null;
}

const idOf = (raw: string | null) => {
  const r = parseInput(usuarioIdSchema, raw ?? "");
  return r.ok ? r.data : null;
};

const OPERACION: Record<DialogKind, OperationCode> = {
  nuevo: OP.CREAR_USUARIO,
  editar: OP.MODIFICAR_USUARIO,
  resetear: OP.RESETEAR_CONTRASENIA,
};

/** The operation a form posted to `request`'s URL needs: 29 for a reset, 28 for an edit, else 27 (create). */
export function operacionDeUrl(request: Request): OperationCode {
  return OPERACION[dialogoDeUrl(new URL(request.url))?.kind ?? "nuevo"];
}

/** `usuarioFijo`: why the usuario may not be changed (one's own: ADR 046), shown by a read-only field; else null. */
type DialogoUsuarios =
  | { kind: "nuevo" }
  | { kind: "editar"; usuario: Usuario; usuarioFijo: string | null }
  | { kind: "resetear"; usuario: Usuario };

export type PantallaUsuarios = {
  query: TableQuery<UsuarioSort>;
  rows: Usuario[];
  total: number;
  perfiles: PerfilParaUsuario[];
  dialogo: DialogoUsuarios | null;
  puede: { crear: boolean; modificar: boolean; resetear: boolean };
  /** A save's message (?ok=), keyed by ?at= so the same message shows again after another save. */
  mensaje: { text: string; at: string } | null;
  /** The dialog's user was not found. */
  aviso: string | null;
  /** A paging or sorting value of the URL refused (~/lib/table-state): its message and the list without it. */
  rechazo: { msg: string; href: string } | null;
};

/** The table's query of the URL, or its refusal: the message and the list without the refused parameters. */
function tablaQuery(url: URL): { query: TableQuery<UsuarioSort>; rechazo: PantallaUsuarios["rechazo"] } {
  const parsed = parseInput(UsuariosTablaSchema, queryOf(url));
  if (parsed.ok) return { query: parsed.data, rechazo: null };
  const href = `${SCREEN}${withoutTableParams(tablaSearch(url.search))}`;
  return { query: UsuariosTablaSchema.parse({}), rechazo: { msg: parsed.msg, href } };
}

export async function pantallaUsuarios(url: URL, user: SessionUser): Promise<PantallaUsuarios> {
  const { query, rechazo } = tablaQuery(url);
  const puede = {
    crear: can(user, OP.CREAR_USUARIO),
    modificar: can(user, OP.MODIFICAR_USUARIO),
    resetear: can(user, OP.RESETEAR_CONTRASENIA),
  };
  const none = { rows: [], total: 0, page: 0 };
  const [list, perfiles] = await Promise.all([rechazo ? none : listUsuarios(query), perfilesParaUsuarios(user)]);
  let dialogo: DialogoUsuarios | null = null;
  let aviso: string | null = null;
  const pedido = dialogoDeUrl(url);
  if (pedido?.kind === "nuevo" && puede.crear) dialogo = { kind: "nuevo" };
  else if (pedido && pedido.kind !== "nuevo" && puede[pedido.kind === "editar" ? "modificar" : "resetear"]) {
    const usuario = pedido.id != null ? await usuarioPorId(pedido.id) : null;
    const fijo = usuario?.id === user.id ? ESCALADA_MSG.PROPIO_USUARIO : null; // nobody renames themself (ADR 046)
    if (!usuario) aviso = ERRORES.usuario;
    else if (pedido.kind === "resetear") dialogo = { kind: "resetear", usuario };
    else dialogo = { kind: "editar", usuario, usuarioFijo: fijo };
  }
  const ok = url.searchParams.get("ok");
  const mensaje =
    ok && ok in MENSAJES_OK ? { text: MENSAJES_OK[ok as Ok], at: typedValues(queryOf(url), { at: 20 }).at } : null;
  return {
    query: { ...query, page: list.page },
    rows: list.rows,
    total: list.total,
    perfiles,
    dialogo,
    puede,
    mensaje,
    aviso,
    rechazo,
  };
}

/** A refused form: conform's reply (field errors under their fields) and the message when no field shows it. */
export type RespuestaUsuarios = {
  kind: DialogKind;
  result: SubmissionResult<string[]>;
  msg: string | null;
};

/** Passwords never travel back in an answer (conform's reply would send them as the fields' values). */
const HIDDEN = ["password", "confirmPassword"];

const CAMPOS: Record<DialogKind, readonly string[]> = {
  nuevo: ["apeynom", "usuario", "password", "usPerfilId", "activo"],
  editar: ["apeynom", "usuario", "usPerfilId", "activo"],
  resetear: ["password", "confirmPassword"],
};

/**
 * The open dialog's form: a redirect to the table with the success message, or the refusal (status + answer).
 * The route's guard already required the operation of the URL's dialog (operacionDeUrl).
 */
export async function accionUsuarios(
  request: Request,
  user: SessionUser,
): Promise<Response | { status: number; body: RespuestaUsuarios }> {
  const url = new URL(request.url);
  const kind = dialogoDeUrl(url)?.kind ?? "nuevo";
  const formData = await request.formData();
  const done = (ok: Ok) => redirect(tablaHref(url.search, { ok, at: String(Date.now()) }), { status: 303 });
  const refused = (
    status: number,
    result: SubmissionResult<string[]>,
    failure?: { msg: string; errors?: { param: string; msg: string }[] },
  ): { status: number; body: RespuestaUsuarios } => {
    const shown = (failure?.errors ?? []).filter((e) => CAMPOS[kind].includes(e.param));
    // spec §8: a list of errors shows under the fields; otherwise the message (or the fallback)
    const msg = failure && shown.length === 0 ? failure.msg || ERRORES[kind] : null;
    return { status, body: { kind, result, msg } };
  };
  // The dialog shows the message itself (above): the reply carries the errors of its fields only.
  const fields = CAMPOS[kind];

  if (kind === "nuevo") {
    const submission = parseForm(formData, { schema: crearUsuarioSchema });
    if (submission.status !== "success") return refused(400, submission.reply({ hideFields: HIDDEN }));
    const r = await createUser(submission.value, user);
    if (r.ok) return done("creado");
    return refused(r.status, replyWithFailure(submission, r, { fields, formMessage: false, hideFields: HIDDEN }), r);
  }
  if (kind === "editar") {
    const submission = parseForm(formData, { schema: modificarUsuarioSchema });
    if (submission.status !== "success") return refused(400, submission.reply());
    const r = await updateUsuario(submission.value, user);
    if (r.ok) return done("modificado");
    return refused(r.status, replyWithFailure(submission, r, { fields, formMessage: false }), r);
  }
  const submission = parseForm(formData, { schema: resetearContrasenaSchema });
  if (submission.status !== "success") return refused(400, submission.reply({ hideFields: HIDDEN }));
  const r = await resetContrasenia(submission.value, user);
  if (r.ok) return done("reseteado");
  return refused(r.status, replyWithFailure(submission, r, { fields, formMessage: false, hideFields: HIDDEN }), r);
}
