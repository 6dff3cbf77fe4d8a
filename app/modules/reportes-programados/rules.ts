// Scheduled reports ('Reportes Programados', issue 29; docs/decisions/058-scheduled-reports.md): the report kinds,
// the periods relative to a run, the formats, the files' names and which files a schedule keeps. Pure: used by the
// module, the API and the screen alike. Dates are calendar dates (yyyy-mm-dd) in the insurer's time zone.
import { addDays, addMonths, format } from "date-fns";
import { tz } from "@date-fns/tz";
import { addDaysISO, todayISO, TZ, weekdayISO } from "~/lib/dates";
import { OP, type OperationCode } from "~/auth/operations";

export const SCREEN_PATH = "/reportes-programados";

export const REPORTES = ["tiempos-auditoria", "consumos-prestadores", "ranking-consumos", "preliquidacion"] as const;
export type Reporte = (typeof REPORTES)[number];
export const PERIODOS = ["dia-anterior", "semana-anterior", "mes-anterior"] as const;
export type Periodo = (typeof PERIODOS)[number];
export const FORMATOS = ["pdf", "xlsx", "csv"] as const;
export type Formato = (typeof FORMATOS)[number];

export const REPORTE_TEXT: Record<Reporte, string> = {
  "tiempos-auditoria": "Tiempos de Auditoría",
  "consumos-prestadores": "Consumos por Efector",
  "ranking-consumos": "Ranking de Consumos",
  preliquidacion: "Preliquidación",
};
export const PERIODO_TEXT: Record<Periodo, string> = {
  "dia-anterior": "Día anterior",
  "semana-anterior": "Semana anterior",
  "mes-anterior": "Mes anterior",
};
export const FORMATO_TEXT: Record<Formato, string> = { pdf: "PDF", xlsx: "Excel (xlsx)", csv: "CSV" };

/** The export operation a user needs to download a report's files (besides the screen). */
export const EXPORT_OPERATION: Record<Reporte, OperationCode> = {
  "tiempos-auditoria": OP.EXPORTAR_TIEMPOS_AUDITORIA,
  "consumos-prestadores": OP.EXPORTAR_CONSUMOS_PRESTADORES,
  "ranking-consumos": OP.EXPORTAR_CONSUMOS_PRESTADORES,
  preliquidacion: OP.EXPORTAR_PRELIQUIDACION,
};

/** Active schedules one user may have created (issue 35): each is a run at least once a period, forever. */
export const MAX_PROGRAMACIONES_POR_USUARIO = 20;
/** Active schedules overall (issue 35): what the process that runs them may be asked to write. */
export const MAX_PROGRAMACIONES_ACTIVAS = 200;

/**
 * Runs one process makes at once (issue 35: heavy work is bounded per process); the others wait their turn, each
 * holding its schedule's lock (so 'Ejecutar ahora' of a waiting one is 'en curso'). Two, as the PDF report lane.
 */
export const EJECUCIONES_A_LA_VEZ = 2;
/** A schedule runs at most once an hour (issue 35): its cron names one minute; 'Ejecutar ahora' waits this long. */
const INTERVALO_MINIMO_MS = 60 * 60_000;

