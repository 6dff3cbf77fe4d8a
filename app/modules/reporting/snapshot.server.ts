// The app's side of the reporting store: run a report on the current snapshot, say when its data is from, and
// who may ask for a refresh (operation 34 'Actualizar datos de reportes').
import {
  SnapshotUnavailableError,
  readRefreshStatus,
  requestRefresh,
  usableSnapshot,
  withSnapshot,
  type SnapshotReader,
} from "~reporting/index";
import { canDo } from "~/auth/rules";
import type { SessionUser } from "~/auth/guards.server";
import { formatDateTimeAR } from "~/lib/dates";
import { audit } from "~/modules/audit-log/audit.server";
import { getDb } from "~db/client.server";
import { OP } from "~/auth/operations";

export type ReportSnapshot = {
  /** 'dd/mm/yyyy hh:mm' of the snapshot in service (insurer's time zone), or null when none is built yet. */
  datos_al: string | null;
  /** The user may trigger a refresh and watch its progress. */
  canRefresh: boolean;
  /** The refresh's state, for users who may refresh (null otherwise). */
  estado: RefreshEstado | null;
};

export type RefreshEstado = { running: boolean; texto: string; datos_al: string | null; error: string | null };

/** What an administrator sees of the refresh: running or not, its step, and the last failure. */
export function refreshEstado(): RefreshEstado {
  const s = readRefreshStatus();
  const info = usableSnapshot();
  const running = s.state === "running";
  return {
    running,
    texto: running ? (s.phase ?? "Actualizando…") : "",
    datos_al: info ? formatDateTimeAR(new Date(info.built_at)) : null,
    error: s.state === "error" && s.last_error ? `La última actualización falló: ${s.last_error}` : null,
  };
}

export function reportSnapshot(user: SessionUser): ReportSnapshot {
  const estado = refreshEstado();
  const canRefresh = canDo(user, OP.ACTUALIZAR_REPORTES);
  return { datos_al: estado.datos_al, canRefresh, estado: canRefresh ? estado : null };
}

/** An administrator starts a refresh (here, or through the worker); the request goes to the audit log. */
export async function startRefresh(user: SessionUser): Promise<{ queued: boolean }> {
  const { queued } = requestRefresh();
  await audit(await getDb(), user, { accion: "reportes.actualizar", detalle: { queued } });
  return { queued };
}

export type ReportResult<T> = { ok: true; value: T; datos_al: string } | { ok: false; msg: string };

/** Run `fn` on the current snapshot; "no snapshot yet" becomes { ok: false, msg } (screens: alert; API: 503). */
export async function fromSnapshot<T>(fn: (reader: SnapshotReader) => Promise<T>): Promise<ReportResult<T>> {
  try {
    let builtAt = "";
    const value = await withSnapshot((reader) => {
      builtAt = reader.info.built_at;
      return fn(reader);
    });
    return { ok: true, value, datos_al: formatDateTimeAR(new Date(builtAt)) };
  } catch (e) {
    if (e instanceof SnapshotUnavailableError) return { ok: false, msg: e.message };
    throw e;
  }
}
