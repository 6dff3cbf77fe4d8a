// Padrón de Planes (spec part 1 §2/§3/§4/§7; docs/decisions/040-padron-de-planes.md): the enrolments of a coverage
// read from the reporting snapshot, for the screen (a page, or the whole list capped when paging is hidden), the
// JSON API (a page, or every row with for_export), the streamed Excel and the PDF. Every entry point goes through
// here, so the coverage check (an unknown code is a 422) and the export's audit entry hold on every path.
import {
  coberturasRows,
  enrolamientosBatches,
  enrolamientosCount,
  enrolamientosRows,
  type Cobertura,
  type EnrolamientoSqlRow,
  type EnrolamientosFilter,
  type SnapshotReader,
} from "~reporting/index";
import { xlsxResponse, type ExcelColumn } from "~reporting/render/excel";
import { getDb } from "~db/client.server";
import { audit, type AuditActor } from "~/lib/audit.server";
import { fromSnapshot, openForDownload, rowsThenRelease } from "~/modules/reporting/snapshot.server";
import { ageOn } from "~/modules/afiliados/rules";
import { formatDateTimeAR, todayISO } from "~/lib/dates";
import { containsPattern } from "~/lib/text-search.server";
import type { PlanesFilter } from "./padron-planes.schema";
import { msgCoberturaInexistente, PDF_MAX_ROWS, msgPdfDemasiadasFilas, UNPAGED_MAX_ROWS } from "./rules";

export type { Cobertura };

/** An enrolment row of spec part 1 §3, plus idenrolamiento (unique per row), estado and vencido (red rows). */
export type EnrolmentRow = Omit<EnrolamientoSqlRow, "baperfenac"> & { edad: number | null };

export type PlanesFailure = { ok: false; status: 422 | 503; msg: string };
export type PlanesResult = {
  ok: true;
  rows: EnrolmentRow[];
  total: number;
  coberturas: Cobertura[];
  datos_al: string;
};

/** What to return: one page, the whole list capped (paging hidden on screen), or every row (API export). */
export type Paging =
  { page: number; size: number } | "unpaged" | { all: true; refuseAbove: number; tooMany: (total: number) => string };

/** The snapshot filter of a parsed filter on `today`: text filters become literal "contains" LIKE patterns. */
function snapshotFilter(f: PlanesFilter, today: string): EnrolamientosFilter {
  return {
    hoy: today,
    cod_padron: f.cod_padron,
    dni: f.afi_dni || null,
    apellidoLike: f.apellido ? containsPattern(f.apellido) : null,
    nombreLike: f.nombre ? containsPattern(f.nombre) : null,
    soloInactivos: f.ver_solo_afi_inactivo,
    soloVencidos: f.ver_solo_enrolamiento_vencido,
    soloActivos: f.ver_solo_enrolamiento_activo,
    enConvenio: f.ver_afiliados_en_convenio,
  };
}

/** A query row as the API, the screen and the exports show it: the age on `today` instead of the birth date. */
function toEnrolmentRow(r: EnrolamientoSqlRow, today: string): EnrolmentRow {
  const { baperfenac, ...rest } = r;
  return { ...rest, edad: ageOn(baperfenac, today) };
}

class Refused extends Error {
  constructor(
    readonly status: 422,
    msg: string,
  ) {
    super(msg);
  }
}

async function checkCobertura(reader: SnapshotReader, cod: number): Promise<Cobertura[]> {
  const coberturas = await coberturasRows(reader);
  if (!coberturas.some((c) => c.gravcodgra === cod)) throw new Refused(422, msgCoberturaInexistente(cod));
  return coberturas;
}

/**
 * The enrolments of a filter with their total and the snapshot's coverages. An unknown coverage is a 422; no
 * snapshot yet a 503 (the store's message); { all } answers a 422 when the total is above `refuseAbove`.
 */
