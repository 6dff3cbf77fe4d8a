// The app's side of the reporting store: run a report on the current snapshot, say when its data is from, and
// who may ask for a refresh (operation 34 'Actualizar datos de reportes').
import {
  openSnapshot,
  type OpenSnapshot,
  SnapshotUnavailableError,
  readRefreshStatus,
  requestRefresh,
  usableSnapshot,
  type RefreshRequestOutcome,
  withSnapshot,
  type SnapshotReader,
} from "~reporting/index";
import { can } from "~/auth/rules";
import type { SessionUser } from "~/auth/guards.server";
import { formatDateTimeAR } from "~/lib/dates";
import { audit } from "~/lib/audit.server";
import { getDb } from "~db/client.server";
import { OP } from "~/auth/operations";
import type { RefreshEstado, ReportSnapshot } from "./rules";

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

/** The snapshot bar of a report for `user`; `request` carries the outcome of a refused refresh request. */
export function reportSnapshot(user: SessionUser, request: Request): ReportSnapshot {
  const estado = refreshEstado();
  const canRefresh = can(user, OP.ACTUALIZAR_REPORTES);
  const outcome = new URL(request.url).searchParams.get(AVISO_PARAM);
  const aviso = canRefresh && (outcome === "busy" || outcome === "error") ? MSG_ACTUALIZACION[outcome] : null;
  return { datos_al: estado.datos_al, aviso, canRefresh, estado: canRefresh ? estado : null };
}

export type { RefreshRequestOutcome };

/** What the administrator is told of each outcome of a refresh request. */
export const MSG_ACTUALIZACION: Record<RefreshRequestOutcome, string> = {
  started: "Actualización iniciada",
  queued: "Actualización pedida",
  busy: "Ya hay una actualización de los datos de informes en curso: los informes mostrarán los datos nuevos cuando termine.",
  error: "No fue posible iniciar la actualización de los datos de informes. Intente nuevamente más tarde.",
};

/** The query parameter that brings a refused refresh's outcome back to the report (the form without JavaScript). */
export const AVISO_PARAM = "actualizacion";

/**
 * An administrator asks for a refresh (here, or through the worker); refused when another holder has the lock.
 * The request and its outcome go to the audit log.
 */
export async function startRefresh(user: SessionUser): Promise<RefreshRequestOutcome> {
  const outcome = await requestRefresh();
  await audit(await getDb(), user, { accion: "reportes.actualizar", detalle: { resultado: outcome } });
  return outcome;
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

/** What a download answers when there is no snapshot yet: 503 with the store's message. */
export type SnapshotMissing = { ok: false; status: 503; msg: string };

/**
 * Open the current snapshot for a streamed download (the reader stays open until the stream gives it back), or
 * { ok: false, status: 503, msg } when none is built yet.
 */
export async function openForDownload(): Promise<{ ok: true; snapshot: OpenSnapshot } | SnapshotMissing> {
  try {
    return { ok: true, snapshot: await openSnapshot() };
  } catch (e) {
    if (e instanceof SnapshotUnavailableError) return { ok: false, status: 503, msg: e.message };
    throw e;
  }
}

/**
 * The rows of `batches` one by one (mapped by `map`), then the reader given back — also when the consumer stops
 * early (a cancelled download ends the writer's loop, which returns this generator).
 */
export async function* rowsThenRelease<R, T = R>(
  snapshot: OpenSnapshot,
  batches: AsyncIterable<R[]>,
  map: (row: R) => T = (row) => row as unknown as T,
): AsyncGenerator<T> {
  try {
    for await (const batch of batches) for (const row of batch) yield map(row);
  } finally {
    snapshot.release();
  }
}
