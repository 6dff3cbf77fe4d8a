// The live grid's bounds (ADR 052, amended by issue 35): the event streams this process holds open, by session. One
// session holds at most STREAMS_PER_SESSION at once here: its next stream closes its oldest (a clerk's forgotten tabs,
// or a script opening streams in a loop, replace each other instead of piling up). The process holds at most
// LIVE_MAX_STREAMS: beyond it a new stream is refused (the route answers 503 with Retry-After) — unless its session is
// at its own bound, since it then replaces one of its own and the count does not grow. Counted per process (each
// worker of WEB_CONCURRENCY, each instance, has its own bounds); /healthz's details show the count.
import { liveMaxStreams } from "~/lib/config.server";
import { countLiveStream } from "~/lib/metrics.server";

/** Open streams one session may hold in one process: a desk's grid in a few tabs, with room to spare. */
const STREAMS_PER_SESSION = 8;

type Plaza = { sesion: number; cerrar: () => void };

/** Each session's open streams, oldest first (a Set keeps insertion order). */
const porSesion = new Map<number, Set<Plaza>>();
let abiertos = 0;

function soltar(plaza: Plaza): void {
  const propias = porSesion.get(plaza.sesion);
  if (!propias?.delete(plaza)) return;
  abiertos--;
  countLiveStream(-1);
  if (propias.size === 0) porSesion.delete(plaza.sesion);
}

/**
 * Takes a place for a new stream of `sesion`, which `cerrar` ends (it is called when a newer stream of the same
 * session replaces it). Returns the function that gives the place back (idempotent), or null when the process is
 * full. A session at its bound gets its place by closing its oldest stream.
 */
export function tomarPlaza(sesion: number, cerrar: () => void, max = liveMaxStreams()): (() => void) | null {
  const propias = porSesion.get(sesion) ?? new Set<Plaza>();
  const reemplaza = propias.size >= STREAMS_PER_SESSION;
  if (!reemplaza && abiertos >= max) return null;
  while (propias.size >= STREAMS_PER_SESSION) {
    const oldest = propias.values().next().value!;
    soltar(oldest);
    oldest.cerrar();
  }
  const plaza: Plaza = { sesion, cerrar };
  propias.add(plaza);
  porSesion.set(sesion, propias);
  abiertos++;
  countLiveStream(1);
  return () => soltar(plaza);
}

/** This process's open streams and its bounds (/healthz's details). */
export function streamsEnVivo(): { abiertos: number; maximo: number; por_sesion: number } {
  return { abiertos, maximo: liveMaxStreams(), por_sesion: STREAMS_PER_SESSION };
}