export const MSG = {
  REPORTE: "Debe elegir el reporte",
  PERIODO: "Debe elegir el período",
  FORMATO: "Debe elegir el formato",
  FORMATO_CSV: "El formato CSV sólo está disponible para la preliquidación",
  FRECUENCIA: "Debe elegir la frecuencia",
  HORA: "Debe indicar la hora como HH:MM (p. ej. 06:00)",
  CRON_CAMPOS: "La programación debe tener cinco campos: minuto hora día mes día-de-semana (p. ej. 0 6 1 * *)",
  CRON_INVALIDO: "Programación inválida: revise cada campo (minuto hora día mes día-de-semana, p. ej. 0 6 1 * *)",
  RESPONSABLE: "Debe elegir el responsable de la preliquidación",
  RESPONSABLE_INEXISTENTE: "Responsable inexistente",
  EFECTOR: "Debe indicar el código de efector de Consumos por Efector",
  EFECTOR_INEXISTENTE: "Efector inexistente",
  PROGRAMACION_INEXISTENTE: "Programación inexistente",
  ARCHIVO_INEXISTENTE: "Archivo inexistente",
  EN_CURSO: "La programación ya se está ejecutando: espere a que termine",
  CRON_HORARIA:
    "La programación no puede ejecutarse más de una vez por hora: indique un solo minuto (p. ej. 0 6 1 * *)",
  RECIENTE:
    "La programación se ejecutó hace menos de una hora: podrá ejecutarla de nuevo una hora después de su última ejecución",
  MAX_POR_USUARIO: `Ya tiene ${MAX_PROGRAMACIONES_POR_USUARIO} programaciones activas, el máximo por usuario: elimine alguna antes de crear otra`,
  MAX_TOTAL: `Ya hay ${MAX_PROGRAMACIONES_ACTIVAS} programaciones activas, el máximo: elimine alguna antes de crear otra`,
  DUPLICADA:
    "Ya existe una programación activa igual (mismo reporte, período, formato, responsable o efector y frecuencia)",
  ACCION: "Acción desconocida",
  CREADA: "Programación creada",
  ELIMINADA: "Programación eliminada",
  INICIADA: "Ejecución iniciada: el archivo aparecerá en la lista al terminar",
  TERMINADA: "Ejecución terminada: el archivo está en la lista de archivos generados",
  FALLIDA: "La ejecución terminó sin generar el archivo: el motivo figura en la programación",
  EN_CURSO_FILA: "En curso",
} as const;

/** The screen's message after an action (?aviso=…): its text and whether it is good news. */
export const AVISOS = {
  creada: { ok: true, msg: MSG.CREADA },
  iniciada: { ok: true, msg: MSG.INICIADA },
  eliminada: { ok: true, msg: MSG.ELIMINADA },
  "en-curso": { ok: false, msg: MSG.EN_CURSO },
  reciente: { ok: false, msg: MSG.RECIENTE },
  inexistente: { ok: false, msg: MSG.PROGRAMACION_INEXISTENTE },
} as const;

/** The cron hint shown beside the field (used only with 'Avanzado'). */
export const CRON_HINT = "minuto hora día mes día-de-semana, p. ej. 0 6 1 * *";

// ---- 'Frecuencia' (issue 38, docs/decisions/069): presets that compile to a cron expression, and back ------------

/** The weekdays as cron numbers them (0 = domingo), with the preset's value and its text. */
const DIAS = [
  ["domingo", "domingo"],
  ["lunes", "lunes"],
  ["martes", "martes"],
  ["miercoles", "miércoles"],
  ["jueves", "jueves"],
  ["viernes", "viernes"],
  ["sabado", "sábado"],
] as const;
type Dia = (typeof DIAS)[number][0];

/** The form's 'Frecuencia': every day, every <weekday> (Monday first), the 1st of each month, or a cron expression. */
export const FRECUENCIAS = [
  "diaria",
  "lunes",
  "martes",
  "miercoles",
  "jueves",
  "viernes",
  "sabado",
  "domingo",
  "mensual",
  "avanzado",
] as const satisfies readonly ("diaria" | "mensual" | "avanzado" | Dia)[];
export type Frecuencia = (typeof FRECUENCIAS)[number];
export type Preset = Exclude<Frecuencia, "avanzado">;

export const FRECUENCIA_TEXT: Record<Frecuencia, string> = {
  diaria: "Todos los días",
  ...(Object.fromEntries(DIAS.map(([d, text]) => [d, `Cada ${text}`])) as Record<Dia, string>),
  mensual: "El día 1 de cada mes",
  avanzado: "Avanzado (expresión cron)",
};

/** The form's default 'Frecuencia' and 'Hora'. */
export const FRECUENCIA_INICIAL: Frecuencia = "diaria";
export const HORA_INICIAL = "06:00";

/** 'Hora': HH:MM (24 h; one-digit hours and a browser's ':00' seconds are taken too). */
const HORA_RE = /^([01]?\d|2[0-3]):([0-5]\d)(:00)?$/;

export function isHora(hora: string): boolean {
  return HORA_RE.test(hora.trim());
}

/** The cron expression of a preset at `hora` (HH:MM): minute hour day-of-month month weekday. */
export function cronDePreset(frecuencia: Preset, hora: string): string {
  const [, h, m] = HORA_RE.exec(hora.trim()) ?? [];
  if (h === undefined) throw new Error(`hora inválida: ${hora}`);
  const dia = DIAS.findIndex(([d]) => d === frecuencia);
  const dom = frecuencia === "mensual" ? "1" : "*";
  return `${Number(m)} ${Number(h)} ${dom} * ${dia >= 0 ? dia : "*"}`;
}

