// zod schemas of the MAE registry, ONE per write, shared by the /regmae forms (conform, browser and action) and the
// /api/mae routes; and the list filter shared by /listado-mae and GET /api/mae. Required fields of spec part 2 §5;
// every text bounded; school years of §9 only (docs/decisions/032-mae-registry.md).
import { z } from "~/lib/zod";
import { blankToUndefined, dniSchema, jsonIntId, positiveIntId } from "~/lib/input";
import { requireVersion, versionField } from "~/lib/version";
import { pagingShape } from "~/lib/table-state";
import { ANIO_LECTIVO_DEFAULT, ANIOS_LECTIVOS, esAnioLectivo, MAE_MSG, PAGE_SIZE } from "./rules";

export const REQUIRED = "Campo obligatorio";
export const MSG_ANIO_LECTIVO = `El año lectivo debe ser ${ANIOS_LECTIVOS.join(" o ")}`;
export const MSG_ID_FICHA = "Id de ficha MAE inválido";
export const MSG_ID_ALUMNO = "Id de alumno inválido";
export const MSG_DNI_FILTRO = "DNI inválido: ingrese sólo números (hasta 8 dígitos)";

/** Bounds of the text fields (the columns are text: the bound is ours). */
export const MAX = {
  apeynom: 120,
  titulo_mae: 150,
  expediente: 60,
  horario: 150,
  escuela: 150,
  escuela_nivel: 60,
  observacion: 500,
  filtro: 100,
} as const;

const required = (max: number, msg: string = REQUIRED) =>
  z.string({ error: msg }).trim().min(1, msg).max(max, `Máximo ${max} caracteres`);
const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `Máximo ${max} caracteres`).optional());
const requiredDni = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).pipe(dniSchema);

/**
 * A school year: 2024 or 2025, as a JSON number or as digits (a form's select, a query string, a URL part). Absent
 * (or blank) takes the default of spec §9 (2024).
 */
export const anioLectivoSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return ANIO_LECTIVO_DEFAULT;
    return typeof v === "string" && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v;
  },
  z.number({ error: MSG_ANIO_LECTIVO }).refine(esAnioLectivo, MSG_ANIO_LECTIVO),
);

/** A ficha id / student id in a URL or a query ('12'). */
export const fichaIdSchema = positiveIntId(MSG_ID_FICHA);
export const alumnoIdSchema = positiveIntId(MSG_ID_ALUMNO);

/**
 * The ficha (spec §3 MAE ficha): create without id (POST /api/mae, 'Guardar MAE'), update with it (PUT /api/mae,
 * 'Modificar MAE'; the DNI and the school year stay as saved). DNI, apellido y nombre and título MAE required (§5).
 */
export const FichaMaeSchema = z.object({
  id: jsonIntId(MSG_ID_FICHA).optional(),
  /** The version read (modify): an older one is refused with 409 (ADR 047). */
  version: versionField(),
  anio_lectivo: anioLectivoSchema,
  dni: requiredDni,
  apeynom: required(MAX.apeynom),
  titulo_mae: required(MAX.titulo_mae),
});
export type FichaMaeInput = z.infer<typeof FichaMaeSchema>;
/** 'Modificar MAE' on /regmae/{id}: the version read is required (ADR 047 as amended by issue 35). */
export const ModificarFichaFormSchema = requireVersion(FichaMaeSchema);

/** The most students a migration carries over (a ficha has far fewer; the bound keeps a form small). */
export const MAX_ALUMNOS_MIGRACION = 100;

/**
 * 'Guardar MAE' on the migration URL (ADR 055): the new ficha, the ficha it comes from and the ids of the origin's
 * active students kept (the checked boxes; none checked sends none). Without `origen` it is a plain new ficha.
 */
export const MigrarFichaSchema = FichaMaeSchema.extend({
  origen: jsonIntId(MSG_ID_FICHA).optional(),
  alumnos: z.array(jsonIntId(MSG_ID_ALUMNO)).max(MAX_ALUMNOS_MIGRACION).optional(),
});

/**
 * A student (spec §3 Alumno): DNI, apeynom, expediente, horario, escuela and escuela_nivel required, observacion
 * optional (§5). apeynom is what Validar filled; the module replaces it with the member registry's name.
 */
