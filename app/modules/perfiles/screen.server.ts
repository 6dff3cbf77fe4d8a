// The /perfiles screen's loader data and action (docs/decisions/035): the table (search, sort, page size), the open
// dialog from the URL (?dialogo=crear | editar | operaciones | pantallas &id=), and the forms: create and edit (conform
// over the API's schemas), and the transfer lists' moves (one add or remove per button, applied by the module in one
// transaction). Each form checks its operation here too: its control is hidden for users without it.
import { parseForm, replyWithFailure } from "~/lib/form.server";
import { getDb } from "~db/client.server";
import { can, FORBIDDEN_OPERATION, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import type { TransferItem } from "~/components/ui/transfer-item";
import { parseInput, queryOf } from "~/lib/input";
import { withoutTableParams, type TableQuery } from "~/lib/table-state";
import { PERFIL_ADMINISTRADOR, PERFIL_ADMINISTRADOR_FIJO } from "~/modules/usuarios/administradores";
import {
  agregarGrants,
  cambioDe,
  readGrants,
  quitarGrants,
  type GrantKind,
  type GrantParam,
  type GrantRecord,
} from "./grants.server";
import type { DialogoVista, Permisos, RespuestaPerfiles } from "~/modules/perfiles/components/types";
import { perfilExcede } from "./alcance.server";
import { OPERACIONES } from "./operaciones.server";
import { PANTALLAS } from "./pantallas.server";
import { CrearPerfilSchema, ModificarPerfilSchema, PerfilesTablaSchema, TransferenciaSchema } from "./perfiles.schema";
import { crearPerfil, listPerfiles, modificarPerfil, perfilPorId } from "./perfiles.server";
import {
  dentroDe,
  dialogoHref,
  ESCALADA_MSG,
  listaHref,
  moveItems,
  okMensaje,
  PERFIL_MSG,
  type OkKey,
  type Perfil,
  type SortKey,
} from "./rules";

export type PantallaPerfiles = {
  perfiles: Perfil[];
  total: number;
  tq: TableQuery<SortKey>;
  permisos: Permisos;
  dialogo: DialogoVista | null;
  ok: string | null;
  /** A paging or sorting value of the URL refused (~/lib/table-state): its message and the list without it. */
  rechazo: { msg: string; href: string } | null;
};

const permisosDe = (user: SessionUser): Permisos => ({
  crear: can(user, OP.CREAR_PERFIL),
  modificar: can(user, OP.MODIFICAR_PERFIL),
  asignar: can(user, OP.ASIGNAR_OPERACIONES),
});

/**
 * The transfer lists' items of a profile's grants of one kind: the keys as values, named by the kind. With `user`,
 * 'Disponibles' offers only what that user holds: nobody gives more than they hold (ADR 046). Without it, every item:
 * what the action checks a selection against, so a forged one reaches the module, which refuses it and audits it.
 */
async function listasDe<P extends GrantParam, A, R extends GrantRecord, G extends string | number>(
  kind: GrantKind<P, A, R, G>,
  id: number,
  user?: SessionUser,
): Promise<{ disponibles: TransferItem[]; agregadas: TransferItem[] } | null> {
  const l = await readGrants(kind, id);
  const tiene = user && { screens: user.allowed_screen, operations: user.allowed_operation };
  return (
    l && {
      disponibles: l.available
        .filter((a) => !tiene || dentroDe(tiene, { [kind.param]: [kind.availableKey(a)] }))
        .map((a) => ({ value: kind.availableKey(a), label: kind.label(a) })),
      agregadas: l.records.map((r) => ({ value: kind.key(r), label: kind.label(r) })),
    }
  );
}

/** A move's add or remove, through the same module functions as the API. */
async function aplicar<P extends GrantParam, A, R extends GrantRecord, G extends string | number>(
  kind: GrantKind<P, A, R, G>,
  usPerfilId: number,
  cambio: { agregar: string[]; quitar: string[] },
  user: SessionUser,
) {
  return cambio.agregar.length
    ? agregarGrants(kind, cambioDe(kind.param, usPerfilId, cambio.agregar), user)
    : quitarGrants(kind, cambioDe(kind.param, usPerfilId, cambio.quitar), user);
}

type Tipo = "operaciones" | "pantallas";
const listas = (tipo: Tipo, id: number, user?: SessionUser) =>
  tipo === "operaciones" ? listasDe(OPERACIONES, id, user) : listasDe(PANTALLAS, id, user);

/**
 * Why a profile's lists are read-only for `user`: profile 1 holds everything; one's own profile is not one's to change;
 * nor is a profile holding a grant or seeing a responsable beyond the user's (ADR 046, issue 35).
 */
async function listasFijas(perfilId: number, user: SessionUser): Promise<string | null> {
  if (perfilId === PERFIL_ADMINISTRADOR) return PERFIL_ADMINISTRADOR_FIJO;
  if (perfilId === user.profile.id) return ESCALADA_MSG.PROPIO_PERFIL;
  return perfilExcede(await getDb(), user, perfilId);
}

async function dialogoDe(params: URLSearchParams, permisos: Permisos, user: SessionUser): Promise<DialogoVista | null> {
  const tipo = params.get("dialogo");
  if (tipo === "crear") return permisos.crear ? { tipo } : null;
  if (tipo !== "editar" && tipo !== "operaciones" && tipo !== "pantallas") return null;
  if (tipo === "editar" ? !permisos.modificar : !permisos.asignar) return null;
  const raw = (params.get("id") ?? "").trim();
  const perfil = /^\d{1,10}$/.test(raw) ? await perfilPorId(Number(raw)) : null;
  if (!perfil) return { tipo: "no-existe", msg: PERFIL_MSG.NO_EXISTE };
  if (tipo === "editar") return { tipo, perfil };
  const l = await listas(tipo, perfil.id, user);
  if (!l) return { tipo: "no-existe", msg: PERFIL_MSG.NO_EXISTE };
  return { tipo, perfil, ...l, fijo: await listasFijas(perfil.id, user) };
}

export async function pantallaPerfiles(url: URL, user: SessionUser): Promise<PantallaPerfiles> {
  const parsed = parseInput(PerfilesTablaSchema, queryOf(url));
  const tq = parsed.ok ? parsed.data : PerfilesTablaSchema.parse({});
  const rechazo = parsed.ok ? null : { msg: parsed.msg, href: listaHref(withoutTableParams(url.search)) };
  const permisos = permisosDe(user);
  const none = { perfiles: [], total_records: 0 };
  const [lista, dialogo] = await Promise.all([
    rechazo ? none : listPerfiles(tq),
    dialogoDe(url.searchParams, permisos, user),
  ]);
  return {
    rechazo,
    perfiles: lista.perfiles,
    total: lista.total_records,
    tq,
    permisos,
    dialogo,
    ok: okMensaje(url.searchParams.get("ok")),
  };
}

// ---- The action ---------------------------------------------------------------------------------------------------

/** The action's answer: go back to the table or the dialog with a message, or stay with the errors. */
export type AccionPerfiles = { redirect: string } | { status: number; answer: RespuestaPerfiles };

/** The profile dialog's fields (a refusal of another param is the form's). */
const CAMPOS_PERFIL = ["descripcion", "activo"] as const;

const withOk = (href: string, ok: OkKey) => `${href}${href.includes("?") ? "&" : "?"}ok=${ok}`;

export async function accionPerfiles(fd: FormData, url: URL, user: SessionUser): Promise<AccionPerfiles> {
  const intent = String(fd.get("intent") ?? "");
  const permisos = permisosDe(user);
  const refuse = (status: number, msg: string) => ({ status, answer: { intent, msg } });

  if (intent === "crear" || intent === "editar") {
    if (!(intent === "crear" ? permisos.crear : permisos.modificar)) return refuse(403, FORBIDDEN_OPERATION);
    const schema = intent === "crear" ? CrearPerfilSchema : ModificarPerfilSchema;
    const submission = parseForm(fd, { schema });
    if (submission.status !== "success") {
      const result = submission.reply();
      const msg = Object.values(result.error ?? {}).find((e) => e?.length)?.[0] ?? PERFIL_MSG.ERROR_CREAR;
      return { status: 400, answer: { intent, msg, result } };
    }
    const r =
      intent === "crear"
        ? await crearPerfil(submission.value as Parameters<typeof crearPerfil>[0], user)
        : await modificarPerfil(submission.value as Parameters<typeof modificarPerfil>[0], user);
    if (!r.ok) {
      // the dialog's fields show their error; any other refusal (a grant, a version) is the form's
      const result = replyWithFailure(submission, r, { fields: CAMPOS_PERFIL });
      return { status: r.status, answer: { intent, msg: r.msg, result } };
    }
    return { redirect: withOk(listaHref(url.search), intent === "crear" ? "creado" : "modificado") };
  }

  if (intent === "operaciones" || intent === "pantallas") {
    if (!permisos.asignar) return refuse(403, FORBIDDEN_OPERATION);
    const submission = parseForm(fd, { schema: TransferenciaSchema });
    if (submission.status !== "success") {
      const result = submission.reply();
      return refuse(400, Object.values(result.error ?? {}).find((e) => e?.length)?.[0] ?? PERFIL_MSG.ERROR_MODIFICAR);
    }
    const t = submission.value;
    // 'agregar todas' gives all that is offered (what the user holds); a selection is checked against every item
    const actual = await listas(intent, t.usPerfilId, t.mover === "agregar-todas" ? user : undefined);
    if (!actual) return refuse(404, PERFIL_MSG.NO_EXISTE);
    const seleccion = t.mover === "agregar" ? (t.disponibles ?? []) : (t.agregadas ?? []);
    const cambio = moveItems(
      { disponibles: actual.disponibles.map((i) => i.value), agregadas: actual.agregadas.map((i) => i.value) },
      t.mover,
      seleccion,
    );
    const volver = dialogoHref(url.search, intent, t.usPerfilId);
    if (!cambio.agregar.length && !cambio.quitar.length) {
      if (t.mover === "agregar" || t.mover === "quitar") {
        return refuse(400, intent === "operaciones" ? PERFIL_MSG.SIN_OPERACIONES : PERFIL_MSG.SIN_PANTALLAS);
      }
      return { redirect: withOk(volver, "sin-cambios") };
    }
    const agrega = cambio.agregar.length > 0;
    const r =
      intent === "operaciones"
        ? await aplicar(OPERACIONES, t.usPerfilId, cambio, user)
        : await aplicar(PANTALLAS, t.usPerfilId, cambio, user);
    if (!r.ok) return refuse(r.status, r.msg);
    return { redirect: withOk(volver, `${intent}-${agrega ? "agregadas" : "quitadas"}`) };
  }
  return refuse(400, "Acción desconocida");
}