/** A number field of a cron expression written plainly (no leading zero), within 0..max. */
const plain = (field: string, max: number) => /^(0|[1-9]\d?)$/.test(field) && Number(field) <= max;

/** The preset a cron expression is (as cronDePreset writes it; '7' is Sunday too), or null. */
export function presetDeCron(cron: string): { frecuencia: Preset; hora: string } | null {
  const f = cron.trim().split(/\s+/);
  if (f.length !== 5 || !plain(f[0], 59) || !plain(f[1], 23) || f[3] !== "*") return null;
  const hora = `${f[1].padStart(2, "0")}:${f[0].padStart(2, "0")}`;
  if (f[2] === "1" && f[4] === "*") return { frecuencia: "mensual", hora };
  if (f[2] !== "*") return null;
  if (f[4] === "*") return { frecuencia: "diaria", hora };
  if (!plain(f[4], 7)) return null;
  return { frecuencia: DIAS[Number(f[4]) % 7][0], hora };
}

/** A schedule in Spanish: 'El día 1 de cada mes a las 06:00'; any other expression 'cron: <expr>'. */
export function describirCron(cron: string): string {
  const p = presetDeCron(cron);
  return p ? `${FRECUENCIA_TEXT[p.frecuencia]} a las ${p.hora}` : `cron: ${cron}`;
}

/** The formats a report may be written in (CSV only for the pre-settlement: its CSV is the liquidación's). */
export function formatosDe(reporte: Reporte): readonly Formato[] {
  return reporte === "preliquidacion" ? FORMATOS : (["pdf", "xlsx"] as const);
}

/** A five-field cron expression (minute hour day month weekday); node-cron's own check comes on the server. */
export function isFiveFieldCron(expr: string): boolean {
  return expr.trim().split(/\s+/).length === 5;
}

/**
 * The cross-field rules of a schedule: CSV only for the pre-settlement, the responsable for the pre-settlement, the
 * efector for Consumos por Efector. Each problem with its field.
 */
export function programacionProblems(p: {
  reporte: Reporte;
  formato: Formato;
  responsable?: string | null;
  efector?: string | null;
}): { param: string; msg: string }[] {
  const out: { param: string; msg: string }[] = [];
  if (!formatosDe(p.reporte).includes(p.formato)) out.push({ param: "formato", msg: MSG.FORMATO_CSV });
  if (p.reporte === "preliquidacion" && !p.responsable) out.push({ param: "responsable", msg: MSG.RESPONSABLE });
  if (p.reporte === "consumos-prestadores" && !p.efector) out.push({ param: "efector", msg: MSG.EFECTOR });
  return out;
}

export type PeriodoFechas = { desde: string; hasta: string };

/**
 * The period a run at `instant` covers, in the insurer's time zone: dia-anterior = yesterday; semana-anterior = the
 * previous Monday..Sunday; mes-anterior = the previous calendar month.
 */
export function periodoDeEjecucion(periodo: Periodo, instant: Date): PeriodoFechas {
  const today = todayISO(instant);
  if (periodo === "dia-anterior") {
    const d = addDaysISO(today, -1);
    return { desde: d, hasta: d };
  }
  if (periodo === "semana-anterior") {
    const monday = addDaysISO(today, -((weekdayISO(today) + 6) % 7));
    return { desde: addDaysISO(monday, -7), hasta: addDaysISO(monday, -1) };
  }
  const hasta = addDaysISO(`${today.slice(0, 8)}01`, -1);
  return { desde: `${hasta.slice(0, 8)}01`, hasta };
}

const inTZ = tz(TZ);

/**
 * A file's name: p<schedule>_<reporte>_<desde>_<hasta>_<yyyymmdd-hhmmss of the run>_a<archivo id>.<formato>. The
 * archivo's id (reserved before the file is written) makes it unique: two runs in the same second differ.
 */
export function archivoNombre(
  p: { id: number; reporte: Reporte; formato: Formato },
  periodo: PeriodoFechas,
  generadoEn: Date,
  archivoId: number,
): string {
  const stamp = format(generadoEn, "yyyyMMdd-HHmmss", { in: inTZ });
  return `p${p.id}_${p.reporte}_${periodo.desde}_${periodo.hasta}_${stamp}_a${archivoId}.${p.formato}`;
}

