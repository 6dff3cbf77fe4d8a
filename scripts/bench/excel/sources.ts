// bench:excel — the Excel exports of the product, each as { columns, rows, ours }: `ours` is the product's own
// download (its module's Response, or xlsxResponse for the lists whose module takes a request's search), `rows` the
// same rows from the same source for exceljs's plain streaming writer (plain.ts). Each kind imports only its own
// modules, so a child's peak RSS is that of its own export.
import type { ExcelColumn } from "~reporting/render/excel";
import { todayISO } from "~/lib/dates";

export type ExcelSource = {
  /** ours: the product's download; plain: the same rows as they come from the source. */
  ours: () => Promise<Response>;
  rows: () => Promise<AsyncIterable<unknown> | Iterable<unknown>>;
  columns: () => Promise<ExcelColumn<unknown>[]>;
  count: () => Promise<number>;
};

export const SYNTH_ROWS = Number(process.env.BENCH_EXCEL_SYNTH_ROWS ?? 22_553);

async function voluntarios(): Promise<ExcelSource> {
  const { openSnapshot, voluntariosBatches, voluntariosCount } = await import("~reporting/index");
  const { voluntariosXlsx, EXCEL_COLUMNS } = await import("~/modules/voluntarios/voluntarios.server");
  const { rowsThenRelease } = await import("~/modules/reporting/snapshot.server");
  const q = { estado: "TODOS" as const, search: "" };
  const f = { estado: q.estado, search: null, hoy: todayISO() };
  return {
    ours: async () => voluntariosXlsx(await openSnapshot(), q),
    rows: async () => {
      const snapshot = await openSnapshot();
      return rowsThenRelease(snapshot, voluntariosBatches(snapshot, f));
    },
    columns: async () => EXCEL_COLUMNS as ExcelColumn<unknown>[],
    count: async () => {
      const s = await openSnapshot();
      try {
        return await voluntariosCount(s, f);
      } finally {
        s.release();
      }
    },
  };
}

/** The members list, 'ver solo afiliados inactivos' (the inactive members, as bench:rosters measured it). */
async function afiliados(): Promise<ExcelSource> {
  const { listadoXlsxResponse, LISTADO_COLUMNS } = await import("~/modules/afiliados/listado.export.server");
  const { countAfiliados, streamListado } = await import("~/modules/afiliados/listado.server");
  const { ListadoFilterSchema } = await import("~/modules/afiliados/listado.schema");
  const filter = ListadoFilterSchema.parse({ ver_solo_afi_inactivo: "true" });
  return {
    ours: async () => listadoXlsxResponse(filter),
    rows: async () => streamListado(filter),
    columns: async () => LISTADO_COLUMNS as ExcelColumn<unknown>[],
    count: () => countAfiliados(filter),
  };
}

/** CAPA: every record of the bench (the export's query, EXPORT_LIMIT), columns by the largest household. */
async function capa(): Promise<ExcelSource> {
  const { listCapa } = await import("~/modules/capa/capa.server");
  const { capaXlsxResponse, capaColumns } = await import("~/modules/capa/export.server");
  const { EXPORT_LIMIT } = await import("~/modules/capa/rules");
  type Ficha = Parameters<typeof capaXlsxResponse>[0][number];
  const read = async () =>
    (
      await listCapa({
        fecha_desde: "2000-01-01",
        fecha_hasta: todayISO(),
        page: 0,
        size: EXPORT_LIMIT,
        for_export: true,
      })
    ).fichas as Ficha[];
  return {
    ours: async () => capaXlsxResponse(await read()),
    rows: read,
    columns: async () => capaColumns(await read()) as ExcelColumn<unknown>[],
    count: async () => (await read()).length,
  };
}

