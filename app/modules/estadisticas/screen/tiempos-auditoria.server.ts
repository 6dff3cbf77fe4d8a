// The /osep-tiempos-auditoria screen's loader data (spec part 2 §2; docs/decisions/013-audit-time-metrics.md): the
// period's statistics per auditor (read on the reporting snapshot) and the dialog the URL opens (an auditor's
// audited authorisations, those of the previous day, or one authorisation). The URL is read through
// TiemposScreenQuerySchema; a bad period or dialog answers 400 with its message.
import { json, type TypedResponse } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { nroAutorizacionSchema, parseInput, queryOf, typedValues } from "~/lib/input";
import {
  autorizacionDetalle,
  autorizacionesAuditadas,
  estadisticasGenerales,
  type AutorizacionDetalle,
} from "~/modules/estadisticas/auditoria.server";
import type { AutorizacionAuditada } from "~/modules/estadisticas/rules";
import {
  AutorizacionesQuerySchema,
  EQUIPO,
  EstadisticasQuerySchema,
  TiemposScreenQuerySchema,
  type EstadisticasQuery,
  type TiemposScreenQuery,
} from "~/modules/estadisticas/auditoria.schema";
import { auditoriaFilas, type AuditoriaFila } from "~/modules/estadisticas/reports/tiempos-auditoria.columns";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";

/** The dialog the URL opens. */
type TiemposDialogo =
  | {
      tipo: "listado" | "anteriores";
      auditor: string;
      resultado: AutorizacionAuditada[];
      total: number;
      truncado: boolean;
    }
  | { tipo: "autorizacion"; nro: number; autorizaciones: AutorizacionDetalle[] };

/** The loader's data: the period, the view, the statistics' rows (null before a search) and the open dialog. */
export type TiemposScreenData = {
  snapshot: ReturnType<typeof reportSnapshot>;
  values: { fecha_desde: string; fecha_hasta: string };
  vista: "general" | "auditor";
  filas: AuditoriaFila[] | null;
  dialogo: TiemposDialogo | null;
  error: string | null;
  errors: Record<string, string>;
  unavailable: string | null;
  /** Operation 41: 'Exportar a PDF' of the period is shown. */
  canExport: boolean;
};

async function loadDialogo(
  p: TiemposScreenQuery,
  q: EstadisticasQuery,
): Promise<TiemposDialogo | { error: string } | null> {
  const tipo = p.dialogo;
  if (tipo === "listado" || tipo === "anteriores") {
    // a list of rows: the listing's period limit (366 days), not the statistics' (10 years)
    const lq = parseInput(AutorizacionesQuerySchema, {
      fecha_desde: q.fecha_desde,
      fecha_hasta: q.fecha_hasta,
      auditor: p.auditor ?? "",
      solo_dia_anterior: tipo === "anteriores",
    });
    if (!lq.ok) return { error: lq.msg };
    const r = await autorizacionesAuditadas(lq.data);
    if (!r.ok) return { error: r.msg };
    return { tipo, auditor: lq.data.auditor ?? EQUIPO, ...r.value };
  }
  if (tipo === "autorizacion") {
    const nro = parseInput(nroAutorizacionSchema, p.nro ?? "");
    if (!nro.ok) return { error: nro.msg };
    const r = await autorizacionDetalle(nro.data);
    if (!r.ok) return { error: r.msg };
    return { tipo, nro: nro.data, autorizaciones: r.value };
  }
  return null;
}

/** The loader's data of /osep-tiempos-auditoria (the route has checked the screen). */
export async function tiemposAuditoriaScreen(
  request: Request,
  user: SessionUser,
): Promise<TypedResponse<TiemposScreenData>> {
  const read = parseInput(TiemposScreenQuerySchema, queryOf(request));
  const p: TiemposScreenQuery = read.ok ? read.data : {};
  const today = todayISO();
  const values = typedValues(
    p,
    { fecha_desde: 10, fecha_hasta: 10 },
    { absent: { fecha_desde: today, fecha_hasta: today } },
  );
  const base: TiemposScreenData = {
    snapshot: reportSnapshot(user, request),
    values,
    vista: p.vista === "auditor" ? "auditor" : "general",
    filas: null,
    dialogo: null,
    error: null,
    errors: {},
    unavailable: null,
    canExport: can(user, OP.EXPORTAR_TIEMPOS_AUDITORIA),
  };
  if (p.fecha_desde === undefined && p.fecha_hasta === undefined) return json(base);

  const parsed = parseInput(EstadisticasQuerySchema, { ...values, auditor: "" });
  if (!parsed.ok) {
    const errors = Object.fromEntries(parsed.errors.map((e) => [e.param, e.msg]));
    return json({ ...base, error: parsed.msg, errors }, { status: 400 });
  }
  const result = await estadisticasGenerales(parsed.data);
  if (!result.ok) return json({ ...base, unavailable: result.msg });
  // The previous-day lists are opened in their own dialog: the page carries the counts only.
  const filas: AuditoriaFila[] = auditoriaFilas(result.value);
  const dialogo = await loadDialogo(p, parsed.data);
  if (dialogo && "error" in dialogo) return json({ ...base, filas, error: dialogo.error }, { status: 400 });
  return json({ ...base, filas, dialogo });
}
