// The heavy reports' one DataGrid (ADR 059), screen by screen: which grid, the column sorted, the column whose texts
// name the rows, and how the text filter is given. grid-orden.spec.ts (AG Grid, compared with the server table of
// the same URL) and grid-orden.nojs.spec.ts (the server table: header links, the 'Filtrar' form) share them.
import { expect, type Locator, type Page } from "@playwright/test";
import { cellsOf, gridOf, gridRows } from "./grid-support";

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);

export type Escenario = {
  nombre: string;
  /** The screen with its search (the grid's parameters are added). */
  path: () => string;
  grid: string;
  /** The header clicked, the URL's key of that column, and its position. */
  header: string;
  key: string;
  col: number;
  /** Ascending, or (clicked twice) descending. */
  dir: "asc" | "desc";
  kind: "number" | "text" | "date";
  /** The column whose texts name the rows (compared between the modes). */
  ident: number;
  /** The column of names, where the filter's word is taken from. */
  names: number;
  prefix?: string;
  /** The screen's own filter (its URL parameter) instead of the grid's 'Filtrar' box. */
  ownFilter?: string;
  /** The rows compared: the first page. */
  page?: number;
  /** A first row that stays (the team's row). */
  pinned?: string;
};

export const ESCENARIOS: Escenario[] = [
  {
    nombre: "Tiempos de Auditoría, Tabla General",
    path: () => `/osep-tiempos-auditoria?fecha_desde=${daysAgo(60)}&fecha_hasta=${todayAR()}`,
    grid: "Tabla General",
    header: "Autorizaciones",
    key: "cantidad",
    col: 1,
    dir: "desc",
    kind: "number",
    ident: 0,
    names: 0,
    pinned: "Equipo",
  },
  {
    nombre: "Ranking de Consumos",
    path: () =>
      `/consumos-por-prestador?tab=ranking&ranking_desde=${daysAgo(60)}&ranking_hasta=${todayAR()}&buscar=ranking`,
    grid: "Ranking de consumos por efector",
    header: "Efector",
    key: "nommedefector",
    col: 2,
    dir: "asc",
    kind: "text",
    ident: 1,
    names: 2,
    prefix: "ranking_",
  },
  {
    nombre: "Preliquidación",
    path: () =>
      `/liquidacion-prestadores?fecha_desde=${daysAgo(300)}&fecha_hasta=${todayAR()}&responsable=33-57035919-9`,
    grid: "Listado",
    header: "Nombre",
    key: "nombreafiliado",
    col: 9,
    dir: "desc",
    kind: "text",
    ident: 0,
    names: 9,
    page: 20,
  },
  {
    nombre: "Padrón de Planes",
    path: () => "/consultar-padron-onco?cod_padron=53",
    grid: "Afiliados enrolados",
    header: "INICIO",
    key: "enprfecvig",
    col: 4,
    dir: "asc",
    kind: "date",
    ident: 1,
    names: 0,
  },
  {
    nombre: "Padrón Voluntarios",
    path: () => "/padron_voluntarios?estado=INACTIVO",
    grid: "Afiliados voluntarios",
    header: "DNI",
    key: "dnifam",
    col: 1,
    dir: "desc",
    kind: "number",
    ident: 2,
    names: 0,
    ownFilter: "search",
    page: 20,
  },
];

/** Text without case and accents, as the grid filters. */
export const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The texts of one column of the data rows, in order (the first `limit`). */
export async function columnTexts(page: Page, e: Escenario, index: number, limit = 1000): Promise<string[]> {
  const rows = (await gridRows(page, e.grid).all()).slice(0, limit);
  const out: string[] = [];
  for (const row of rows) out.push(((await cellsOf(row).nth(index).textContent()) ?? "").trim());
  return out;
}

/** A word of a row's names to filter by, written without accents and in the other case than shown. */
export async function filterWord(page: Page, e: Escenario): Promise<string> {
  const names = await columnTexts(page, e, e.names);
  for (const n of names.slice(e.pinned ? 1 : 0)) {
    const w = n.split(/[^\p{L}\d]+/u).find((x) => x.length >= 4 && /\p{L}/u.test(x));
    if (w) return w === w.toUpperCase() ? fold(w) : fold(w).toUpperCase();
  }
  throw new Error(`no word to filter ${e.nombre} by`);
}

/** The header of the sorted column (AG Grid's or the server table's). */
export const headerOf = (page: Page, e: Escenario): Locator =>
  gridOf(page, e.grid).getByRole("columnheader", { name: new RegExp(`^${e.header}`) });

const AR_NUMBER = (s: string) => Number(s.replace(/[^\d,-]/g, "").replace(",", "."));
const AR_DATE = (s: string) => s.split(" ")[0].split("/").reverse().join("-");
const BLANK = new Set(["", "-", "Sin fecha", "Sin turno"]);
const collator = new Intl.Collator("es-AR", { sensitivity: "base", numeric: true });

/** Whether the shown texts are in the order asked (blanks last), by an oracle of their own (not the app's rules). */
export function expectOrdered(texts: string[], e: Escenario): void {
  const firstBlank = texts.findIndex((t) => BLANK.has(t));
  if (firstBlank >= 0)
    expect(
      texts.slice(firstBlank).every((t) => BLANK.has(t)),
      "blanks last",
    ).toBe(true);
  const values = texts.filter((t) => !BLANK.has(t));
  const cmp = (a: string, b: string) =>
    e.kind === "number"
      ? AR_NUMBER(a) - AR_NUMBER(b)
      : e.kind === "date"
        ? AR_DATE(a).localeCompare(AR_DATE(b))
        : collator.compare(a, b);
  for (let i = 1; i < values.length; i++) {
    const c = cmp(values[i - 1], values[i]);
    expect(e.dir === "asc" ? c <= 0 : c >= 0, `${values[i - 1]} then ${values[i]} (${e.dir})`).toBe(true);
  }
}
