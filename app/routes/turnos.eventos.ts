// GET /turnos/eventos?tipo_tramite=&fecha_turno= → text/event-stream of that grid's changes (ADR 052): the open
// 'Asignacion de Turnos' grid listens here (EventSource) and reloads its data on each `cambio`. Guarded like the
// screen, but refused with 401/403 { msg } (an EventSource cannot follow a redirect to a page); a bad grid key is
// 400 with the form's Spanish message (a bad day names the URL's format, aaaa-mm-dd). The stream re-checks the session on every heartbeat.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireEventStream } from "~/auth/guards.server";
import { validate } from "~/lib/http.server";
import { queryOf } from "~/lib/input";
import { eventosDeGrilla } from "~/modules/turnos/live/stream.server";
import { TURNOS_SCREEN } from "~/modules/turnos/rules";
import { grillaEventosSchema } from "~/modules/turnos/turnos.schema";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEventStream(request, TURNOS_SCREEN);
  const grilla = validate(grillaEventosSchema, queryOf(request));
  const sigueValida = () =>
    requireEventStream(request, TURNOS_SCREEN, { touch: false }).then(
      () => true,
      () => false,
    );
  return eventosDeGrilla(request, grilla, { sesion: user.sessionId, sigueValida });
}
