// Professional searches (docs/decisions/037-professional-registry.md):
//  - the Padrón de Profesionales (/padron-profesionales, GET /api/prestadores, GET /api/prestadores/colegios) over
//    `prestadores` + `colegios`;
//  - the statistics screens' search of a professional by name (GET /api/statistics/profesionales/buscar-prof-por-
//    apeynom/, 'Consumos por Efector') over `efectores` (docs/decisions/014-provider-consumption.md).
// Both match names by ONE rule, `nameWordsMatch`: every word typed starts a word of the name, in any order, case-
// and accent-insensitive (normalizeName's rule, as the member search does). Both run on Postgres: the tables are
// small (a few thousand rows) and live.
import { errorSummary } from "~/lib/log-safe.server";
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { getDb } from "~db/client.server";
import { colegios, efectores, prestadores } from "~db/schema/prestadores";
import { parseInput, typedValues } from "~/lib/input";
import { folded, prefixPattern } from "~/lib/text-search.server";
import { normalizeName } from "~/modules/afiliados/padron.server";
import {
  EXPORT_CAP,
  isSearch,
  MAX_COLEGIO,
  MAX_MATRICULA,
  MAX_NOMBRE,
  PAGE_SIZE,
  padronParams,
  TODOS,
  type BuscarProfFilter,
  type PadronFilter,
  PadronQuerySchema,
} from "./profesionales.schema";
import type { Efector } from "./rules";

// ---- the name-matching rule, once ---------------------------------------------------------------------------

/** At most this many words of a search are compared (more only narrows further). */
const MAX_WORDS = 8;

