// The live grid's event stream (ADR 052): one text/event-stream answer per open grid. It subscribes to the grid's
// changes in this process's fan-out and sends `event: cambio` for each (and for a resync after the listener was
// reconnected); `retry:` tells the EventSource how soon to reconnect; a comment every HEARTBEAT_MS keeps proxies from
// closing an idle connection and re-checks the session first (expired, revoked, the screen taken away: the stream
// says `event: fin` and ends). A client that leaves (or the server's shutdown closing every connection) aborts the
// request, which unsubscribes. Each stream holds a place of bounds.server.ts: a session's newer stream beyond its
// bound ends its oldest (`event: fin`, `data: reemplazado`); a full process refuses it (503, Retry-After).
import { apiError } from "~/lib/http.server";
import { tomarPlaza } from "./bounds.server";
import { subscribe, type CambioDeGrilla } from "./fanout.server";
import { startLiveListener } from "./listener.server";

const RETRY_MS = 3_000;
const HEARTBEAT_MS = 20_000;
/** How long a new stream waits for the process's listener to listen (a database that is away: it opens anyway). */
const LISTENER_WAIT_MS = 5_000;

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  // a proxy (nginx) must pass each event on at once
  "X-Accel-Buffering": "no",
};

type Opciones = {
  /** The session the stream is counted against (its bound, bounds.server.ts). */
  sesion: number;
  /** The session still holds the screen (the route's guard again, without touching the session). */
  sigueValida: () => Promise<boolean>;
  heartbeatMs?: number;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

const MSG_DEMASIADAS_GRILLAS =
  "Hay demasiadas grillas en vivo abiertas en el servidor; la actualización automática se reintentará en unos segundos";
/** The wait a refused stream is asked for: the browser's own retry of a refused stream (GrillaEnVivo) is 30 s. */
const FULL_RETRY_AFTER_S = 30;

/** The refusal of a stream when this process holds LIVE_MAX_STREAMS already. */
function procesoLleno(): Response {
  const res = apiError(503, MSG_DEMASIADAS_GRILLAS);
  res.headers.set("Retry-After", String(FULL_RETRY_AFTER_S));
  return res;
}

/** The event stream of `grilla` for this request. */
export async function eventosDeGrilla(request: Request, grilla: CambioDeGrilla, opts: Opciones): Promise<Response> {
  await Promise.race([startLiveListener(), wait(LISTENER_WAIT_MS)]);
  const encoder = new TextEncoder();
  const data = JSON.stringify(grilla);
  let cleanup = () => undefined as void;
  let reemplazado = () => undefined as void;
  // the place is taken and the stream built in one synchronous step: `reemplazado` is set before anything can call it
  const soltarPlaza = tomarPlaza(opts.sesion, () => reemplazado());
  if (!soltarPlaza) throw procesoLleno();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (text: string) => !closed && controller.enqueue(encoder.encode(text));
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        controller.close();
      };
      reemplazado = () => {
        send("event: fin\ndata: reemplazado\n\n");
        close();
      };
      const unsubscribe = subscribe(grilla, () => send(`event: cambio\ndata: ${data}\n\n`));
      const latido = async () => {
        if (await opts.sigueValida()) send(": latido\n\n");
        else {
          send("event: fin\ndata: sesion\n\n");
          close();
        }
      };
      const timer = setInterval(() => void latido().catch(close), opts.heartbeatMs ?? HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(timer);
        unsubscribe();
        soltarPlaza();
        request.signal.removeEventListener("abort", close);
      };
      if (request.signal.aborted) return close();
      request.signal.addEventListener("abort", close);
      send(`retry: ${RETRY_MS}\n: conectado\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}
