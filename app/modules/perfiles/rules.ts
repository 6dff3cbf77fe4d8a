// Profile administration (/perfiles, spec part 2 §2, §3, §5, §8, §9; issue 14; docs/decisions/035). Pure: the
// messages, the list's sort keys, and the transfer lists' moves (what a move adds to a profile and removes from it),
// shared by the screen, its action, the API and the tests.
import { drawerLabel } from "~/components/shell/menu";
import { withParams } from "~/lib/table-state";
import { alcanceDentroDe, type AlcanceResponsables } from "~/modules/prestadores/rules";

/** A screen in the profile dialogs: the drawer's label (else its title) with the path beside it. */
export const etiquetaPantalla = (s: { path: string; titulo: string }) =>
  `${drawerLabel(s.path) ?? s.titulo} · ${s.path}`;

/** An operation in the profile dialogs: its code, then its name ('20 · Asignar turno'). */
export const etiquetaOperacion = (o: { id: string; operacion: string }) => `${o.id} · ${o.operacion}`;

export const PERFIL_MSG = {
  DESCRIPCION_OBLIGATORIA: "La descripcion es obligatoria",
  ID_OBLIGATORIO: "El id es obligatorio",
  CREADO: "Perfil creado con exito",
  MODIFICADO: "Perfil fué modificado con exito",
  // §8 fallbacks (no msg from the server)
  ERROR_LISTAR: "Error al obtener los perfiles",
  ERROR_OBTENER: "Error al obtener el perfil",
  ERROR_CREAR: "Error al crear perfil",
  ERROR_MODIFICAR: "Error al modificar perfil",
  NO_EXISTE: "El perfil no existe",
  ID_INVALIDO: "El id del perfil no es válido",
  DESCRIPCION_REPETIDA: "Ya existe un perfil con esa descripcion",
  ACTIVO_INVALIDO: "El estado debe ser ACTIVO o INACTIVO",
  ADMINISTRADOR_NO_DESACTIVABLE: "El perfil ADMINISTRADOR no puede desactivarse",
  PROPIO_NO_DESACTIVABLE: "No puede desactivar su propio perfil",
  OPERACION_NO_EXISTE: "La operación no existe",
  PANTALLA_NO_EXISTE: "La pantalla no se puede asignar a un perfil",
  REGISTRO_NO_EXISTE: "La asignación no existe",
  REGISTROS_DE_OTRO_PERFIL: "Las asignaciones deben ser de un mismo perfil",
  REGISTRO_DE_OTRO_PERFIL: "La asignación es de otro perfil: usPerfilId no coincide",
  SIN_OPERACIONES: "Seleccione al menos una operación",
  SIN_PANTALLAS: "Seleccione al menos una pantalla",
  QUITAR_SIN_SELECCION: "Indique usPerfilId y operations, o ids",
  OPERACIONES_AGREGADAS: "Operaciones agregadas con exito",
  OPERACIONES_QUITADAS: "Operaciones quitadas con exito",
  PANTALLAS_AGREGADAS: "Pantallas agregadas con exito",
  PANTALLAS_QUITADAS: "Pantallas quitadas con exito",
  SIN_CAMBIOS: "No hay cambios",
} as const;

/** Profiles' messages disappear after 2 s (spec §9). */
export const MENSAJE_PERFIL_MS = 2_000;

/** Bound of a profile's description (the column is text: the bound is ours). */
export const MAX_DESCRIPCION = 60;