/** The words of typed text as the search compares them: normalizeName's words, deduplicated, at most MAX_WORDS. */
function searchWords(...texts: string[]): string[] {
  const words = texts.flatMap((t) => normalizeName(t).split(" ")).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * A name column as normalizeName() writes text: lower case, accents off, anything but letters and digits → ' ',
 * with a leading space so every word start is ' ' + word.
 */
function normalizedName(column: AnyPgColumn): SQL {
  return sql`(' ' || regexp_replace(${folded(column)}, '[^a-z0-9]+', ' ', 'g'))`;
}

/**
 * A cheap necessary condition for `word` inside the folded column: the raw column ILIKE the word with every letter
 * an accent can hide (a e i o u n) as '_'. translate() costs about 5 µs a row on multibyte text, ILIKE a fifth of
 * that, so the exact test below runs on the few rows this lets through (bench:catalogos, docs/benchmarks.md).
 */
export function loosePattern(word: string): string {
  return `%${word.replace(/[aeioun]/g, "_")}%`;
}

/**
 * Every word starts a word of the column. Only letters and digits survive normalizeName, so no LIKE wildcard or
 * quote reaches a pattern. No words (blank, or only punctuation such as '%') → null: the caller decides.
 */
function nameWordsMatch(column: AnyPgColumn, words: string[]): SQL | null {
  if (words.length === 0) return null;
  const norm = normalizedName(column);
  const raw = sql`coalesce(${column}, '')`;
  return and(...words.map((w) => sql`(${raw} ilike ${loosePattern(w)} and ${norm} like ${`% ${w}%`})`)) ?? null;
}

// ---- the statistics screens' search by name (over efectores) ------------------------------------------------

/** Efectores one search answers at most. */
export const MAX_EFECTORES = 50;

export const efectorFields = {
  codigo: efectores.codigo,
  matriculas: efectores.matriculas,
  nommedefector: efectores.nommedefector,
  matmedefector: efectores.matmedefector,
};

/** Efectores matching apellido and nombre (words in any order): those starting with the apellido first, then by name. */
export async function searchProfesionales(f: BuscarProfFilter): Promise<Efector[]> {
  const apellido = normalizeName(f.apellido);
  const nombre = normalizeName(f.nombre);
  const match = nameWordsMatch(efectores.nommedefector, searchWords(apellido, nombre));
  if (!match) return [];
  const first = apellido || nombre;
  const norm = normalizedName(efectores.nommedefector);
  const db = await getDb();
  return db
    .select(efectorFields)
    .from(efectores)
    .where(match)
    .orderBy(sql`case when ${norm} like ${` ${first}%`} then 0 else 1 end`, norm, asc(efectores.codigo))
    .limit(MAX_EFECTORES);
}

// ---- the Padrón de Profesionales ----------------------------------------------------------------------------

/** A professional as spec part 2 §3 lists it (colegio: the college's description). */
export type Prestador = {
  apellido: string;
  nombre: string;
  matricula: string;
  colegio: string | null;
  especialidad: string | null;
  domicilio: string | null;
  localida: string | null;
  telefono: string | null;
};

const prestadorFields = {
  apellido: prestadores.apellido,
  nombre: prestadores.nombre,
  matricula: prestadores.matricula,
  colegio: colegios.sptpmdescr,
  especialidad: prestadores.especialidad,
  domicilio: prestadores.domicilio,
  localida: prestadores.localida,
  telefono: prestadores.telefono,
};

/** Never true: a filter that can match nothing (typed text without a letter or digit, e.g. '%'). */
const NOTHING = sql`false`;

/**
 * The WHERE of a registry filter. apellido and nombre: each by nameWordsMatch on its own column; matricula: starts
 * with the text typed (wildcards literal); colegio: by id or by description (case-insensitive), an unknown one
 * matches nothing.
 */
function where(f: PadronFilter): SQL | undefined {
  const parts: SQL[] = [];
  for (const [text, column] of [
    [f.apellido, prestadores.apellido],
    [f.nombre, prestadores.nombre],
  ] as const) {
    if (!text) continue;
    parts.push(nameWordsMatch(column, searchWords(text)) ?? NOTHING);
  }
  if (f.matricula) parts.push(sql`${prestadores.matricula} like ${prefixPattern(f.matricula)}`);
  if (f.colegio) {
    parts.push(
      "id" in f.colegio
        ? eq(prestadores.colegioId, f.colegio.id)
        : sql`lower(${colegios.sptpmdescr}) = lower(${f.colegio.descripcion})`,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** How many professionals match. */
export async function countPrestadores(f: PadronFilter): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(prestadores)
    .leftJoin(colegios, eq(colegios.id, prestadores.colegioId))
    .where(where(f));
  return Number(row?.n ?? 0);
}

const ORDER = [asc(prestadores.apellido), asc(prestadores.nombre), asc(prestadores.matricula), asc(prestadores.id)];

async function rows(f: PadronFilter, offset: number, limit: number): Promise<Prestador[]> {
  const db = await getDb();
  return db
    .select(prestadorFields)
    .from(prestadores)
    .leftJoin(colegios, eq(colegios.id, prestadores.colegioId))
    .where(where(f))
    .orderBy(...ORDER)
    .limit(limit)
    .offset(offset);
}

/**
 * One page (page from 0) of the professionals matching `f`, by apellido, nombre, matricula; and how many match. One
 * scan: the page carries the count (count(*) over ()); only a page past the end asks for the count apart.
 */
export async function listPrestadores(
  f: PadronFilter & { page: number; size: number },
): Promise<{ prestadores: Prestador[]; total_records: number }> {
  const db = await getDb();
  const found = await db
    .select({ ...prestadorFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(prestadores)
    .leftJoin(colegios, eq(colegios.id, prestadores.colegioId))
    .where(where(f))
    .orderBy(...ORDER)
    .limit(f.size)
    .offset(f.page * f.size);
  if (found.length === 0) return { prestadores: [], total_records: f.page === 0 ? 0 : await countPrestadores(f) };
  return { prestadores: found.map(({ total: _total, ...p }) => p), total_records: found[0].total };
}

/**
 * Every professional matching `f` (for_export), when they are at most `cap`; otherwise { ok: false, total } and
 * the caller refuses with MSG_EXPORT_CAP.
 */
export async function exportPrestadores(
  f: PadronFilter,
  cap: number = EXPORT_CAP,
): Promise<{ ok: true; prestadores: Prestador[]; total_records: number } | { ok: false; total_records: number }> {
  const total = await countPrestadores(f);
  if (total > cap) return { ok: false, total_records: total };
  return { ok: true, prestadores: await rows(f, 0, cap), total_records: total };
}

/** The colleges, by description (the Colegio select and GET /api/prestadores/colegios). */
export async function listColegios(): Promise<{ sptpmdescr: string }[]> {
  const db = await getDb();
  return db.select({ sptpmdescr: colegios.sptpmdescr }).from(colegios).orderBy(asc(colegios.sptpmdescr));
}

// ---- the screen ---------------------------------------------------------------------------------------------

/** What the screen shows when the search cannot run (spec §8: the registry's failures are ignored, calmly). */
export const MSG_PADRON_NO_DISPONIBLE = "No se pudo consultar el padrón en este momento. Intente nuevamente.";

export type PadronPantalla = {
  colegios: { sptpmdescr: string }[];
  /** The filter shown in the form (as typed, bounded). */
  values: { nombre: string; apellido: string; matricula: string; colegio: string };
  /** The search ran (the form was sent). */
  searched: boolean;
  prestadores: (Prestador & { key: number })[];
  total: number;
  page: number;
  /** The filter of the links (pager), without page. */
  query: string;
  /** A calm message instead of results: bad paging values, or the database failed. */
  aviso: string | null;
};

/**
 * The Padrón de Profesionales screen's data for a query string. Never throws: bad input and database failures
 * become an empty table with `aviso` (spec §8 'Silently ignored failures: ... professional registry').
 */
export async function padronPantalla(params: URLSearchParams): Promise<PadronPantalla> {
  const raw = Object.fromEntries(params);
  const typed = typedValues(raw, {
    nombre: MAX_NOMBRE,
    apellido: MAX_NOMBRE,
    matricula: MAX_MATRICULA,
    colegio: MAX_COLEGIO,
  });
  const out: PadronPantalla = {
    colegios: [],
    values: { ...typed, colegio: typed.colegio || TODOS },
    searched: isSearch(params),
    prestadores: [],
    total: 0,
    page: 0,
    query: "",
    aviso: null,
  };
  try {
    out.colegios = await listColegios();
  } catch (e) {
    console.error(`[padron-profesionales] ${errorSummary(e)}`);
  }
  if (!out.searched) return out;
  const parsed = parseInput(PadronQuerySchema, { ...raw, size: String(PAGE_SIZE), for_export: "" });
  if (!parsed.ok) return { ...out, aviso: parsed.msg };
  const { page, size, for_export: _unused, ...filter } = parsed.data;
  try {
    const r = await listPrestadores({ ...filter, page, size });
    return {
      ...out,
      prestadores: r.prestadores.map((p, i) => ({ ...p, key: page * size + i })),
      total: r.total_records,
      page,
      query: padronParams(filter).toString(),
    };
  } catch (e) {
    console.error(`[padron-profesionales] ${errorSummary(e)}`);
    return { ...out, aviso: MSG_PADRON_NO_DISPONIBLE };
  }
}
