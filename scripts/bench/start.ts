// npm run bench:start — issue 36's before/after of the server itself: the time from starting the web server to its
// "OSEP listo" on a tree already built and a database already migrated and seeded, and the resident memory (RSS) of
// that one web process once idle, for the built server (`node build/server/start.js`, what `npm start` runs) and
// the same server from its TypeScript source (`node --import tsx server/start.ts`, what `npm start` ran before;
// the tsx CLI of the old `npm start` added one more process on top). On the database `npm start` would use:
// DATABASE_URL, or the embedded one under DATA_DIR (seed it once first: one `npm start`). BENCH_RUNS rounds
// (default 3), alternating the two so a busy machine weighs on both; medians and the built/tsx ratio. Figures only.
// As bench:api: DEMO=1 and, on PostgreSQL, REPORTING_SCHEDULER=worker (unless set).
import { spawn } from "node:child_process";
import { serverBundleFile } from "~server/server";
import { buildIfMissing, freePort, rssMb } from "~scripts/bench/api/server";
import { table } from "~scripts/bench/api/report";

const RUNS = Number(process.env.BENCH_RUNS || 3);
const IDLE_MS = 5000;
const MODES = { tsx: ["--import", "tsx", "server/start.ts"], build: [serverBundleFile("start")] };
type Mode = keyof typeof MODES;
type Measure = { readyMs: number; rssMb: number };

async function once(mode: Mode): Promise<Measure> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production" };
  env.PDF_WARMUP = "0";
  // as bench:api: the demo users (a bench-scale database has none; outside demo mode ADMIN_PASSWORD would be asked
  // for) and, on PostgreSQL, no snapshot refresh at start (500 000 members: minutes of work beside the idle figure)
  env.DEMO ??= "1";
  if (env.DATABASE_URL) env.REPORTING_SCHEDULER ??= "worker";
  const started = performance.now();
  const child = spawn(process.execPath, MODES[mode], { env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  const readyMs = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (b: Buffer) => {
      out += b.toString();
      if (out.includes("OSEP listo")) resolve(performance.now() - started);
    });
    child.once("exit", (code) => reject(new Error(`el servidor (${mode}) terminó con ${code}:\n${out}`)));
  });
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rss = rssMb(child.pid!);
  child.removeAllListeners("exit");
  const ended = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await ended;
  return { readyMs, rssMb: rss };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

buildIfMissing();
const where = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite en ${process.env.DATA_DIR ?? "data"}`;
console.log(`bench:start — ${where}, ${RUNS} ronda(s) alternadas, RSS a los ${IDLE_MS / 1000} s de "OSEP listo"`);
const seen: Record<Mode, Measure[]> = { tsx: [], build: [] };
for (let round = 1; round <= RUNS; round++) {
  const order: Mode[] = round % 2 ? ["tsx", "build"] : ["build", "tsx"];
  for (const mode of order) {
    const m = await once(mode);
    seen[mode].push(m);
    console.log(`  ronda ${round}, ${mode}: listo en ${m.readyMs.toFixed(0)} ms, RSS ${m.rssMb.toFixed(0)} MB`);
  }
}
const med = (mode: Mode, key: keyof Measure) => median(seen[mode].map((m) => m[key]));
console.log(
  "\n" +
    table(
      ["servidor", "hasta OSEP listo (mediana)", "RSS en reposo (mediana)"],
      (["tsx", "build"] as const).map((mode) => [
        mode === "tsx" ? "tsx (fuente TypeScript)" : "build (build/server/start.js)",
        `${med(mode, "readyMs").toFixed(0)} ms`,
        `${med(mode, "rssMb").toFixed(0)} MB`,
      ]),
    ),
);
console.log(
  `build/tsx: arranque ${(med("build", "readyMs") / med("tsx", "readyMs")).toFixed(2)}, ` +
    `RSS ${(med("build", "rssMb") / med("tsx", "rssMb")).toFixed(2)}`,
);
