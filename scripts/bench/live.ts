// npm run bench:live — the live grid of 'Asignacion de Turnos' (issue 28, ADR 052) on PostgreSQL, over HTTP against
// the PRODUCTION server (server/start.ts as a child, scripts/bench/api/server.ts) on a fresh database (a new one on
// DATABASE_URL's server, or a throwaway server of its own; the app loads its demo data), dropped at the end.
//  1. WEB_CONCURRENCY=2: BENCH_DESKS (10) event-stream clients and BENCH_PAGES (3) real Chromium desks on one grid
//     while another desk makes BENCH_CHANGES (100) changes through the API (an assignment or a confirmation every
//     BENCH_GAP_MS, 200): commit → event received, commit → chip changed in a page's DOM (p50/p95), against the plain
//     approach measured in the same run: BENCH_DESKS desks fetching the grid's data every BENCH_POLL_MS (5 000);
//     then the background reload's loader alone (100 sequential fetches of the grid's data).
//  2. One process (WEB_CONCURRENCY=1): BENCH_GRIDS (200) open grids: the process's RSS and CPU before and after,
//     idle over a heartbeat round, and the time one change takes to reach all of them (10 changes).
// Figures only: exit 0; 1 only when something cannot start or crashes.
import { pct } from "~scripts/bench/harness";
import { buildIfMissing, login, startApp } from "~scripts/bench/api/server";
import { commitChanges, type Change } from "~scripts/bench/live/changes";
import { benchDatabase } from "~scripts/bench/live/database";
import { launchChromium, openDesk } from "~scripts/bench/live/desks";
import { startPoller } from "~scripts/bench/live/polling";
import { openStream, processStats, type StreamClient } from "~scripts/bench/live/streams";

const int = (name: string, fallback: number) => Number(process.env[name] || fallback);
const DESKS = int("BENCH_DESKS", 10);
const PAGES = int("BENCH_PAGES", 3);
const CHANGES = int("BENCH_CHANGES", 100);
const GAP_MS = int("BENCH_GAP_MS", 200);
const POLL_MS = int("BENCH_POLL_MS", 5_000);
const GRIDS = int("BENCH_GRIDS", 200);
const TIPO = "AFILIACIONES";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(line);

/** A weekday n+ days ahead (no seed rows that far: the grid is free). */
function weekdayAhead(n: number): string {
  const d = new Date(Date.now() + n * 86_400_000);
  while ([0, 6].includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const paths = (fecha: string) => {
  const q = new URLSearchParams({ tipo_tramite: TIPO, fecha_turno: fecha });
  return { grid: `/turnos?${q}`, stream: `/turnos/eventos?${q}`, data: `/turnos?${q}&_data=routes%2F_app.turnos` };
};

function line(name: string, delays: number[], expected: number): string {
  const s = [...delays].sort((a, b) => a - b);
  const missing = expected - s.length;
  if (s.length === 0) return `  ${name.padEnd(46)} sin datos (faltan ${missing})`;
  return `  ${name.padEnd(46)} n ${String(s.length).padStart(5)}  p50 ${pct(s, 50).toFixed(0).padStart(6)} ms  p95 ${pct(s, 95).toFixed(0).padStart(6)} ms  máx ${s.at(-1)!.toFixed(0).padStart(6)} ms${missing ? `  faltan ${missing}` : ""}`;
}

/** ADR 052's bound: a session holds at most 8 open streams in a process (a newer one ends its oldest). */
const STREAMS_PER_SESSION = 8;

/**
 * A session cookie for each of `n` grids: a new sign-in for every STREAMS_PER_SESSION of them (desks sign in on their
 * own; one session for all would measure the per-session bound, not the grid).
 */
async function gridCookies(origin: string, n: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < Math.ceil(n / STREAMS_PER_SESSION); i++)
    sessions.push((await login(origin, "admin", "admin")).cookie);
  return Array.from({ length: n }, (_, i) => sessions[Math.floor(i / STREAMS_PER_SESSION)]);
}

/** Waits until `done()` or `ms` passed (the figures then say what is missing). */
async function until(done: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await done()) && Date.now() < end) await sleep(100);
}

/** Delays of each client's k-th event after the k-th change. */
const streamDelays = (clients: StreamClient[], changes: Change[]) =>
  clients.flatMap((c) => c.received.slice(0, changes.length).map((at, k) => at - changes[k].committedAt));

async function loaderTimes(origin: string, cookie: string, dataPath: string, n = 100): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(`${origin}${dataPath}`, { headers: { cookie } });
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  return times;
}