export async function buscarEnrolamientos(
  f: PlanesFilter,
  paging: Paging,
  today: string = todayISO(),
): Promise<PlanesResult | PlanesFailure> {
  const filter = snapshotFilter(f, today);
  try {
    const r = await fromSnapshot(async (reader) => {
      const coberturas = await checkCobertura(reader, f.cod_padron);
      const total = await enrolamientosCount(reader, filter);
      if (typeof paging === "object" && "all" in paging && total > paging.refuseAbove) {
        return { coberturas, total, rows: null };
      }
      const limits =
        paging === "unpaged"
          ? { limit: UNPAGED_MAX_ROWS, offset: 0 }
          : "all" in paging
            ? undefined
            : { limit: paging.size, offset: paging.page * paging.size };
      const rows = total === 0 ? [] : await enrolamientosRows(reader, filter, limits);
      return { coberturas, total, rows };
    });
    if (!r.ok) return { ok: false, status: 503, msg: r.msg };
    if (r.value.rows === null) {
      const msg = typeof paging === "object" && "all" in paging ? paging.tooMany(r.value.total) : "";
      return { ok: false, status: 422, msg };
    }
    return {
      ok: true,
      rows: r.value.rows.map((x) => toEnrolmentRow(x, today)),
      total: r.value.total,
      coberturas: r.value.coberturas,
      datos_al: r.datos_al,
    };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, status: e.status, msg: e.message };
    throw e;
  }
}

/** The snapshot's coverages (the select and GET /api/enrolamiento/coberturas); 503 without a snapshot. */
export async function listCoberturas(): Promise<{ ok: true; coberturas: Cobertura[] } | PlanesFailure> {
  const r = await fromSnapshot(coberturasRows);
  return r.ok ? { ok: true, coberturas: r.value } : { ok: false, status: 503, msg: r.msg };
}

/** Exports of member data go to the audit log: who, which filter, through what, how many rows. */
export async function recordPlanesExport(
  user: AuditActor,
  f: PlanesFilter,
  via: "xlsx" | "pdf" | "api",
  filas: number | null,
): Promise<void> {
  await audit(await getDb(), user, {
    accion: "padron_planes.exportar",
    entidad: "cobertura",
    entidadId: String(f.cod_padron),
    detalle: { ...f, via, filas },
  });
}

// ---- Excel: the whole filtered list streamed from the snapshot's batches ------------------------------------

const XLSX_FILENAME = "padron-planes.xlsx";
export const XLSX_SHEET = "Padrón de Planes";

const ESTADO_ENROLAMIENTO = (r: EnrolmentRow) => (r.vencido ? "VENCIDO" : "VIGENTE");

const XLSX_COLUMNS: ExcelColumn<EnrolmentRow>[] = [
  { header: "APELLIDO", value: (r) => r.baperapell, width: 24 },
  { header: "NOMBRE", value: (r) => r.bapernombr, width: 24 },
  { header: "DNI", value: (r) => r.dni, width: 12 },
  { header: "NRO. AFILIADO", value: (r) => r.bagfmnroaf, width: 16 },
  { header: "ESTADO", value: (r) => r.estado, width: 10 },
  { header: "FECHA DE BAJA", value: (r) => r.bagfmfecba, type: "date", width: 14 },
  { header: "INICIO", value: (r) => r.enprfecvig, type: "date", width: 12 },
  { header: "FIN", value: (r) => r.enprfecbaj, type: "date", width: 12 },
  { header: "ENROLAMIENTO", value: ESTADO_ENROLAMIENTO, width: 14 },
  { header: "NRO. MIEMBRO", value: (r) => r.enprnromie, width: 12 },
  { header: "EDAD", value: (r) => r.edad, type: "integer", width: 8 },
  { header: "SEXO", value: (r) => r.sexocodigo, width: 6 },
  { header: "LOCALIDAD", value: (r) => r.localidad, width: 20 },
  { header: "DEPARTAMENTO", value: (r) => r.dpto, width: 18 },
  { header: "PROVINCIA", value: (r) => r.pcia, width: 16 },
  { header: "CÓDIGO POSTAL", value: (r) => r.codpostal, width: 12 },
  { header: "DOMICILIO", value: (r) => r.domicilio, width: 30 },
  { header: "CELULAR", value: (r) => r.telcelular, width: 16 },
  { header: "EMAIL", value: (r) => r.email, width: 28 },
  { header: "CARÁCTER", value: (r) => r.cobcaract, width: 12 },
  { header: "SUBCARÁCTER", value: (r) => r.cobsubcaract, width: 30 },
  { header: "TIPO DE CONVENIO", value: (r) => r.tipoconvenio, width: 18 },
  { header: "CLASIFICACIÓN CONVENIO", value: (r) => r.clasificacion_convenio, width: 22 },
  { header: "INSTITUCIÓN CONVENIO", value: (r) => r.institucion_convenio, width: 24 },
  { header: "PROVINCIA CONVENIO", value: (r) => r.provincia_convenio, width: 18 },
  { header: "INICIO CONVENIO", value: (r) => r.inicio_convenio, type: "date", width: 14 },
  { header: "FIN CONVENIO", value: (r) => r.fin_convenio, type: "date", width: 14 },
];

