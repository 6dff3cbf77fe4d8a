// Voluntary affiliates (spec part 2 §2, §3, §7; docs/decisions/039-voluntary-affiliates.md), read from the reporting
// snapshot: the screen's page and its full list for the grid, the API's listado, and the streamed Excel. "Today" is
// the insurer's day (todayISO), bound into the status SQL; no snapshot yet → { ok: false, status: 503, msg }.
import {
  voluntariosBatches,
  voluntariosCount,
  voluntariosList,
  voluntariosRows,
  type OpenSnapshot,
  type VoluntarioListRow,
  type VoluntarioRow,
  type VoluntariosFilter,
} from "~reporting/index";
import { xlsxResponse, type ExcelColumn } from "~reporting/render/excel";
import { getDb } from "~db/client.server";
import { todayISO } from "~/lib/dates";
import { audit, type AuditActor } from "~/lib/audit.server";
import { cuilText } from "~/modules/afiliados/rules";
import { fromSnapshot, openForDownload, rowsThenRelease } from "~/modules/reporting/snapshot.server";
import { sortRows, type GridSort } from "~/components/ui/grid-rules";
import { VOLUNTARIOS_COLUMNS } from "./columns";
import { EXCEL_FILENAME, EXCEL_SHEET, PAGE_SIZE, type VoluntariosQuery } from "./voluntarios.schema";

export type VoluntariosFailure = { ok: false; status: 503; msg: string };

/** The filter of a query on `hoy` (today in the insurer's time zone unless a test fixes it). */
function filterOf(q: VoluntariosQuery, hoy = todayISO()): VoluntariosFilter {
  return { estado: q.estado, search: q.search || null, hoy };
}

export type VoluntariosPage = {
  ok: true;
  rows: VoluntarioListRow[];
  total: number;
  page: number;
  size: number;
  datos_al: string;
};

/**
 * One page of the list (the server table) and the total of the filter. Sorted by a column of the grid (`sort`,
 * ADR 059): every row of the filter sorted by the grid's rules, as the grid sorts them with JavaScript, then the page.
 */
export async function voluntariosPage(
  q: VoluntariosQuery,
  page: number,
  hoy = todayISO(),
  sort: GridSort | null = null,
): Promise<VoluntariosPage | VoluntariosFailure> {
  const f = filterOf(q, hoy);
  const r = await fromSnapshot(async (reader) => {
    if (sort) {
      const all = sortRows(await voluntariosList(reader, f), VOLUNTARIOS_COLUMNS, sort);
      return { rows: all.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE), total: all.length };
    }
    const total = await voluntariosCount(reader, f);
    const rows = total > page * PAGE_SIZE ? await voluntariosList(reader, f, { page, size: PAGE_SIZE }) : [];
    return { rows, total };
  });
  if (!r.ok) return { ok: false, status: 503, msg: r.msg };
  return { ok: true, ...r.value, page, size: PAGE_SIZE, datos_al: r.datos_al };
}

/** Every row of the filter in the screen's shape (the grid's data, filtered in the browser). */
export async function voluntariosTodos(
  q: VoluntariosQuery,
  hoy = todayISO(),
): Promise<{ ok: true; rows: VoluntarioListRow[] } | VoluntariosFailure> {
  const r = await fromSnapshot((reader) => voluntariosList(reader, filterOf(q, hoy)));
  return r.ok ? { ok: true, rows: r.value } : { ok: false, status: 503, msg: r.msg };
}

/** A voluntary affiliate as the API answers it (spec §3): the CUILs as text (cuilText rules). */
export type VoluntarioApi = {
  apeynomfam: string;
  nroafifam: string;
  dnifam: string;
  cuitfam: string;
  idafifam: number;
  estado: "ACTIVO" | "INACTIVO";
  clasificacion: string | null;
  sexo: string | null;
  fechabaja: string | null;
  motivobaja: string | null;
  apeynomtit: string | null;
  idafitit: number | null;
  cuittit: string | null;
  dnitit: string | null;
  categoriatit: string | null;
};

const cuilFam = (r: VoluntarioRow) => cuilText(r);
const cuilTit = (r: VoluntarioRow) =>
  r.idafitit == null
    ? null
    : cuilText({
        cuil_prefijo: r.tit_cuil_prefijo,
        cuil_nrocentral: r.tit_cuil_nrocentral,
        cuil_dtoverific: r.tit_cuil_dtoverific,
      });

