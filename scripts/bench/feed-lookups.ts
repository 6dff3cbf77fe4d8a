// Child of feed.ts (bench:feed): the front desk's DNI lookups — the product's searchPadron('dni', …), the lookup of
// 'Consultar Padrón' and the turnos screen — in a closed loop of CLIENTS clients, each pausing PAUSE_MS between
// lookups, on DATABASE_URL, while the parent imports. A separate process, as the web app is apart from the process
// that runs the nightly import. Sends 'ready' once warm; on 'stop' sends { n, p50, p95, max, errors } and exits.
//   tsx scripts/bench/feed-lookups.ts <file with one DNI a line> <clients> <pause ms>
import fs from "node:fs";
import { closeDb } from "~db/client.server";
import { searchPadron } from "~/modules/afiliados/padron.server";
import { pct } from "./harness";

const [file, clientsArg, pauseArg] = process.argv.slice(2);
const dnis = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
const clients = Math.max(1, Number(clientsArg || 4));
const pauseMs = Math.max(0, Number(pauseArg || 20));
const send = (m: unknown) => process.send?.(m);

let stopping = false;
const times: number[] = [];
let errors = 0;
let next = 0;

async function lookup(): Promise<void> {
  const dni = dnis[next++ % dnis.length];
  const t0 = performance.now();
  try {
    const r = await searchPadron("dni", dni);
    if (!r.ok) errors++;
  } catch {
    errors++;
  }
  if (!stopping) times.push(performance.now() - t0);
}

async function client(): Promise<void> {
  while (!stopping) {
    await lookup();
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  }
}

process.on("message", (m) => {
  if (m === "stop") stopping = true;
});

for (let i = 0; i < 50; i++) await lookup(); // warm: connections, the prepared statement
times.length = 0;
errors = 0;
send("ready");
await Promise.all(Array.from({ length: clients }, client));
times.sort((a, b) => a - b);
send({ n: times.length, p50: pct(times, 50) ?? 0, p95: pct(times, 95) ?? 0, max: times.at(-1) ?? 0, errors });
await closeDb();
process.disconnect?.();
