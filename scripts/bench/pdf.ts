// npm run bench:pdf — the member status certificate end to end on the production server (issue 10: goal p50 of a
// warm constancia ≤ 150 ms). Starts `npm start`'s server (scripts/start.mjs: build, migrate, demo seed, then the
// PDF browser in the background) on a fresh embedded demo database in a temporary DATA_DIR, signs in as admin
// through POST /api/auth, and times GET /consultar-padron/{id}/constancia over HTTP (x-auth-token): the first one
// after the server is ready, then WARMUP unmeasured and RUNS measured sequential requests (members 1..RUNS), and
// a concurrent round (PDF_PER_PERSON clients: one user prints at most two PDFs at once, ADR 061). Prints p50/p95,
// whether p50 ≤ 150 ms, and who launched Chromium (Server-Timing).
// BENCH_URL=http://host:port uses a running server instead (BENCH_USER/BENCH_PASSWORD, default admin/admin).
// No timed assertions: it prints figures (exit code 0 unless the server or a request fails).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDF_PER_PERSON } from "~reporting/render/pdf-admission";

const RUNS = Number(process.env.BENCH_RUNS || 100);
const WARMUP = Number(process.env.BENCH_WARMUP || 10);
/** One user's token: the most PDFs one person may print at once (a third would be 429, ADR 061). */
const CONCURRENCY = PDF_PER_PERSON;
const GOAL_MS = 150;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function waitReady(base: string, child: ChildProcess | null, timeoutMs = 600_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`el servidor terminó (código ${child.exitCode})`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("el servidor no respondió a /healthz a tiempo");
}

async function startServer(): Promise<{ base: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = Number(process.env.BENCH_PORT || 3299);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-bench-pdf-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DEMO: "1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
  };
  delete env.DATABASE_URL;
  delete env.READ_REPLICA_URL;
  delete env.REPORTING_DIR;
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const log: string[] = [];
  const keep = (b: Buffer) => {
    for (const line of b.toString().split("\n")) if (/Chromium|OSEP listo|Error/i.test(line)) log.push(line.trim());
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    for (const line of log) console.log(`  [servidor] ${line}`);
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitReady(base, child);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, child, stop };
}

async function constancia(base: string, token: string, idafi: number): Promise<{ ms: number; chromium: string }> {
  const t = performance.now();
  const res = await fetch(`${base}/consultar-padron/${idafi}/constancia`, { headers: { "x-auth-token": token } });
  const body = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - t;
  if (res.status !== 200 || Buffer.from(body.subarray(0, 5)).toString() !== "%PDF-") {
    throw new Error(`constancia ${idafi}: HTTP ${res.status} ${Buffer.from(body.subarray(0, 200)).toString()}`);
  }
  const chromium = /chromium;desc="(\w+)"/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? "?";
  return { ms, chromium };
}

function summary(name: string, times: number[]): number {
  const s = [...times].sort((a, b) => a - b);
  const p50 = pct(s, 50);
  console.log(
    `  ${name.padEnd(30)} n=${String(s.length).padStart(3)}  p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${pct(s, 95).toFixed(1).padStart(6)} ms  min ${s[0].toFixed(1)} ms  max ${s[s.length - 1].toFixed(1)} ms`,
  );
  return p50;
}

async function main(): Promise<void> {
  const started = performance.now();
  const own = process.env.BENCH_URL ? null : await startServer();
  const base = process.env.BENCH_URL ?? own!.base;
  try {
    console.log(`bench:pdf — constancia (A5 apaisado) de punta a punta sobre HTTP en ${base}`);
    if (own)
      console.log(
        `  servidor de producción listo en ${((performance.now() - started) / 1000).toFixed(1)} s (base demo nueva)`,
      );
    const auth = await fetch(`${base}/api/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        usuario: process.env.BENCH_USER ?? "admin",
        password: process.env.BENCH_PASSWORD ?? "admin",
      }),
    });
    if (!auth.ok) throw new Error(`POST /api/auth: HTTP ${auth.status}`);
    const { token } = (await auth.json()) as { token: string };

    const first = await constancia(base, token, 1);
    console.log(
      `  primera constancia tras el arranque: ${first.ms.toFixed(1)} ms (Chromium lanzado por: ${first.chromium === "startup" ? "el arranque" : "la solicitud"})`,
    );
    for (let i = 0; i < WARMUP; i++) await constancia(base, token, 2 + (i % 50));

    const seq: number[] = [];
    for (let i = 0; i < RUNS; i++) seq.push((await constancia(base, token, 1 + (i % 500))).ms);
    const p50 = summary("secuencial (1 cliente)", seq);

    const conc: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < RUNS) {
          const i = next++;
          conc.push((await constancia(base, token, 1 + (i % 500))).ms);
        }
      }),
    );
    summary(`concurrente (${CONCURRENCY} clientes)`, conc);
    console.log(
      `  objetivo p50 ≤ ${GOAL_MS} ms (constancia en caliente, 1 cliente): ${p50 <= GOAL_MS ? "CUMPLE" : "NO CUMPLE"} (p50 ${p50.toFixed(1)} ms)`,
    );
  } finally {
    await own?.stop();
  }
}

main().catch((e) => {
  console.error(`bench:pdf: ${(e as Error).message}`);
  process.exit(1);
});
