// Member registry search ('Consulta de Padrón de Afiliados'): by DNI, by member number (nroafi) or by part of
// the surname/name. The name search runs on the generated column apeynom_norm (lower case, accents removed):
// its C-collation b-tree answers whole-name prefixes, the word index afiliados_palabras answers words in any
// order, the GIN trigram index answers typos — never a sequential scan of 500 000 members.
import { asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { preparedPerDb } from "~db/prepared";
import { afiliados } from "~db/schema/afiliados";
import { parseSearchValue, type SearchInput, type SearchMethod } from "./padron.schema";
import { ACCENTED, UNACCENTED } from "~/lib/text-search.server";
import type { PadronRow } from "./padron.schema";

/** The most rows a search answers (the screen shows them all, no paging). */
export const SEARCH_LIMIT = 50;
/** Each step reads one row more than it shows: that row says "capped" without counting everything. */
const READ_LIMIT = SEARCH_LIMIT + 1;

const rowFields = {
  idafi: afiliados.idafi,
  apeynom: afiliados.apeynom,
  numdoc: afiliados.numdoc,
  nroafi: afiliados.nroafi,
  grupo: afiliados.grupo,
  nromedio: afiliados.nromedio,
  nroparentesco: afiliados.nroparentesco,
  descparentesco: afiliados.descparentesco,
  baperfenac: afiliados.baperfenac,
  sexocodigo: afiliados.sexocodigo,
  fechalta: afiliados.fechalta,
  fechbaja: afiliados.fechbaja,
  fechvto: afiliados.fechvto,
};

// The same rule as the generated column: lower(translate(apeynom, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun')). The two
// strings are defined once in ~/lib/text-search.server (with the SQL fold and the LIKE escaping).
export { ACCENTED, UNACCENTED };

/**
 * The search form of a name, as apeynom_norm holds names: accents of the translate() rule removed, lower
 * case, anything but letters and digits turned into single spaces (so LIKE wildcards and quotes never reach
 * a pattern).
 */
export function normalizeName(input: string): string {
  let out = "";
  for (const ch of input) {
    const i = ACCENTED.indexOf(ch);
    out += i >= 0 ? UNACCENTED[i] : ch;
  }
  return out
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** `limitado`: there were more than SEARCH_LIMIT matches and only the first SEARCH_LIMIT are in `rows`. */
export type SearchResult = { ok: true; rows: PadronRow[]; limitado: boolean } | { ok: false; msg: string };

/** Validates the value of the chosen method and searches. Bad input → { ok: false, msg } (never a query). */
export async function searchPadron(targetField: SearchMethod, raw: string | null | undefined): Promise<SearchResult> {
  const parsed = parseSearchValue(targetField, raw);
  if (!parsed.ok) return parsed;
  const rows = await runSearch(parsed.input);
  return { ok: true, rows: rows.slice(0, SEARCH_LIMIT), limitado: rows.length > SEARCH_LIMIT };
}

async function runSearch({ targetField, value }: SearchInput): Promise<PadronRow[]> {
  if (targetField === "dni") return byDni(await getDb()).execute({ dni: value });
  if (targetField === "nroafi") return byMemberNumber(value);
  return byName(value);
}

const FAMILY_ORDER = [
  asc(afiliados.grupo),
  asc(afiliados.nromedio),
  asc(afiliados.nroparentesco),
  asc(afiliados.idafi),
];

/** The busiest lookup of the product: a named statement (db/prepared.ts), parsed and planned once per connection. */
const byDni = preparedPerDb((db) =>
  db
    .select(rowFields)
    .from(afiliados)
    .where(eq(afiliados.numdoc, sql.placeholder("dni")))
    .orderBy(...FAMILY_ORDER)
    .limit(READ_LIMIT)
    .prepare("padron_por_dni"),
);

async function byExact(where: SQL): Promise<PadronRow[]> {
  const db = await getDb();
  return db
    .select(rowFields)
    .from(afiliados)
    .where(where)
    .orderBy(...FAMILY_ORDER)
    .limit(READ_LIMIT);
}

/**
 * Members whose central number (nromedio) is $1, read from the family index (grupo, nromedio, nroparentesco):
 * the distinct groups come from a loose index scan (one index probe per group, a dozen in all), then one probe
 * per group. No sequential scan and no extra index. Exported for the plan test.
 */
export const CENTRAL_NUMBER_SQL = `with recursive grupos(grupo) as (
    (select grupo from afiliados order by grupo limit 1)
    union all
    select (select a.grupo from afiliados a where a.grupo > g.grupo order by a.grupo limit 1) from grupos g where g.grupo is not null
  )
  select a.idafi from grupos g join afiliados a on a.grupo = g.grupo and a.nromedio = $1`;

/**
 * Member number (docs/decisions/019-cuil-and-member-lookup.md): the full number (grupo + central number + family member
 * number, e.g. 1010004100) finds that member; the central number alone (nromedio, e.g. 100041) finds its
 * family group. Both are tried: no format rule decides (spec §5: no format validation).
 */
async function byMemberNumber(value: string): Promise<PadronRow[]> {
  const [before, after] = CENTRAL_NUMBER_SQL.split("$1");
  const central = sql`${sql.raw(before)}${value}${sql.raw(after)}`;
  return byExact(sql`${afiliados.idafi} in (select idafi from afiliados where nroafi = ${value} union (${central}))`);
}

/**
 * Name search, ranked (docs/decisions/010-name-search.md), reading at most 51 rows (the 51st says "capped"):
 * 1. names that start with the text ('gonzalez maria' → 'GONZÁLEZ MARÍA JOSÉ'), in name order — a range scan
 *    of the C-collation index on apeynom_norm that stops at 50 rows;
 * 2. to fill up to 50: names where every word of the text starts some word, in any order ('maria gonz',
 *    'perez' inside 'GOMEZ PEREZ ANA') — the longest word drives a range scan of the word index
 *    (afiliados_palabras, already in rank order: the exact word first, then longer words, by name), the other
 *    words are checked on the same index rows, within the first WORD_SCAN_CAP rows of that range;
 * 3. only when nothing matched: typos tolerated (trigram word similarity ≥ 0.6, GIN index), by similarity.
 * Each step reads index ranges bounded by the limit, so common fragments cost the same as rare ones.
 */
async function byName(value: string): Promise<PadronRow[]> {
  const norm = normalizeName(value);
  if (norm === "") return [];
  const db = await getDb();
  const startsWith = await db
    .select(rowFields)
    .from(afiliados)
    .where(sql`(${afiliados.apeynomNorm} collate "C") like ${`${norm}%`}`)
    .orderBy(sql`(${afiliados.apeynomNorm} collate "C")`, asc(afiliados.idafi)) // the index order: no sort
    .limit(READ_LIMIT);
  if (startsWith.length >= READ_LIMIT) return startsWith;
  const words = byWords(norm, new Set(startsWith.map((r) => r.idafi)), READ_LIMIT - startsWith.length);
  const found = [...startsWith, ...(await words)];
  return found.length > 0 ? found : byTrigram(norm);
}

/** The most word-index rows one search examines when the text has several words (bounds every search's cost). */
const WORD_SCAN_CAP = 2000;

async function byWords(norm: string, exclude: Set<number>, wanted: number): Promise<PadronRow[]> {
  const words = [...new Set(norm.split(" "))].slice(0, 6);
  const driver = words.reduce((a, b) => (b.length > a.length ? b : a));
  // Word starts of the other words, checked on the index rows themselves (LIKE is cheaper than a regex).
  const others = words
    .filter((w) => w !== driver)
    .map((w) => sql`(apeynom_norm like ${`${w}%`} or apeynom_norm like ${`% ${w}%`})`);
  // A name can match through two of its words: read twice what is wanted and keep each member once.
  const limit = (wanted + exclude.size) * 2;
  const range = sql`select palabra, apeynom_norm, idafi from afiliados_palabras where palabra like ${`${driver}%`}
    order by palabra, apeynom_norm, idafi limit ${others.length ? WORD_SCAN_CAP : limit}`;
  const db = await getDb();
  const result = await db.execute(
    others.length
      ? sql`select idafi from (${range}) c where ${sql.join(others, sql` and `)} order by palabra, apeynom_norm, idafi limit ${limit}`
      : sql`select idafi from (${range}) c`,
  );
  const hits = (result as unknown as { rows: { idafi: number }[] }).rows;
  const ids = [...new Set(hits.map((h) => Number(h.idafi)))].filter((id) => !exclude.has(id)).slice(0, wanted);
  if (ids.length === 0) return [];
  const rows = await db.select(rowFields).from(afiliados).where(inArray(afiliados.idafi, ids));
  const byId = new Map(rows.map((r) => [r.idafi, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is PadronRow => Boolean(r));
}

async function byTrigram(norm: string): Promise<PadronRow[]> {
  const db = await getDb();
  return db
    .select(rowFields)
    .from(afiliados)
    .where(sql`${norm}::text <% ${afiliados.apeynomNorm}`)
    .orderBy(
      desc(sql`word_similarity(${norm}::text, ${afiliados.apeynomNorm})`),
      desc(sql`similarity(${afiliados.apeynomNorm}, ${norm}::text)`),
      asc(afiliados.apeynomNorm),
      asc(afiliados.idafi),
    )
    .limit(READ_LIMIT);
}
