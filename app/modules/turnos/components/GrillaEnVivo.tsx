// The live grid in the browser (issue 28, ADR 052): an EventSource on /turnos/eventos for the grid shown; each
// `cambio` (another desk assigned, changed or cancelled a slot of this type and day, or the server's listener came
// back and asks for a resync) reloads the screen's data (a fetcher's background reload of the same URL, no activity
// of the user). Coalesced: one reload at a time, and one more after it when events came meanwhile; none while a
// navigation runs. An open dialog is not reloaded away: the page's data (what the dialog shows and what the clerk
// typed) stays; the reload only tells the screen how the grid is now (an open free slot taken at another desk: its
// dialog says so, ADR 079). Every (re)connection reloads once too, for what was missed while away. The EventSource
// reconnects by itself (`retry:`); a refused or ended stream asks the route why (`&comprobar=1`): 401 is a session
// that ended ('La sesión terminó', no more tries, the grid marked as not current); anything else (no permission,
// replaced by a newer stream of the same session beyond its bound, refused by a full server: ADR 052's bounds) is
// tried again after NUEVO_INTENTO_MS. Without JavaScript none of this runs: 'Ver Turnos'.
import { useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { backgroundReloadHref } from "~/lib/background-reload";

const NUEVO_INTENTO_MS = 30_000;

export type EstadoEnVivo = "conectando" | "conectado" | "reintentando" | "detenido" | "sin-sesion";

type Vista = { tipo_tramite: string; fecha_turno: string } | null;

const eventosHref = (v: NonNullable<Vista>) =>
  `/turnos/eventos?${new URLSearchParams({ tipo_tramite: v.tipo_tramite, fecha_turno: v.fecha_turno })}`;

/** Why the stream was refused or ended: the route's status for the same guard without a stream (0: no answer). */
const motivoDelCierre = (href: string): Promise<number> =>
  fetch(`${href}&comprobar=1`, { cache: "no-store" }).then(
    (r) => r.status,
    () => 0,
  );

/** Opens the grid's event stream; returns its state and a counter of the changes heard (each asks for one reload). */
function useEventosDeGrilla(vista: Vista): { estado: EstadoEnVivo; cambios: number } {
  const [estado, setEstado] = useState<EstadoEnVivo>("conectando");
  const [cambios, setCambios] = useState(0);
  const href = vista ? eventosHref(vista) : null;
  useEffect(() => {
    if (!href || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let desmontado = false;
    const avisar = () => setCambios((n) => n + 1);
    const abrir = () => {
      setEstado("conectando");
      const s = new EventSource(href);
      source = s;
      s.addEventListener("open", () => {
        setEstado("conectado");
        avisar(); // what changed while the stream was not open
      });
      s.addEventListener("cambio", avisar);
      const detener = () => {
        s.close();
        setEstado("detenido");
        void motivoDelCierre(href).then((status) => {
          if (desmontado) return;
          if (status === 401) setEstado("sin-sesion");
          else timer = setTimeout(abrir, NUEVO_INTENTO_MS);
        });
      };
      s.addEventListener("fin", detener);
      s.addEventListener("error", () => {
        if (s.readyState === EventSource.CLOSED) detener();
        else setEstado("reintentando");
      });
    };
    abrir();
    return () => {
      desmontado = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [href]);
  return { estado, cambios };
}

/**
 * The live grid: reloads the screen's data after the changes heard, one reload at a time, never while a navigation
 * runs. The reload is a fetcher's load of the same URL marked as a background reload (no activity
 * of the user: the idle timeout keeps running, ADR 052); `datos` is the newer of the page's data and the last reload
 * of this same URL.
 */
export function useGrillaEnVivo<T extends { nowMs: number }>(
  vista: Vista,
  data: T,
): { estado: EstadoEnVivo; cambios: number; datos: T } {
  const { estado, cambios } = useEventosDeGrilla(vista);
  const fetcher = useFetcher<T>();
  const navigation = useNavigation();
  const location = useLocation();
  const [atendidos, setAtendidos] = useState(0);
  const cargadoPara = useRef<string | null>(null);
  const quieto = fetcher.state === "idle" && navigation.state === "idle";
  // the changes heard until a reload starts are answered by it; those heard during it ask for one more
  useEffect(() => {
    if (cambios > atendidos && quieto) {
      setAtendidos(cambios);
      cargadoPara.current = location.search;
      fetcher.load(backgroundReloadHref(location.pathname, location.search));
    }
  }, [cambios, atendidos, quieto, fetcher, location.pathname, location.search]);
  const recargado = fetcher.data as T | undefined;
  const vigente = recargado && cargadoPara.current === location.search && recargado.nowMs > data.nowMs;
  return { estado, cambios, datos: vigente ? recargado : data };
}

const TEXTO: Record<EstadoEnVivo, string> = {
  conectando: "Conectando la actualización automática…",
  conectado: "Actualización automática",
  reintentando: "Sin conexión: reintentando…",
  detenido: "Sin conexión: reintentando…",
  "sin-sesion": "La sesión terminó: vuelva a ingresar.",
};

/** The small status line of the live grid (polite: a screen reader hears a change of state, not every reload). */
export function AvisoEnVivo({ estado, cambios }: { estado: EstadoEnVivo; cambios: number }) {
  // data-cambios: how many changes (and reconnections) were heard, for the tests
  return (
    <p className={`turnos-en-vivo turnos-en-vivo--${estado}`} role="status" aria-live="polite" data-cambios={cambios}>
      {TEXTO[estado]}
      {estado === "sin-sesion" ? (
        <>
          {" "}
          <a href="/">Ingresar</a> <span>La grilla dejó de actualizarse y puede no estar al día.</span>
        </>
      ) : null}
    </p>
  );
}
