// Pre-settlement query (preliquidación, spec part 2 §2/§7/§9; docs/decisions/015-pre-settlement.md): the rows of
// one responsable in a period, read from the reporting snapshot, for the screen, the CSV download and the API.
// The responsable scoping (rules.ts) is checked here, so every entry point enforces it.
import { stringify } from "csv-stringify/sync";
import { SnapshotUnavailableError, usableSnapshot, withSnapshot } from "~reporting/index";
import {
  liquidacionBatches,
  liquidacionCount,
  liquidacionRows,
  type LiquidacionFilter,
  type LiquidacionRow,
} from "~reporting/index";
import { getDb } from "~db/client.server";
import { audit, type AuditActor } from "~/modules/audit-log/audit.server";
import { fromSnapshot } from "~/modules/reporting/snapshot.server";
import { formatDateAR } from "~/lib/dates";
import {
  CSV_FILENAME,
  LIQUIDACION_FIELDS,
  MSG_RESPONSABLE_NO_PERMITIDO,
  msgDemasiadasFilas,
  type LiquidacionQuery,
} from "./liquidacion.schema";
import { cuitCanonico, puedeVerResponsable, type UsuarioResponsable } from "./rules";

export type LiquidacionFailure = { ok: false; status: 403 | 422 | 503; msg: string };
export type Liquidacion = { ok: true; rows: LiquidacionRow[]; total: number; datos_al: string };

type Access = { ok: true; filter: LiquidacionFilter | null } | LiquidacionFailure;

/** The scoping check and the snapshot filter; filter null = text that is no CUIT (no rows, never an error). */
function access(user: UsuarioResponsable, q: LiquidacionQuery): Access {
  if (!puedeVerResponsable(user, q.responsable)) return { ok: false, status: 403, msg: MSG_RESPONSABLE_NO_PERMITIDO };
  const cuit = cuitCanonico(q.responsable);
  return { ok: true, filter: cuit ? { desde: q.fecha_desde, hasta: q.fecha_hasta, cuit } : null };
}

/**
 * The rows for the screen and the JSON API. `limit` caps the rows returned (total is always the full count);
 * `refuseAbove` answers 422 instead when the total is larger (the API's cap).
 */
export async function consultarLiquidacion(
  user: UsuarioResponsable,
  q: LiquidacionQuery,
  opts: { limit?: number; refuseAbove?: number } = {},
): Promise<Liquidacion | LiquidacionFailure> {
  const a = access(user, q);
  if (!a.ok) return a;
  const filter = a.filter;
  const result = await fromSnapshot(async (reader) => {
    if (!filter) return { rows: [] as LiquidacionRow[], total: 0, refused: false };
    const total = await liquidacionCount(reader, filter);
    if (opts.refuseAbove !== undefined && total > opts.refuseAbove) return { rows: [], total, refused: true };
    const rows = total === 0 ? [] : await liquidacionRows(reader, filter, opts.limit);
    return { rows, total, refused: false };
  });
  if (!result.ok) return { ok: false, status: 503, msg: result.msg };
  if (result.value.refused) return { ok: false, status: 422, msg: msgDemasiadasFilas(result.value.total) };
  return { ok: true, rows: result.value.rows, total: result.value.total, datos_al: result.datos_al };
}

// ---- CSV (docs/decisions/015): UTF-8 with BOM, ';', CRLF, header = the spec's field names -----------------

const BOM = "\uFEFF";
const CSV_OPTIONS = { delimiter: ";", record_delimiter: "\r\n" } as const;

/** Money for Excel es-AR: decimal comma, no thousands separator ('1234,50'). */
export function csvMoney(v: string | null): string {
  return v == null ? "" : v.replace(".", ",");
}

/** One liquidation row as CSV cells, in LIQUIDACION_FIELDS order. */
export function csvCells(r: LiquidacionRow): string[] {
  return LIQUIDACION_FIELDS.map((f) => {
    const v = r[f];
    if (v == null) return "";
    if (f === "fecha") return formatDateAR(String(v));
    if (f === "montoauthonorario" || f === "montoautgasto") return csvMoney(v as string);
    if (f === "anulado") return v ? "SI" : "NO";
    return String(v);
  });
}

export const csvHeader = (): string => BOM + stringify([[...LIQUIDACION_FIELDS]], CSV_OPTIONS);

/**
 * The CSV of a query as a byte stream straight from the snapshot batches (memory stays flat for big months).
 * The snapshot stays open until the stream ends or is cancelled; a reader that stops reading pauses the query.
 */
export function liquidacionCsvStream(filter: LiquidacionFilter | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let wake: (() => void) | null = null;
  let cancelled = false;
  const waitForDemand = () => new Promise<void>((resolve) => (wake = resolve));
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvHeader()));
        if (!filter) {
          controller.close();
          return;
        }
        void withSnapshot(async (reader) => {
          for await (const batch of liquidacionBatches(reader, filter)) {
            if (cancelled) break;
            while ((controller.desiredSize ?? 1) <= 0 && !cancelled) await waitForDemand();
            if (cancelled) break;
            controller.enqueue(encoder.encode(stringify(batch.map(csvCells), CSV_OPTIONS)));
          }
        }).then(
          () => {
            if (!cancelled) controller.close();
          },
          (e) => {
            console.error("liquidacion CSV:", e);
            if (!cancelled) controller.error(e);
          },
        );
      },
      pull() {
        const w = wake;
        wake = null;
        w?.();
      },
      cancel() {
        cancelled = true;
        const w = wake;
        wake = null;
        w?.();
      },
    },
    { highWaterMark: 4 },
  );
}

/** The CSV download/API answer: scoping first, then the snapshot check, then the streamed file. */
export function liquidacionCsv(
  user: UsuarioResponsable,
  q: LiquidacionQuery,
): { ok: true; response: Response } | LiquidacionFailure {
  const a = access(user, q);
  if (!a.ok) return a;
  const info = usableSnapshot();
  if (!info) return { ok: false, status: 503, msg: new SnapshotUnavailableError().message };
  const response = new Response(liquidacionCsvStream(a.filter), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${CSV_FILENAME}"`,
      "Cache-Control": "no-store",
      "X-Datos-Al": info.built_at,
    },
  });
  return { ok: true, response };
}

/** Exports of member data are recorded in the audit log (who, which responsable and period, through what). */
export async function auditLiquidacionExport(user: AuditActor, q: LiquidacionQuery, via: "csv" | "api"): Promise<void> {
  await audit(await getDb(), user, {
    accion: "liquidacion.exportar",
    entidad: "responsable",
    entidadId: q.responsable,
    detalle: { fecha_desde: q.fecha_desde, fecha_hasta: q.fecha_hasta, via },
  });
}
