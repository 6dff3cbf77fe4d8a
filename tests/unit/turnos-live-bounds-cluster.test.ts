// Issue 35 item 3 (ADR 052's bounds) under WEB_CONCURRENCY=2 on PostgreSQL, with the production app: LIVE_MAX_STREAMS
// holds per web process. With LIVE_MAX_STREAMS=2, streams opened one connection at a time (the cluster hands each new
// connection to the next worker) open four in all, two in each worker; the next ones are refused with 503,
// Retry-After and the Spanish msg; /healthz's details, asked of each worker, count its own two, and none once the
// streams are closed. Postgres and the build only.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { login } from "~scripts/bench/api/server";
import { clusterPrerequisite, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import type { TestDb } from "~tests/support/db";
import { DIA, useTurnosDatabase } from "~tests/support/turnos-fixture";

const runs = clusterPrerequisite("live grid bounds under WEB_CONCURRENCY=2");

let t: TestDb;
let app: AppProcess | undefined;
const PER_PROCESS = 2;
const STREAM = `/turnos/eventos?tipo_tramite=REINTEGROS&fecha_turno=${DIA}`;

type Answer = { status: number; retryAfter: string | undefined; body: string; request: http.ClientRequest };

/** A GET on a connection of its own (never a kept-alive one): the cluster gives it to the next worker. A 200 event
 * stream resolves at its first block and stays open (`request.destroy()` closes it); anything else once read. */
function ask(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app!.origin}${path}`, { agent: false, headers }, (res) => {
      let body = "";
      const answer = () => ({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"], body, request });
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        if (res.statusCode === 200 && body.includes("\n\n") && body.startsWith("retry:")) resolve(answer());
      });
      res.on("end", () => resolve(answer()));
      res.on("error", () => undefined); // a stream we close ourselves
    });
    request.on("error", reject);
  });
}

type Details = { eventos_en_vivo: { abiertos: number; maximo: number; por_sesion: number } };

/** /healthz's details from this machine, asked until both workers answered: the count each one gave. */
async function countsByWorker(): Promise<Map<string, number[]>> {
  const seen = new Map<string, number[]>();
  const lines = () => app!.output().match(/^.* GET \/healthz 200 .* worker=\d$/gm) ?? [];
  for (let i = 0; i < 20 && seen.size < 2; i++) {
    const before = lines().length;
    const a = await ask("/healthz");
    expect(a.status).toBe(200);
    const count = (JSON.parse(a.body) as Details).eventos_en_vivo;
    expect(count).toMatchObject({ maximo: PER_PROCESS, por_sesion: 8 });
    await expect.poll(() => lines().length, { timeout: 5000, interval: 20 }).toBe(before + 1);
    const worker = / worker=(\d)$/.exec(lines()[before])![1];
    seen.set(worker, [...(seen.get(worker) ?? []), count.abiertos]);
  }
  return seen;
}

describe.runIf(runs)("the live grid's bounds under WEB_CONCURRENCY=2", () => {
  beforeAll(async () => {
    ({ t } = await useTurnosDatabase());
    app = await startApp({
      DATABASE_URL: process.env.DATABASE_URL!,
      REPORTING_DIR: t.reportingDir,
      DEMO: "0",
      PDF_WARMUP: "0",
      REPORTING_SCHEDULER: "",
      WEB_CONCURRENCY: "2",
      LIVE_MAX_STREAMS: String(PER_PROCESS),
    });
  });
  afterAll(async () => {
    if (app?.child.exitCode === null) await app.stop();
    killGroup(app);
    await t?.cleanup();
  });

  test("LIVE_MAX_STREAMS holds in each worker; beyond it 503 + Retry-After; /healthz counts each worker's", async () => {
    const { cookie } = await login(app!.origin, "admin", "admin");
    const open: Answer[] = [];
    const refused: Answer[] = [];
    for (let i = 0; i < 12 && open.length < 2 * PER_PROCESS; i++) {
      const a = await ask(STREAM, { cookie, accept: "text/event-stream" });
      (a.status === 200 ? open : refused).push(a);
    }
    expect(open).toHaveLength(2 * PER_PROCESS);
    // both workers are full now: whichever gets the next ones refuses them
    for (let i = 0; i < 2; i++) refused.push(await ask(STREAM, { cookie, accept: "text/event-stream" }));
    for (const r of refused) {
      expect(r.status, r.body).toBe(503);
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(r.body)).toEqual({ msg: expect.stringMatching(/^Hay demasiadas grillas en vivo abiertas/) });
    }
    const full = await countsByWorker();
    expect([...full.keys()].sort()).toEqual(["1", "2"]);
    for (const counts of full.values()) expect(new Set(counts)).toEqual(new Set([PER_PROCESS]));
    const refusedLines = app!.output().match(/ GET \/turnos\/eventos 503 .* worker=(\d)$/gm) ?? [];
    expect(refusedLines.length).toBeGreaterThanOrEqual(2);

    for (const a of open) a.request.destroy();
    await expect
      .poll(async () => [...(await countsByWorker()).values()].flat().every((n) => n === 0), { timeout: 10_000 })
      .toBe(true);
  });
});