export const AlumnoSchema = z.object({
  id: jsonIntId(MSG_ID_ALUMNO).optional(),
  /** The version read (modify): an older one is refused with 409 (ADR 047). */
  version: versionField(),
  dni: requiredDni,
  apeynom: required(MAX.apeynom, MAE_MSG.ALUMNO_SIN_VALIDAR),
  expediente: required(MAX.expediente),
  horario: required(MAX.horario),
  escuela: required(MAX.escuela),
  escuela_nivel: required(MAX.escuela_nivel),
  observacion: optionalText(MAX.observacion),
});
export type AlumnoInput = z.infer<typeof AlumnoSchema>;

/** POST /api/mae/agregarAlumno and a new student card's 'Guardar': { id_ficha, alumno } (no id yet). */
export const AgregarAlumnoSchema = z.object({
  id_ficha: jsonIntId(MSG_ID_FICHA),
  alumno: AlumnoSchema.omit({ id: true, version: true }),
});
export type AgregarAlumnoInput = z.infer<typeof AgregarAlumnoSchema>;

/** PUT /api/mae/modificarAlumno and a saved student card's 'Modificar': { alumno } with its id. */
export const ModificarAlumnoSchema = z.object({
  alumno: AlumnoSchema.extend({ id: jsonIntId(MSG_ID_ALUMNO) }),
});
export type ModificarAlumnoInput = z.infer<typeof ModificarAlumnoSchema>;
/** A saved student card's 'Modificar': the student's version read is required (ADR 047 as amended by issue 35). */
export const ModificarAlumnoFormSchema = requireVersion(ModificarAlumnoSchema, {
  versionOf: (f) => (f.alumno as Record<string, unknown> | undefined)?.version,
});

/** 'Validar': the student's DNI alone. */
export const ValidarAlumnoSchema = z.object({ alumno: z.object({ dni: requiredDni }) });

/** The DNI of a ficha lookup (the form's fetch by DNI and year, GET /api/mae?dni=&anio_lectivo=). */
export const BuscarFichaSchema = z.object({ dni: requiredDni, anio_lectivo: anioLectivoSchema });

const dniFiltro = z.preprocess(
  blankToUndefined,
  z
    .string({ error: MSG_DNI_FILTRO })
    .trim()
    .regex(/^\d{1,8}$/, MSG_DNI_FILTRO)
    .optional(),
);
const textoFiltro = optionalText(MAX.filtro);

/**
 * The MAE list filter (spec §2 /listado-mae): Apellido y Nombre MAE, DNI MAE, DNI Alumno, Apellido y Nombre Alumno
 * (each optional: names match a part, accents and case ignored; DNIs match from the start), the school year (2024
 * by default) and the page (0-based) of `size` (20 by default).
 */
export const MaeFiltroSchema = z.object({
  apeynom_mae: textoFiltro,
  dni_mae: dniFiltro,
  dni_alumno: dniFiltro,
  apeynom_alumno: textoFiltro,
  anio_lectivo: anioLectivoSchema,
  ...pagingShape({ size: PAGE_SIZE }),
});
export type MaeFiltro = z.infer<typeof MaeFiltroSchema>;

/** GET /api/mae: one ficha by id, the ficha of a DNI and year, or the list filter. */
export const MaeConsultaSchema = MaeFiltroSchema.extend({
  id: z.preprocess(blankToUndefined, fichaIdSchema.optional()),
  dni: z.preprocess(blankToUndefined, requiredDni.optional()),
});

/** The migration URL /regmae/{anio}/{dniMae}/{nombreMae}/{titulo}: the new ficha's year, DNI, name and title. */
export const MigracionParamsSchema = z.object({
  anio: anioLectivoSchema,
  dniMae: requiredDni,
  nombreMae: required(MAX.apeynom),
  titulo: required(MAX.titulo_mae),
});

/** The params of /api/mae/{id}, /api/mae/eliminarAlumno/{id}, /api/mae/inactivarAlumno/{id}, /regmae/{id}. */
export const FichaIdParamsSchema = z.object({ id: fichaIdSchema });
export const AlumnoIdParamsSchema = z.object({ id: alumnoIdSchema });
/** The query of PUT /api/mae/inactivarAlumno/{id} (no body): the student's version read (?version=, ADR 047). */
export const InactivarAlumnoQuerySchema = z.object({ version: versionField() });
/** A student's confirmed inactivation on /regmae/{id}: the card's version is required (ADR 047, issue 35). */
export const InactivarAlumnoFormSchema = requireVersion(InactivarAlumnoQuerySchema);
