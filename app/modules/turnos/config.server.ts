// The appointment configuration per procedure type (spec part 2 §3 Turno config): workstations, minutes per slot,
// opening and closing time, as 'HH:MM'.
import { asc, eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { turnosConfig as turnosConfigTable } from "~db/schema/turnos";
import type { TurnoConfig } from "./rules";

const COLUMNS = {
  tipo_tramite: turnosConfigTable.tipo_tramite,
  cant_puesto: turnosConfigTable.cant_puesto,
  tiempo_por_turno: turnosConfigTable.tiempo_por_turno,
  inicio_turno: turnosConfigTable.inicio_turno,
  fin_turno: turnosConfigTable.fin_turno,
};

type Row = { [K in keyof typeof COLUMNS]: K extends "cant_puesto" | "tiempo_por_turno" ? number : string };

const toConfig = (r: Row): TurnoConfig => ({
  ...r,
  inicio_turno: r.inicio_turno.slice(0, 5),
  fin_turno: r.fin_turno.slice(0, 5),
});

/** Every procedure type's configuration, by type name (GET /api/turnos/turnosconfig → resultado). */
export async function turnosConfig(): Promise<TurnoConfig[]> {
  const db = await getDb();
  const rows = await db.select(COLUMNS).from(turnosConfigTable).orderBy(asc(turnosConfigTable.tipo_tramite));
  return rows.map(toConfig);
}

/** One procedure type's configuration, or null when the type does not exist. */
export async function configDe(tipo_tramite: string, dbOrTx?: Db | Tx): Promise<TurnoConfig | null> {
  const db = dbOrTx ?? (await getDb());
  const [row] = await db
    .select(COLUMNS)
    .from(turnosConfigTable)
    .where(eq(turnosConfigTable.tipo_tramite, tipo_tramite));
  return row ? toConfig(row) : null;
}