async function tenDesks(url: string): Promise<void> {
  process.env.WEB_CONCURRENCY = "2";
  const app = await startApp(url);
  const { token, cookie } = await login(app.origin, "admin", "admin");
  const p = paths(weekdayAhead(40));
  const streamCookies = await gridCookies(app.origin, DESKS);
  const streams = streamCookies.map((c) => openStream(app.origin, c, p.stream));
  await Promise.all(streams.map((s) => s.opened));
  const browser = await launchChromium();
  const pageCookies = await gridCookies(app.origin, PAGES);
  const desks = await Promise.all(pageCookies.map((c) => openDesk(browser, app.origin, c, p.grid)));
  const pollers = Array.from({ length: DESKS }, () => startPoller(app.origin, cookie, p.data, POLL_MS));
  await sleep(POLL_MS);
  const loads0 = desks.reduce((n, d) => n + d.loads(), 0);
  const polls0 = pollers.reduce((n, q) => n + q.requests(), 0);
  const started = Date.now();
  const changes = await commitChanges(
    { origin: app.origin, token, tipo: TIPO, fecha: weekdayAhead(40) },
    CHANGES,
    GAP_MS,
  );
  const labels = changes.map((c) => c.label);
  await until(() => streams.every((s) => s.received.length >= changes.length), 10_000);
  const seen = await (async () => {
    let all: Record<string, number>[] = [];
    await until(async () => {
      all = await Promise.all(desks.map((d) => d.seen()));
      return all.every((s) => labels.every((l) => l in s));
    }, 10_000);
    return all;
  })();
  await until(() => pollers.every((q) => labels.every((l) => q.seen.has(l))), POLL_MS + 5_000);
  const seconds = (Date.now() - started) / 1000;
  await Promise.all(pollers.map((q) => q.stop()));
  const loads = desks.reduce((n, d) => n + d.loads(), 0) - loads0;
  const polls = pollers.reduce((n, q) => n + q.requests(), 0) - polls0;
  const pageDelays = seen.flatMap((s) => changes.filter((c) => c.label in s).map((c) => s[c.label] - c.committedAt));
  const pollDelays = pollers.flatMap((q) =>
    changes.filter((c) => q.seen.has(c.label)).map((c) => q.seen.get(c.label)! - c.committedAt),
  );
  const loader = await loaderTimes(app.origin, cookie, p.data);
  log(
    `\n1. ${DESKS} escritorios + ${PAGES} páginas Chromium en una grilla, WEB_CONCURRENCY=2, ${changes.length} cambios (uno cada ${GAP_MS} ms, ${seconds.toFixed(0)} s)`,
  );
  log(line("commit → evento recibido (event stream)", streamDelays(streams, changes), DESKS * changes.length));
  log(line("commit → chip cambiado en el DOM (Chromium)", pageDelays, PAGES * changes.length));
  log(line(`llano: consulta cada ${POLL_MS / 1000} s → chip en los datos`, pollDelays, DESKS * changes.length));
  log(line("carga de la grilla (loader de la recarga)", loader, loader.length));
  const sp = (a: number[]) => [...a].sort((x, y) => x - y);
  const ratio = pct(sp(pollDelays), 95) / pct(sp(pageDelays), 95);
  log(
    `  p95: en vivo (DOM) ${pct(sp(pageDelays), 95).toFixed(0)} ms frente a consulta cada ${POLL_MS / 1000} s ${pct(sp(pollDelays), 95).toFixed(0)} ms (×${ratio.toFixed(1)} más viejo)`,
  );
  log(
    `  cargas de la grilla por escritorio y minuto: en vivo ${((loads / PAGES / seconds) * 60).toFixed(1)} (recargas en segundo plano agrupadas; solo el loader de la pantalla), consulta ${((polls / DESKS / seconds) * 60).toFixed(1)}`,
  );
  for (const s of streams) s.close();
  await browser.close();
  await sleep(500);
  await app.stop();
  const lines = app
    .log()
    .split("\n")
    .filter((l) => / GET \/turnos\/eventos 200 /.test(l));
  const workers = new Set(lines.map((l) => / worker=(\d+)/.exec(l)?.[1]));
  log(
    `  registro: ${lines.length} líneas de GET /turnos/eventos (una por stream), en los procesos ${[...workers].join(", ")}`,
  );
}

async function manyGrids(url: string): Promise<void> {
  process.env.WEB_CONCURRENCY = "1";
  const app = await startApp(url);
  const { token } = await login(app.origin, "admin", "admin");
  const fecha = weekdayAhead(47);
  const cookies = await gridCookies(app.origin, GRIDS);
  await sleep(2000);
  const before = processStats(app.pid);
  const streams = cookies.map((c) => openStream(app.origin, c, paths(fecha).stream));
  await Promise.all(streams.map((s) => s.opened));
  await sleep(2000);
  const open = processStats(app.pid);
  await sleep(25_000); // a heartbeat round (20 s): 200 session re-checks
  const idle = processStats(app.pid);
  const changes = await commitChanges({ origin: app.origin, token, tipo: TIPO, fecha }, 10, 1000);
  await until(() => streams.every((s) => s.received.length >= changes.length), 10_000);
  const last = changes.map((c, k) => Math.max(...streams.map((s) => (s.received[k] ?? Infinity) - c.committedAt)));
  log(`\n2. ${GRIDS} grillas abiertas en un proceso (WEB_CONCURRENCY=1)`);
  log(
    `  RSS: ${before.rssMiB.toFixed(0)} MiB sin grillas → ${open.rssMiB.toFixed(0)} MiB con ${GRIDS} (+${(((open.rssMiB - before.rssMiB) * 1024) / GRIDS).toFixed(0)} KiB por grilla)`,
  );
  log(
    `  CPU en reposo con ${GRIDS} grillas, 25 s con una ronda de latidos: ${(((idle.cpuS - open.cpuS) / 25) * 100).toFixed(1)} %`,
  );
  log(line(`commit → evento en cada una de las ${GRIDS}`, streamDelays(streams, changes), GRIDS * changes.length));
  log(line(`commit → evento en la última de las ${GRIDS}`, last, changes.length));
  for (const s of streams) s.close();
  await sleep(500);
  await app.stop();
}

const db = await benchDatabase();
try {
  buildIfMissing();
  await tenDesks(db.url);
  await manyGrids(db.url);
} finally {
  await db.drop();
}
