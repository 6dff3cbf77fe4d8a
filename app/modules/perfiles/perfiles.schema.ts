// zod schemas of profile administration, ONE per write, shared by the /perfiles forms (conform, browser and action)
// and the JSON API (spec part 2 §3, §5, §7; docs/decisions/035). Every text and list bounded, so 10 000 characters
// is a 400/422 with a Spanish message, never a database error. Whether an operation code or a screen exists is the
// module's to say (422), against the database and GRANTABLE_SCREENS.
import { z } from "~/lib/zod";
import { activoFlag, formOrJsonId, positiveIntId } from "~/lib/input";
import { PAGE_SIZES, tableQuerySchema } from "~/lib/table-state";
import { MAX_DESCRIPCION, MOVES, PERFIL_MSG, SORT_KEYS } from "./rules";

/** The /perfiles table's query (q, sort, dir, page, size 5/10/25): a bad value is refused (~/lib/table-state). */
export const PerfilesTablaSchema = tableQuerySchema({
  sorts: SORT_KEYS,
  defaultSort: "id",
  sizes: PAGE_SIZES,
  size: 5,
});

const MSG_LARGO = `Máximo ${MAX_DESCRIPCION} caracteres`;

/** A profile's description: required (spec §5), trimmed, bounded. */
const descripcion = z
  .string({ error: PERFIL_MSG.DESCRIPCION_OBLIGATORIA })
  .trim()
  .min(1, PERFIL_MSG.DESCRIPCION_OBLIGATORIA)
  .max(MAX_DESCRIPCION, MSG_LARGO);

const activo = activoFlag(PERFIL_MSG.ACTIVO_INVALIDO);

/** A profile id: a JSON number or digits (a form's hidden field); absent → 'El id es obligatorio'. */
export function perfilIdSchema(missing: string = PERFIL_MSG.ID_OBLIGATORIO) {
  return formOrJsonId(missing, PERFIL_MSG.ID_INVALIDO);
}

/** The id in a URL (/api/perfiles/{id}, available-operations/{id}). */
export const PerfilIdParamsSchema = z.object({ id: positiveIntId(PERFIL_MSG.ID_INVALIDO) });

/** 'Crear perfil' and POST /api/perfiles: a description; new profiles are active unless told otherwise. */
export const CrearPerfilSchema = z.object({
  descripcion,
  activo: activo.optional().default(true),
});
export type CrearPerfil = z.output<typeof CrearPerfilSchema>;

/** 'Modificar perfil' and PUT /api/perfiles: the id (spec §5), the description, the state (absent: kept). */
export const ModificarPerfilSchema = z.object({
  id: perfilIdSchema(),
  descripcion,
  activo: activo.optional(),
});
export type ModificarPerfil = z.output<typeof ModificarPerfilSchema>;

/** Longest list one call may carry (there are 39 operations and 23 grantable screens). */
export const MAX_ITEMS = 100;
const MSG_CODIGO = "Código de operación inválido";
const MSG_PATH = "Pantalla inválida";

/** One value or a list (a form sends one selected option as a string). */
const list = <T extends z.ZodType>(item: T, empty: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? [v] : v),
    z
      .array(item, { error: empty })
      .min(1, empty)
      .max(MAX_ITEMS, `Máximo ${MAX_ITEMS} elementos`)
      .transform((a: z.output<T>[]) => [...new Set(a)]),
  );

const codigo = z.string({ error: MSG_CODIGO }).trim().min(1, MSG_CODIGO).max(10, MSG_CODIGO);
const path = z.string({ error: MSG_PATH }).trim().min(1, MSG_PATH).max(100, MSG_PATH);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The items of a grant list as the spec's records may carry them (§3 Profile-operation record: id, usOperacionId,
 * usPerfilId; a screen record: id, usPantallaId, usPerfilId, path): a record becomes its key (`keyField`: the code,
 * the path), a number code becomes its digits, and a body without usPerfilId takes the records' profile. A record of
 * another profile than the body's (or records of two profiles) is refused on its own usPerfilId (ADR 035).
 */
