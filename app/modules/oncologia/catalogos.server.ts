// The organ, drug and doctor lookups of the ficha form (spec part 1 §3, §7: GET /api/organo, /api/monodroga,
// /api/medico → resultado), in alphabetical order.
import { asc } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { medicos, monodrogas, organos } from "~db/schema/oncologia";

export type Organo = { id: number; descripcion: string };
export type Monodroga = { id: number; descripcion: string };
export type Medico = { id: number; apeynom: string };

export async function listOrganos(): Promise<Organo[]> {
  const db = await getDb();
  return db
    .select({ id: organos.id, descripcion: organos.descripcion })
    .from(organos)
    .orderBy(asc(organos.descripcion));
}

export async function listMonodrogas(): Promise<Monodroga[]> {
  const db = await getDb();
  return db
    .select({ id: monodrogas.id, descripcion: monodrogas.descripcion })
    .from(monodrogas)
    .orderBy(asc(monodrogas.descripcion));
}

export async function listMedicos(): Promise<Medico[]> {
  const db = await getDb();
  return db
    .select({ id: medicos.id, apeynom: medicos.apeynom })
    .from(medicos)
    .orderBy(asc(medicos.apeynom), asc(medicos.id));
}