/** The table's sortable columns (page sizes 5/10/25, default 5: ~/lib/table-state). */
export const SORT_KEYS = ["id", "descripcion", "activo"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const ESTADOS = ["ACTIVO", "INACTIVO"] as const;
export const estadoTexto = (activo: boolean) => (activo ? "ACTIVO" : "INACTIVO");

/** The screen's success messages, by the `ok` of the URL it is sent back to after a write. */
const OK_MENSAJES = {
  creado: PERFIL_MSG.CREADO,
  modificado: PERFIL_MSG.MODIFICADO,
  "operaciones-agregadas": PERFIL_MSG.OPERACIONES_AGREGADAS,
  "operaciones-quitadas": PERFIL_MSG.OPERACIONES_QUITADAS,
  "pantallas-agregadas": PERFIL_MSG.PANTALLAS_AGREGADAS,
  "pantallas-quitadas": PERFIL_MSG.PANTALLAS_QUITADAS,
  "sin-cambios": PERFIL_MSG.SIN_CAMBIOS,
} as const;
export type OkKey = keyof typeof OK_MENSAJES;
export const okMensaje = (key: string | null): string | null =>
  key && Object.hasOwn(OK_MENSAJES, key) ? OK_MENSAJES[key as OkKey] : null;

// ---- The screen's URLs: the table's state (~/lib/table-state) plus the open dialog (?dialogo=…&id=) -------------

export type Dialogo = "crear" | "editar" | "operaciones" | "pantallas";

/** The URL parameters of a dialog and of a success message. */
const DIALOG_PARAMS = { dialogo: null, id: null, ok: null } as const;

/** The table's URL (search, sort, page, size kept; no dialog, no message). */
export const listaHref = (search: string) => `/perfiles${withParams(search, DIALOG_PARAMS)}`;
/** A dialog's URL over the table's. */
export const dialogoHref = (search: string, dialogo: Dialogo, id?: number) =>
  `/perfiles${withParams(search, { ...DIALOG_PARAMS, dialogo, id: id == null ? null : String(id) })}`;

export type Perfil = { id: number; descripcion: string; activo: boolean };

// ---- Transfer lists ('Disponibles' / 'Agregadas') ---------------------------------------------------------------

/** The two sides of a transfer list: values (operation codes or screen paths), each in one side only. */
export type TransferState = { disponibles: string[]; agregadas: string[] };

/** The four buttons: move the selected items right (add), all right, the selected left (remove), all left. */
export const MOVES = ["agregar", "agregar-todas", "quitar", "quitar-todas"] as const;
export type Move = (typeof MOVES)[number];

export type TransferChange = { state: TransferState; agregar: string[]; quitar: string[] };

/**
 * A move: the new sides, and what it adds to the profile and removes from it. Only values on the side the move takes
 * from count (a stale or forged selection is ignored); the order of each side is kept.
 */
export function moveItems(state: TransferState, move: Move, seleccion: readonly string[] = []): TransferChange {
  const picked = new Set(seleccion);
  if (move === "agregar" || move === "agregar-todas") {
    const agregar = move === "agregar" ? state.disponibles.filter((v) => picked.has(v)) : [...state.disponibles];
    const moved = new Set(agregar);
    return {
      state: {
        disponibles: state.disponibles.filter((v) => !moved.has(v)),
        agregadas: [...state.agregadas, ...agregar],
      },
      agregar,
      quitar: [],
    };
  }
  const quitar = move === "quitar" ? state.agregadas.filter((v) => picked.has(v)) : [...state.agregadas];
  const moved = new Set(quitar);
  return {
    state: {
      disponibles: [...state.disponibles, ...quitar],
      agregadas: state.agregadas.filter((v) => !moved.has(v)),
    },
    agregar: [],
    quitar,
  };
}

/** What turns the assigned values `antes` into `despues`: the values to add and to remove. */
export function transferDiff(
  antes: readonly string[],
  despues: readonly string[],
): { agregar: string[]; quitar: string[] } {
  const a = new Set(antes);
  const d = new Set(despues);
  return { agregar: despues.filter((v) => !a.has(v)), quitar: antes.filter((v) => !d.has(v)) };
}

/** Operation codes in numeric order ('2' before '10'). */
export const byCode = (a: string, b: string) => Number(a) - Number(b) || a.localeCompare(b);

// ---- Nobody gives anyone, themselves included, more than they hold (issue 26; ADR 046) --------------------------

/** What a profile grants, or what a user holds: screen paths and operation codes. */
export type Grants = { screens: readonly string[]; operations: readonly string[] };

export const ESCALADA_MSG = {
  PERFIL_AJENO: "No puede asignar un perfil que tiene pantallas u operaciones que usted no tiene",
  USUARIO_AJENO: "No puede modificar a un usuario cuyo perfil tiene pantallas u operaciones que usted no tiene",
  MODIFICAR_PERFIL_AJENO: "No puede modificar un perfil que tiene pantallas u operaciones que usted no tiene",
  OTORGAR_AJENO: "No puede otorgar pantallas u operaciones que usted no tiene",
  PROPIO_PERFIL: "No puede cambiar las pantallas ni las operaciones de su propio perfil",
  // issue 35: the scope of responsables a user sees is a grant too; nobody changes their own usuario
  PERFIL_RESPONSABLES_AJENOS: "No puede asignar un perfil que ve responsables que usted no ve",
  USUARIO_RESPONSABLES_AJENOS: "No puede modificar a un usuario que ve responsables que usted no ve",
  MODIFICAR_PERFIL_RESPONSABLES_AJENOS: "No puede modificar un perfil que ve responsables que usted no ve",
  CUIT_AJENO: "No puede dar a un usuario el CUIT de un responsable que usted no ve",
  PROPIO_USUARIO: "No puede cambiar su propio usuario",
} as const;

/** What a user holds, or would hold: their profile's grants and the responsables they see. */
export type Poder = Grants & { responsables: AlcanceResponsables };

/** Why `otorga` is beyond `tiene`: a screen or an operation, else the responsables it sees; null when within. */
export type Exceso = "grants" | "responsables";

export function excede(tiene: Poder, otorga: Partial<Poder>): Exceso | null {
  if (!dentroDe(tiene, otorga)) return "grants";
  if (otorga.responsables && !alcanceDentroDe(tiene.responsables, otorga.responsables)) return "responsables";
  return null;
}

/** A refusal of this rule, by what is beyond: the message for screens or operations, and for responsables. */
export type MensajesEscalada = Record<Exceso, string>;

const ambos = (msg: string): MensajesEscalada => ({ grants: msg, responsables: msg });

export const ESCALADA = {
  /** Giving a user a profile (create, edit): on `usPerfilId`. */
  PERFIL: { grants: ESCALADA_MSG.PERFIL_AJENO, responsables: ESCALADA_MSG.PERFIL_RESPONSABLES_AJENOS },
  /** Changing a user who holds more (edit, reset): on `id`. */
  USUARIO: { grants: ESCALADA_MSG.USUARIO_AJENO, responsables: ESCALADA_MSG.USUARIO_RESPONSABLES_AJENOS },
  /** Changing a profile (its description, state or grants). */
  MODIFICAR_PERFIL: {
    grants: ESCALADA_MSG.MODIFICAR_PERFIL_AJENO,
    responsables: ESCALADA_MSG.MODIFICAR_PERFIL_RESPONSABLES_AJENOS,
  },
  /** Naming a user after a CUIT (create, edit): on `usuario`. */
  CUIT: ambos(ESCALADA_MSG.CUIT_AJENO),
  /** Giving a profile screens or operations. */
  OTORGAR: ambos(ESCALADA_MSG.OTORGAR_AJENO),
} as const satisfies Record<string, MensajesEscalada>;

/** What of `otorga` the holder of `tiene` does not hold (both lists empty: nothing beyond). */
export function masAllaDe(tiene: Grants, otorga: Partial<Grants>): { screens: string[]; operations: string[] } {
  const screens = new Set(tiene.screens);
  const operations = new Set(tiene.operations);
  return {
    screens: (otorga.screens ?? []).filter((s) => !screens.has(s)),
    operations: (otorga.operations ?? []).filter((o) => !operations.has(o)),
  };
}

/** Does the holder of `tiene` hold everything of `otorga`? */
export function dentroDe(tiene: Grants, otorga: Partial<Grants>): boolean {
  const m = masAllaDe(tiene, otorga);
  return m.screens.length === 0 && m.operations.length === 0;
}