function toApi(r: VoluntarioRow): VoluntarioApi {
  return {
    apeynomfam: r.apeynomfam,
    nroafifam: r.nroafifam,
    dnifam: r.dnifam,
    cuitfam: cuilFam(r),
    idafifam: r.idafifam,
    estado: r.estado,
    clasificacion: r.clasificacion,
    sexo: r.sexo,
    fechabaja: r.fechabaja,
    motivobaja: r.motivobaja,
    apeynomtit: r.apeynomtit,
    idafitit: r.idafitit,
    cuittit: cuilTit(r),
    dnitit: r.dnitit,
    categoriatit: r.categoriatit,
  };
}

/** GET /api/padron_voluntarios/full-view: { listado } of every row of the filter. */
export async function voluntariosListado(
  q: VoluntariosQuery,
  hoy = todayISO(),
): Promise<{ ok: true; listado: VoluntarioApi[] } | VoluntariosFailure> {
  const r = await fromSnapshot(async (reader) => (await voluntariosRows(reader, filterOf(q, hoy))).map(toApi));
  return r.ok ? { ok: true, listado: r.value } : { ok: false, status: 503, msg: r.msg };
}

// ---- Excel (sheet 'Listado Voluntarios'): the family member's columns, then the holder's ----------------------

export const EXCEL_COLUMNS: ExcelColumn<VoluntarioRow>[] = [
  { header: "APELLIDO Y NOMBRE", value: (r) => r.apeynomfam, width: 36 },
  { header: "NÚMERO DE AFILIADO", value: (r) => r.nroafifam, width: 20 },
  { header: "DNI", value: (r) => r.dnifam, width: 12 },
  { header: "CUIL", value: cuilFam, width: 28 },
  { header: "NÚMERO INTERNO", value: (r) => r.idafifam, type: "integer", width: 16 },
  { header: "ESTADO", value: (r) => r.estado, width: 10 },
  { header: "CLASIFICACIÓN", value: (r) => r.clasificacion, width: 16 },
  { header: "SEXO", value: (r) => r.sexo, width: 6 },
  { header: "FECHA DE BAJA", value: (r) => r.fechabaja, type: "date", width: 14 },
  { header: "MOTIVO DE BAJA", value: (r) => r.motivobaja, width: 28 },
  { header: "APELLIDO Y NOMBRE TITULAR", value: (r) => r.apeynomtit, width: 36 },
  { header: "NÚMERO INTERNO TITULAR", value: (r) => r.idafitit, type: "integer", width: 16 },
  { header: "CUIL TITULAR", value: cuilTit, width: 28 },
  { header: "DNI TITULAR", value: (r) => r.dnitit, width: 12 },
  { header: "CATEGORÍA TITULAR", value: (r) => r.categoriatit, width: 28 },
];

/** The rows of an open snapshot one by one, the snapshot released when they end, fail or are abandoned. */
/**
 * The streamed workbook of a filter on an open snapshot (the download route and the bench use it): rows go from
 * DuckDB batches straight into exceljs's streaming writer.
 */
export function voluntariosXlsx(snapshot: OpenSnapshot, q: VoluntariosQuery, hoy = todayISO()): Response {
  return xlsxResponse(
    EXCEL_FILENAME,
    EXCEL_SHEET,
    EXCEL_COLUMNS,
    rowsThenRelease(snapshot, voluntariosBatches(snapshot, filterOf(q, hoy))),
  );
}

/**
 * The Excel download: the snapshot (503 without one), the export in the audit log (who, which filter), then the
 * stream. The snapshot stays open until the stream ends.
 */
export async function exportVoluntarios(
  user: AuditActor,
  q: VoluntariosQuery,
): Promise<{ ok: true; response: Response } | VoluntariosFailure> {
  const opened = await openForDownload();
  if (!opened.ok) return opened;
  const { snapshot } = opened;
  try {
    await audit(await getDb(), user, {
      accion: "voluntarios.exportar",
      entidad: "afiliado",
      detalle: { estado: q.estado, search: q.search || null, via: "xlsx" },
    });
  } catch (e) {
    snapshot.release();
    throw e;
  }
  const response = voluntariosXlsx(snapshot, q);
  response.headers.set("X-Datos-Al", snapshot.info.built_at);
  return { ok: true, response };
}
