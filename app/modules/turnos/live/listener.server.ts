// The live grid's one listener per process (ADR 052): LISTEN turnos_cambios on the database the process uses, and
// hand each notification (the trigger of migration 0009: {"tipo_tramite","fecha_turno"}, sent at commit) to the
// fan-out. With DATABASE_URL a dedicated pg Client (not one of the pool's: a pooled connection is handed to other
// queries and its LISTEN would go with it); when that connection drops it reconnects with back-off and tells every
// subscriber to resync. On the embedded PGlite, its own `listen`. Started on the first subscription; closed by the
// server's shutdown before the database closes (`turnosLiveListener`, one of the background work's listeners,
// app/background.server.ts, ADR 083): the state lives on globalThis so the server bundle stops the listener the
// Remix bundle opened.
import pg from "pg";
import { getDriver } from "~db/client.server";
import type { BackgroundListener } from "~reporting/index";
import { publish, publishResync, type CambioDeGrilla } from "./fanout.server";

export const CANAL_TURNOS = "turnos_cambios";
const BACKOFF_MIN_MS = 250;
const BACKOFF_MAX_MS = 10_000;

type State = { stop: () => Promise<void>; ready: Promise<void> };
const stateKey = Symbol.for("osep.turnosLive");
const g = globalThis as typeof globalThis & { [stateKey]?: State };

/** The trigger's payload, or null when it is not one (nothing else should reach the channel). */
function cambioDe(payload: string | undefined): CambioDeGrilla | null {
  try {
    const v = JSON.parse(payload ?? "") as Partial<CambioDeGrilla>;
    if (typeof v.tipo_tramite === "string" && typeof v.fecha_turno === "string") {
      return { tipo_tramite: v.tipo_tramite, fecha_turno: v.fecha_turno };
    }
  } catch {
    // ignored below
  }
  return null;
}

function onPayload(payload: string | undefined) {
  const cambio = cambioDe(payload);
  if (cambio) publish(cambio);
}

/** The pg listener: its own Client, reconnected after 250 ms, 500 ms, 1 s… up to 10 s while the database is away. */
function pgListener(url: string): State {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = BACKOFF_MIN_MS;
  let timer: NodeJS.Timeout | null = null;
  let firstReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (firstReady = resolve));

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(true);
    }, delay);
    delay = Math.min(delay * 2, BACKOFF_MAX_MS);
  };

  async function connect(again: boolean) {
    const c = new pg.Client({ connectionString: url, application_name: "osep-turnos-live" });
    client = c;
    c.on("notification", (n) => n.channel === CANAL_TURNOS && onPayload(n.payload));
    c.on("error", (err) => console.error(`[turnos-live] conexión de LISTEN perdida: ${err.message}`));
    c.on("end", () => {
      if (client === c) client = null;
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CANAL_TURNOS}`);
      if (stopped) return void (await c.end().catch(() => undefined));
      delay = BACKOFF_MIN_MS;
      firstReady();
      if (again) publishResync(); // what was committed while away is re-read by every open grid
    } catch (err) {
      console.error(`[turnos-live] no se pudo escuchar ${CANAL_TURNOS}: ${(err as Error).message}`);
      await c.end().catch(() => undefined);
      retry();
    }
  }

  void connect(false);
  return {
    ready,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      firstReady();
      await c?.end().catch(() => undefined);
    },
  };
}

async function open(): Promise<State> {
  const driver = await getDriver();
  if (driver.kind === "pg") return pgListener(driver.url);
  const unlisten = await driver.pglite.listen(CANAL_TURNOS, (payload) => onPayload(payload));
  return { ready: Promise.resolve(), stop: () => unlisten().catch(() => undefined) };
}

/** Starts this process's listener once (later calls share it); resolves once it listens. */
export async function startLiveListener(): Promise<void> {
  if (!g[stateKey]) {
    const opening = open();
    const state: State = {
      ready: opening.then((s) => s.ready),
      stop: () => opening.then((s) => s.stop()).catch(() => undefined),
    };
    g[stateKey] = state;
    opening.catch(() => {
      if (g[stateKey] === state) delete g[stateKey];
    });
  }
  await g[stateKey]!.ready;
}

/** Stops the listener (shutdown, tests): before the database closes. */
export async function stopLiveListener(): Promise<void> {
  const state = g[stateKey];
  delete g[stateKey];
  await state?.stop();
}

/** This process's listener as background work: every web process has one, stopped before its database closes. */
export const turnosLiveListener: BackgroundListener = {
  name: "turnos-en-vivo",
  listener: CANAL_TURNOS,
  shutdown: stopLiveListener,
};
