// The 'Consulta de Turnos' screen's loader (spec part 2 §2, §5): the loader's data of /listado-turnos — the search as
// typed (DNI or date, and the procedure type; TODOS by default), the turnos found, and for operation 21 the status
// dialog of a row (&turno=<id>). The route has checked the screen; its action is ./actions.server.ts's
// cambiarEstadoDesdeFormulario.
import { json } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf, typedValues, type FieldError } from "~/lib/input";
import { turnosConfig } from "~/modules/turnos/config.server";
import { turnoPorId } from "~/modules/turnos/consulta.server";
import { turnosDeConsulta } from "~/modules/turnos/listado-export.server";
import { consultaDeQuery, consultaQuery } from "~/modules/turnos/listado-consulta";
import { opcionesDeEstado, TODOS, TURNO_MSG, type EstadoTurno, type Turno } from "~/modules/turnos/rules";
import { turnoIdSchema } from "~/modules/turnos/turnos.schema";

const OPS_ESTADO = [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO, OP.MARCAR_TURNO_ATENDIDO] as const;

type Dialogo = { turno: Turno & { id: number }; opciones: EstadoTurno[] };

/** The status dialog of the URL's turno (&turno=<id>) for a holder of operation 21, or null. */
async function dialogoDe(user: SessionUser, turnoId: string | undefined): Promise<Dialogo | null> {
  if (!can(user, OP.VER_DETALLE_TURNO) || turnoId == null) return null;
  const id = parseInput(turnoIdSchema, turnoId);
  const turno = id.ok ? await turnoPorId(id.data) : null;
  if (!turno || turno.id == null) return null;
  const ops = OPS_ESTADO.filter((op) => can(user, op));
  return { turno: { ...turno, id: turno.id }, opciones: opcionesDeEstado(turno.estado_turno, ops) };
}

/** The loader's data of /listado-turnos: the form alone before a search, else the turnos found or the refusal. */
export async function listadoTurnosScreen(request: Request, user: SessionUser) {
  const raw = queryOf(request);
  const buscar = raw.buscar === "dni" || raw.buscar === "fecha" ? raw.buscar : null;
  const typed = typedValues(
    raw,
    { dni: 20, fecha: 10, tipo_tramite: 60 },
    { absent: { fecha: todayISO(), tipo_tramite: TODOS }, trim: true },
  );
  const values = { buscar, ...typed, tipo_tramite: typed.tipo_tramite || TODOS };
  const configs = await turnosConfig();
  const base = {
    tipos: configs.map((c) => c.tipo_tramite),
    values,
    canDetail: can(user, OP.VER_DETALLE_TURNO),
    mensaje: raw.ok === "estado" ? TURNO_MSG.ESTADO_CAMBIADO : null,
    errors: [] as FieldError[],
    turnos: null as Turno[] | null,
    query: "",
    dialogo: null as Dialogo | null,
  };
  // A DNI search ignores an empty DNI, a date search an empty date (spec §5): nothing is searched.
  const parsed = consultaDeQuery(raw);
  if (!parsed) return json(base);
  if (!parsed.ok) return json({ ...base, errors: parsed.errors }, { status: 400 });
  const consulta = parsed.data;
  const turnos = await turnosDeConsulta(consulta);
  const query = consultaQuery(consulta).toString();
  return json({ ...base, turnos, query, dialogo: await dialogoDe(user, raw.turno) });
}