/**
 * Names this module writes, and only those: what the download serves from the directory (no paths). Files written
 * before issue 35 have no `_a<id>`.
 */
const NOMBRE_RE =
  /^p\d{1,10}_[a-z-]{1,40}_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_\d{8}-\d{6}(_a\d{1,10})?\.(pdf|xlsx|csv)$/;

export function isArchivoNombre(name: string): boolean {
  return NOMBRE_RE.test(name);
}

/** A run's temporary file: '.' + the file's name + '.<pid>.<random>.tmp' (never listed nor served). */
const TEMPORAL_RE = /^\.p\d{1,10}_.*\.tmp$/;

/**
 * The schedule a file of REPORTS_DIR belongs to, for what a killed run may have left: a file's name or a run's
 * temporary file; null for anything else (not this module's).
 */
export function programacionDeArchivo(name: string): number | null {
  if (!isArchivoNombre(name) && !TEMPORAL_RE.test(name)) return null;
  return Number(/^\.?p(\d+)_/.exec(name)![1]);
}

/** How long 'Ejecutar ahora' must still wait (ms; 0 = it may run): an hour after the schedule's last run began. */
export function esperaParaEjecutar(ultimaEjecucion: Date | null, now: Date): number {
  if (!ultimaEjecucion) return 0;
  return Math.max(0, ultimaEjecucion.getTime() + INTERVALO_MINIMO_MS - now.getTime());
}

/** The format of a file by its name's extension. */
export function formatoDeNombre(name: string): Formato {
  return name.slice(name.lastIndexOf(".") + 1) as Formato;
}

type ArchivoOrden = { id: number; generado_en: Date };

/** The files of one schedule beyond its newest `keep` (by generation time, then id): the ones to delete. */
export function archivosSobrantes<A extends ArchivoOrden>(archivos: readonly A[], keep: number): A[] {
  const newestFirst = [...archivos].sort((a, b) => b.generado_en.getTime() - a.generado_en.getTime() || b.id - a.id);
  return newestFirst.slice(Math.max(0, keep));
}

/**
 * When the files of a deleted schedule run out: nothing new is written, and they stay for the span their history
 * covered — `history` periods of the schedule's kind after the deletion (12 months of a monthly report by default).
 */
export function vencimientoEliminada(periodo: Periodo, eliminadaEn: Date, history: number): Date {
  if (periodo === "dia-anterior") return addDays(eliminadaEn, history);
  if (periodo === "semana-anterior") return addDays(eliminadaEn, 7 * history);
  return addMonths(eliminadaEn, history);
}

/** A schedule as the API and the screen show it (issue 29's fields, plus efector). */
export type ProgramacionVista = {
  id: number;
  reporte: Reporte;
  periodo: Periodo;
  formato: Formato;
  cron: string;
  responsable: string | null;
  /** The responsable's name (null when none, or not found). */
  responsable_nombre: string | null;
  efector: string | null;
  /** The efector's name (null when none, or not found). */
  efector_nombre: string | null;
  activo: boolean;
  proxima_ejecucion: string | null;
  ultima_ejecucion: string | null;
  ultimo_error: string | null;
};

/** A written file as the API and the screen show it. */
export type ArchivoVista = {
  id: number;
  programacionId: number;
  reporte: Reporte;
  /** The schedule's filter, as in its ProgramacionVista. */
  responsable: string | null;
  responsable_nombre: string | null;
  efector: string | null;
  efector_nombre: string | null;
  nombre: string;
  periodo_desde: string;
  periodo_hasta: string;
  generado_en: string;
  bytes: number;
  url: string;
};

type Filtro = Pick<ProgramacionVista, "responsable" | "responsable_nombre" | "efector" | "efector_nombre">;

/** A schedule's or a file's filter: '20-12345678-9 — CLÍNICA X' (the code alone when the name is unknown; '' none). */
export function filtroTexto(f: Filtro): string {
  const [code, name] = f.responsable ? [f.responsable, f.responsable_nombre] : [f.efector, f.efector_nombre];
  if (!code) return "";
  return name ? `${code} — ${name}` : code;
}

/** The download address of a file. */
export function archivoUrl(id: number): string {
  return `${SCREEN_PATH}/archivos/${id}`;
}
