// The live grid's in-process fan-out (ADR 052): subscribers (open event streams) by grid key, fed by this process's
// one listener (listener.server.ts). A change reaches the subscribers of its grid; a resync (the listener lost its
// connection and is back: changes may have been missed) reaches everybody.
export type CambioDeGrilla = { tipo_tramite: string; fecha_turno: string };
export type AvisoDeGrilla = { kind: "cambio" } | { kind: "resync" };
type Subscriber = (aviso: AvisoDeGrilla) => void;

/** The key a grid is chosen by: the procedure type and the day (the screen's ?tipo_tramite=&fecha_turno=). */
const claveDeGrilla = (g: CambioDeGrilla) => `${g.tipo_tramite}|${g.fecha_turno}`;

const porClave = new Map<string, Set<Subscriber>>();

/** Adds a subscriber to a grid; returns the function that removes it. */
export function subscribe(grilla: CambioDeGrilla, fn: Subscriber): () => void {
  const clave = claveDeGrilla(grilla);
  let set = porClave.get(clave);
  if (!set) porClave.set(clave, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
    if (set.size === 0 && porClave.get(clave) === set) porClave.delete(clave);
  };
}

function deliver(fns: Iterable<Subscriber>, aviso: AvisoDeGrilla) {
  for (const fn of [...fns]) {
    try {
      fn(aviso);
    } catch (error) {
      console.error(`[turnos-live] un suscriptor falló: ${(error as Error).message}`);
    }
  }
}

/** A committed change of one grid (the trigger's payload, already parsed). */
export function publish(cambio: CambioDeGrilla): void {
  const set = porClave.get(claveDeGrilla(cambio));
  if (set) deliver(set, { kind: "cambio" });
}

/** Every open grid reloads once: the listener was reconnected and may have missed changes. */
export function publishResync(): void {
  for (const set of [...porClave.values()]) deliver(set, { kind: "resync" });
}

/** How many streams are open (the benchmark's and the tests' figure). */
export function subscriberCount(): number {
  let n = 0;
  for (const set of porClave.values()) n += set.size;
  return n;
}