function desdeRegistros(listName: "operations" | "screens", keyField: "usOperacionId" | "path") {
  return (body: unknown, ctx: z.core.$RefinementCtx) => {
    if (!isObject(body) || !Array.isArray(body[listName])) return body;
    const items = body[listName] as unknown[];
    const perfiles = new Set<unknown>();
    const keys = items.map((item, i) => {
      if (typeof item === "number") return String(item);
      if (!isObject(item)) return item;
      const perfil = item.usPerfilId;
      if (perfil != null) {
        const distinto = body.usPerfilId != null && String(body.usPerfilId) !== String(perfil);
        if (distinto || (perfiles.size && !perfiles.has(String(perfil)))) {
          ctx.addIssue({
            code: "custom",
            path: [listName, i, "usPerfilId"],
            message: PERFIL_MSG.REGISTRO_DE_OTRO_PERFIL,
          });
        }
        perfiles.add(String(perfil));
      }
      const key = item[keyField];
      return typeof key === "number" ? String(key) : key;
    });
    const usPerfilId = body.usPerfilId ?? (perfiles.size === 1 ? [...perfiles][0] : undefined);
    return { ...body, usPerfilId, [listName]: keys };
  };
}

/**
 * POST add-operations / DELETE remove-operations by code: the profile and the operations, as codes ('20', 20) or as
 * the spec's profile-operation records ({ usOperacionId, usPerfilId }).
 */
export const OperacionesCambioSchema = z.preprocess(
  desdeRegistros("operations", "usOperacionId"),
  z.object({
    usPerfilId: perfilIdSchema(),
    operations: list(codigo, PERFIL_MSG.SIN_OPERACIONES),
  }),
);
export type OperacionesCambio = z.output<typeof OperacionesCambioSchema>;

/** POST add-screens / DELETE remove-screens by path: the profile and the screen paths (or records with their path). */
export const PantallasCambioSchema = z.preprocess(
  desdeRegistros("screens", "path"),
  z.object({
    usPerfilId: perfilIdSchema(),
    screens: list(path, PERFIL_MSG.SIN_PANTALLAS),
  }),
);
export type PantallasCambio = z.output<typeof PantallasCambioSchema>;

const MSG_REGISTRO = "Id de asignación inválido";
/** DELETE remove-…/ by record ids (the `id` of perfil_operations / perfil_screens), as digits or numbers. */
export const RegistrosSchema = z.object({
  ids: list(formOrJsonId(MSG_REGISTRO), PERFIL_MSG.QUITAR_SIN_SELECCION),
});

/**
 * A JSON body of DELETE remove-…/ (besides the query of quitarQuery): the records GET answered, removed by their
 * ids (every item a record with an `id`), or the profile and its keys / records by key, as add-…/ takes them.
 */
export function quitarBody(body: Record<string, unknown>, listName: "operations" | "screens") {
  const items = body[listName];
  if (Array.isArray(items) && items.length && items.every((i) => isObject(i) && i.id != null)) {
    return { ids: items.map((i) => (i as Record<string, unknown>).id) };
  }
  return body;
}

/**
 * The query of DELETE remove-operations/ and remove-screens/ as an object: `usPerfilId`, and each list (`operations`,
 * `screens`, `ids`) from repeated parameters and comma-separated values (?operations=14,15 or ?operations=14&operations=15).
 */
export function quitarQuery(params: URLSearchParams, listName: "operations" | "screens") {
  const many = (name: string) => {
    const all = params
      .getAll(name)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);
    return all.length ? all : undefined;
  };
  return { usPerfilId: params.get("usPerfilId") ?? undefined, [listName]: many(listName), ids: many("ids") };
}

/**
 * The transfer list's form (works without JavaScript): the profile, the button pressed (`mover`), and what is
 * selected in each list. The action turns it into an add or a remove (rules.ts moveItems).
 */
export const TransferenciaSchema = z.object({
  usPerfilId: perfilIdSchema(),
  mover: z.enum(MOVES, { error: "Movimiento inválido" }),
  disponibles: z
    .preprocess((v) => (typeof v === "string" ? [v] : v), z.array(z.string().max(100)).max(MAX_ITEMS))
    .optional(),
  agregadas: z
    .preprocess((v) => (typeof v === "string" ? [v] : v), z.array(z.string().max(100)).max(MAX_ITEMS))
    .optional(),
});
export type Transferencia = z.output<typeof TransferenciaSchema>;