/** The reader's rows as enrolment rows, one at a time; the reader is released when they end, fail or stop. */
/**
 * The Excel download: the coverage checked, the export audited, then every row of the filter streamed (no bound:
 * memory stays flat). X-Datos-Al is the build time of the very snapshot streamed.
 */
export async function planesXlsx(
  user: AuditActor,
  f: PlanesFilter,
  today: string = todayISO(),
): Promise<{ ok: true; response: Response } | PlanesFailure> {
  const opened = await openForDownload();
  if (!opened.ok) return opened;
  const { snapshot } = opened;
  try {
    await checkCobertura(snapshot, f.cod_padron);
    await recordPlanesExport(user, f, "xlsx", null);
  } catch (e) {
    snapshot.release();
    if (e instanceof Refused) return { ok: false, status: e.status, msg: e.message };
    throw e;
  }
  const builtAt = snapshot.info.built_at;
  const filter = snapshotFilter(f, today);
  const response = xlsxResponse(
    XLSX_FILENAME,
    XLSX_SHEET,
    XLSX_COLUMNS,
    rowsThenRelease(snapshot, enrolamientosBatches(snapshot, filter), (r) => toEnrolmentRow(r, filter.hoy)),
  );
  response.headers.set("X-Datos-Al", builtAt);
  return { ok: true, response };
}

// ---- PDF: bounded to PDF_MAX_ROWS ---------------------------------------------------------------------------

export type PlanesReportData = {
  rows: EnrolmentRow[];
  total: number;
  filter: PlanesFilter;
  cobertura: string;
  datos_al: string;
  generatedAt: string;
};

/** The rows of the PDF (all of the filter), refused with a clear 422 above PDF_MAX_ROWS; audited. */
export async function planesReportData(
  user: AuditActor,
  f: PlanesFilter,
  today: string = todayISO(),
): Promise<{ ok: true; data: PlanesReportData } | PlanesFailure> {
  const r = await buscarEnrolamientos(
    f,
    { all: true, refuseAbove: PDF_MAX_ROWS, tooMany: msgPdfDemasiadasFilas },
    today,
  );
  if (!r.ok) return r;
  await recordPlanesExport(user, f, "pdf", r.total);
  const cob = r.coberturas.find((c) => c.gravcodgra === f.cod_padron);
  return {
    ok: true,
    data: {
      rows: r.rows,
      total: r.total,
      filter: f,
      cobertura: cob ? `${cob.gravcodgra} - ${cob.gravdesgra}` : String(f.cod_padron),
      datos_al: r.datos_al,
      generatedAt: formatDateTimeAR(new Date()),
    },
  };
}
