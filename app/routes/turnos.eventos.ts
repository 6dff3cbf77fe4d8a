// GET /turnos/eventos?tipo_tramite=&fecha_turno= → text/event-stream of that grid's changes (ADR 052): the open
// 'Asignacion de Turnos' grid listens here (EventSource) and reloads its data on each `cambio`. Guarded like the
// screen, but refused with 401/403 { msg } (an EventSource cannot follow a redirect to a page); a bad grid key is
// 400 with the form's Spanish message (a bad day names the URL's format, aaaa-mm-dd). The stream re-checks the session on every heartbeat.
// With `&comprobar=1` the same guard answers 204 and opens no stream: an EventSource cannot read why it was refused
// or ended, so the page asks here (401: the session ended, ADR 079); the check is no activity of the user.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireEventStream } from "~/auth/guards.server";
import { validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { eventosDeGrilla } from "~/modules/turnos/live/stream.server";
import { TURNOS_SCREEN } from "~/modules/turnos/rules";
import { grillaEventosSchema } from "~/modules/turnos/turnos.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEventStream(request, TURNOS_SCREEN, { touch: !esComprobacion(request) });
  const grilla = validate(grillaEventosSchema, queryOf(request));
  if (esComprobacion(request)) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  const sigueValida = () =>
    requireEventStream(request, TURNOS_SCREEN, { touch: false }).then(
      () => true,
      () => false,
    );
  return eventosDeGrilla(request, grilla, { sesion: user.sessionId, sigueValida });
}

/** `?comprobar=1`: the page asks why its stream was refused or ended; no stream, and no activity of the user. */
function esComprobacion(request: Request): boolean {
  return new URL(request.url).searchParams.has("comprobar");
}
