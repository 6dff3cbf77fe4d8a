// Test data of the appointment (turnos) tests: a database with the reference data, the procedure types' agenda
// (turnos_config, as the seed writes it), a few members, and session users with the desk's operations. Tests only.
import { OP } from "~/auth/operations";
import type { SessionUser } from "~/auth/sessions.server";
import type { Turno } from "~/modules/turnos/rules";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

/** The agenda of the tests (the seed's): AFILIACIONES 4 puestos every 15 min 07:30–12:30, REINTEGROS 2 every 20. */
export const CONFIGS = [
  ["AFILIACIONES", 4, 15, "07:30", "12:30"],
  ["REINTEGROS", 2, 20, "08:00", "12:00"],
  ["AUTORIZACIONES", 3, 10, "07:30", "13:00"],
] as const;

/** Members of the tests: DNI → name. */
export const MIEMBROS = {
  "30400001": "TURNOS PRUEBA UNO",
  "30400002": "TURNOS PRUEBA DOS",
  "30400003": "TURNOS PRUEBA TRES",
} as const;

export async function addTurnosConfig(): Promise<void> {
  for (const [tipo, puestos, minutos, inicio, fin] of CONFIGS) {
    await sqlRows(
      `INSERT INTO turnos_config (tipo_tramite, cant_puesto, tiempo_por_turno, inicio_turno, fin_turno)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tipo_tramite) DO NOTHING`,
      [tipo, puestos, minutos, inicio, fin],
    );
  }
}

/** Adds the test members; returns DNI → idafi. */
export async function addTurnosMembers(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [dni, name] of Object.entries(MIEMBROS)) {
    const [row] = await sqlRows<{ idafi: number }>(
      `INSERT INTO afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco)
       VALUES ($1, $2, $3, '01', $2, '00', 'TITULAR') RETURNING idafi`,
      [name, dni, `${dni}00`],
    );
    out[dni] = row.idafi;
  }
  return out;
}

export async function userId(usuario: string): Promise<number> {
  const [u] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = $1", [usuario]);
  return u.id;
}

/** A session user (the admin's row) holding exactly `ops` and both turnos screens. */
export function deskUser(id: number, ops: string[], usuario = "admin"): SessionUser {
  return {
    id,
    usuario,
    apeynom: usuario.toUpperCase(),
    type_usr: 1,
    profile: { id: 1, descripcion: "ADMINISTRADOR" },
    sessionId: 0,
    allowed_screen: ["/turnos", "/listado-turnos"],
    allowed_operation: ops,
  };
}

export const OPS_DESK = [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO];
export const OPS_ALL = [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO, OP.MARCAR_TURNO_ATENDIDO];

/** A migrated database with the reference data, the agenda and the members. */
export async function useTurnosDatabase(): Promise<{ t: TestDb; idafi: Record<string, number>; adminId: number }> {
  const t = await useTestDatabase();
  await addTurnosConfig();
  const idafi = await addTurnosMembers();
  return { t, idafi, adminId: await userId("admin") };
}

/** A profile holding `screens` and `ops`, and a user of it (never signs in with a password); returns the user id. */
export async function addProfileUser(usuario: string, screens: string[], ops: string[]): Promise<number> {
  const [p] = await sqlRows<{ id: number }>("INSERT INTO us_perfiles (descripcion) VALUES ($1) RETURNING id", [
    `PRUEBA TURNOS ${usuario}`,
  ]);
  for (const path of screens) {
    await sqlRows(
      "INSERT INTO us_perfil_pantallas (us_pantalla_id, us_perfil_id) SELECT id, $2 FROM us_pantallas WHERE path = $1",
      [path, p.id],
    );
  }
  for (const op of ops) {
    await sqlRows("INSERT INTO us_perfil_operaciones (us_operacion_id, us_perfil_id) VALUES ($1, $2)", [op, p.id]);
  }
  const [u] = await sqlRows<{ id: number }>(
    "INSERT INTO us_usuarios (apeynom, usuario, password_hash, us_perfil_id) VALUES ($1, $2, 'x', $3) RETURNING id",
    [usuario.toUpperCase(), usuario, p.id],
  );
  return u.id;
}

/** The module tests' fixed clock: Friday 2030-03-01 09:00 in Catamarca; their slots are on Monday 2030-03-04. */
export const NOW = new Date("2030-03-01T12:00:00Z");
export const DIA = "2030-03-04";

/** An assignment body for slot (hora, puesto) of REINTEGROS on DIA, for the member `id_afiliado` (30400001's). */
export const turnoBody = (
  id_afiliado: number,
  hora_turno: string,
  puesto: number,
  over: Record<string, unknown> = {},
) => ({
  tipo_tramite: "REINTEGROS",
  fecha_turno: DIA,
  hora_turno,
  puesto,
  dni_afiliado: "30400001",
  apeynom_afiliado: "TURNOS PRUEBA UNO",
  id_afiliado,
  ...over,
});

/** The turno of a successful result (a refusal fails the test with its status and message). */
export function asignado(r: { ok: true; turno: Turno } | { ok: false; status: number; msg: string }) {
  if (!r.ok) throw new Error(`refused: ${r.status} ${r.msg}`);
  return r.turno as Turno & { id: number };
}

/** The audit entries `accion` of turno `id`, oldest first. */
export const turnoAudits = (accion: string, id: number) =>
  sqlRows<{ usuario: string; detalle: Record<string, unknown> }>(
    "SELECT usuario, detalle FROM audit_log WHERE accion = $1 AND entidad = 'turno' AND entidad_id = $2 ORDER BY id",
    [accion, String(id)],
  );
