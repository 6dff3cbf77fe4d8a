// Professional search of 'Consumos por Efector' (GET /api/statistics/profesionales/buscar-prof-por-apeynom/):
// efectores whose name (nommedefector, 'APELLIDO NOMBRE' for professionals) has a word starting with each word
// of the apellido and nombre given, in any order, case- and accent-insensitive
// (docs/decisions/014-provider-consumption.md). Runs on Postgres: `efectores` is small (a few thousand rows)
// and live, so a new efector is found at once.
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { efectores } from "~db/schema/prestadores";
import { ACCENTED, UNACCENTED, normalizeName } from "~/modules/afiliados/padron.server";
import { MAX_CODIGO, type BuscarProfFilter } from "./consumos.schema";

/** Efectores one search answers at most. */
export const MAX_EFECTORES = 50;

/** A provider (efector) as spec part 2 §3 lists it. */
export type Efector = {
  codigo: string;
  matriculas: string | null;
  nommedefector: string | null;
  matmedefector: string | null;
};

const fields = {
  codigo: efectores.codigo,
  matriculas: efectores.matriculas,
  nommedefector: efectores.nommedefector,
  matmedefector: efectores.matmedefector,
};

// The name as normalizeName() writes the text: lower case, accents off, anything but letters and digits → ' ',
// with a leading space so every word start is ' ' + word.
const normName = sql`(' ' || regexp_replace(lower(translate(coalesce(${efectores.nommedefector}, ''), ${ACCENTED}, ${UNACCENTED})), '[^a-z0-9]+', ' ', 'g'))`;

/** Efectores matching apellido and nombre (words in any order): those starting with the apellido first, then by name. */
export async function searchProfesionales(f: BuscarProfFilter): Promise<Efector[]> {
  const apellido = normalizeName(f.apellido);
  const nombre = normalizeName(f.nombre);
  // Only letters and digits survive normalizeName, so no LIKE wildcard or quote can reach a pattern.
  const words = [...new Set(`${apellido} ${nombre}`.split(" ").filter(Boolean))].slice(0, 8);
  if (words.length === 0) return [];
  const first = `${apellido || nombre}`;
  const db = await getDb();
  return db
    .select(fields)
    .from(efectores)
    .where(and(...words.map((w) => sql`${normName} like ${`% ${w}%`}`)))
    .orderBy(sql`case when ${normName} like ${` ${first}%`} then 0 else 1 end`, normName, asc(efectores.codigo))
    .limit(MAX_EFECTORES);
}

/** The efector with this code (exact), or null. */
export async function efectorByCodigo(codigo: string): Promise<Efector | null> {
  const code = codigo.trim();
  if (!code || code.length > MAX_CODIGO) return null;
  const db = await getDb();
  const [row] = await db.select(fields).from(efectores).where(eq(efectores.codigo, code)).limit(1);
  return row ?? null;
}
