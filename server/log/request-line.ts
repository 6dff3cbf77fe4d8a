// One log line per request (ADR 003, amended by issue 36): method, route PATTERN (never the URL: no path value, no
// query string), status, duration, user id, worker and the request's id — as text for a person, or as one JSON object.
import { requestLog } from "./request-log";
import { activeLogFormat, logger, workerId } from "./logger";

export type RequestFacts = {
  requestId: string;
  method: string;
  /** The route pattern server/server.ts computes (`/api/afiliado/buscarporidafi/:id`, `(sin ruta)`, `/build/*`). */
  route: string;
  status: number;
  ms: number;
  userId: number | null;
};

/** The text line: `<time> id=<reqid> GET /route 200 1.2ms user=<id|->`, then ` worker=<id>` in a cluster worker. */
export function requestText(r: RequestFacts, time = new Date()): string {
  const worker = workerId() ? ` worker=${workerId()}` : "";
  return (
    `${time.toISOString()} id=${r.requestId} ${r.method} ${r.route} ${r.status} ${r.ms.toFixed(1)}ms ` +
    `user=${r.userId ?? "-"}${worker}\n`
  );
}

const json = activeLogFormat() === "json";

export function logRequest(r: RequestFacts): void {
  if (!json) return requestLog.write(requestText(r));
  const fields = {
    reqId: r.requestId,
    method: r.method,
    route: r.route,
    status: r.status,
    durationMs: Math.round(r.ms * 10) / 10,
    userId: r.userId,
  };
  const msg = `${r.method} ${r.route} ${r.status}`;
  if (r.status >= 500) logger().error(fields, msg);
  else logger().info(fields, msg);
}