/** 'Consulta de Turnos': its columns over every turno of the bench (a day's search holds a few dozen). */
async function turnos(): Promise<ExcelSource> {
  const { asc } = await import("drizzle-orm");
  const { getDb } = await import("~db/client.server");
  const { turnos: t } = await import("~db/schema/turnos");
  const { TURNO_COLUMNS, toTurno } = await import("~/modules/turnos/consulta.server");
  const { TURNOS_COLUMNS } = await import("~/modules/turnos/listado-export.server");
  const { xlsxResponse } = await import("~reporting/render/excel");
  const read = async () =>
    (await (await getDb()).select(TURNO_COLUMNS).from(t).orderBy(asc(t.fecha_turno), asc(t.hora_turno))).map(toTurno);
  return {
    ours: async () => xlsxResponse("turnos.xlsx", "Turnos", TURNOS_COLUMNS, await read()),
    rows: read,
    columns: async () => TURNOS_COLUMNS as ExcelColumn<unknown>[],
    count: async () => (await read()).length,
  };
}

type Synth = { s: string[]; n1: number; n2: number | null; d: string | null };
const SURNAMES = ["GONZÁLEZ", "RODRÍGUEZ", "PÉREZ", "FERNÁNDEZ", "LÓPEZ", "MUÑOZ", "GÓMEZ", "DÍAZ", "NÚÑEZ"];

function synthRow(i: number): Synth {
  const name = (a: number, b: number) => `${SURNAMES[a % 9]} ${SURNAMES[b % 9]}, ${i % 2 ? "MARÍA JOSÉ" : "JUAN"}`;
  const baja = i % 3 === 0;
  const s = [name(i, i * 7), `${100_000 + i}/0${i % 9}`, String(20_000_000 + i * 37), `27-${20_000_000 + i * 37}-4`];
  s.push(baja ? "INACTIVO" : "ACTIVO", "VOLUNTARIO", i % 2 ? "F" : "M", baja ? "RENUNCIA VOLUNTARIA" : "");
  s.push(name(i * 3, i * 5), `20-${30_000_000 + i}-1`, String(30_000_000 + i), "CATEGORÍA A");
  const d = baja ? `20${String(10 + (i % 15))}-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")}` : null;
  return { s, n1: 500_000 + i, n2: i % 5 ? 400_000 + i : null, d };
}

const text = (k: number, header: string): ExcelColumn<Synth> => ({ header, value: (r) => r.s[k], width: 20 });
const SYNTH_COLUMNS: ExcelColumn<Synth>[] = [
  text(0, "APELLIDO Y NOMBRE"),
  text(1, "NÚMERO DE AFILIADO"),
  text(2, "DNI"),
  text(3, "CUIL"),
  { header: "NÚMERO INTERNO", value: (r) => r.n1, type: "integer" },
  text(4, "ESTADO"),
  text(5, "CLASIFICACIÓN"),
  text(6, "SEXO"),
  { header: "FECHA DE BAJA", value: (r) => r.d, type: "date" },
  text(7, "MOTIVO DE BAJA"),
  text(8, "TITULAR"),
  { header: "NÚMERO INTERNO TITULAR", value: (r) => r.n2, type: "integer" },
  text(9, "CUIL TITULAR"),
  text(10, "DNI TITULAR"),
  text(11, "CATEGORÍA TITULAR"),
];

/** 15 columns like the voluntary affiliates' (12 texts, 2 integers, a date), generated in memory: no source cost. */
async function sintetico(): Promise<ExcelSource> {
  const { xlsxResponse } = await import("~reporting/render/excel");
  function* rows() {
    for (let i = 0; i < SYNTH_ROWS; i++) yield synthRow(i);
  }
  return {
    ours: async () => xlsxResponse("sintetico.xlsx", "Sintético", SYNTH_COLUMNS, rows()),
    rows: async () => rows(),
    columns: async () => SYNTH_COLUMNS as ExcelColumn<unknown>[],
    count: async () => SYNTH_ROWS,
  };
}

export const SOURCES = { voluntarios, afiliados, capa, turnos, sintetico } as const;
export type ExcelKind = keyof typeof SOURCES;
