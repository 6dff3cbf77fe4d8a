// Issue 36 item 3 (ADR 064) under WEB_CONCURRENCY=2 on PostgreSQL, with the production app: GET /metrics answers for
// both workers and the primary (the requests of both workers summed, the primary's process counted once, every
// metric family once); labels carry route patterns, never the DNIs, names or user names of the requests' paths and
// queries; the live grid's open streams are counted by the Remix build's module (the one registry on globalThis);
// a proxy's request or a wrong token gets 404, METRICS_TOKEN opens it; a replaced worker is counted. Postgres only.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { login } from "~scripts/bench/api/server";
import { clusterPrerequisite, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import type { TestDb } from "~tests/support/db";
import { DIA, useTurnosDatabase } from "~tests/support/turnos-fixture";

const runs = clusterPrerequisite("/metrics under WEB_CONCURRENCY=2");
const TOKEN = "token-de-prueba-de-metricas";

let t: TestDb;
let app: AppProcess | undefined;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; request: http.ClientRequest };

/** A GET on a connection of its own (the cluster hands each to the next worker); an event stream resolves at once. */
function ask(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${app!.origin}${path}`, { agent: false, headers }, (res) => {
      let body = "";
      const answer = () => ({ status: res.statusCode ?? 0, headers: res.headers, body, request });
      if (String(res.headers["content-type"]).startsWith("text/event-stream")) return resolve(answer());
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve(answer()));
    });
    request.on("error", reject);
  });
}

const metrics = async () => {
  const a = await ask("/metrics");
  expect(a.status).toBe(200);
  return a.body;
};

/** The value of the sample `name{…}` whose labels include every one of `labels` (NaN when there is none). */
function sample(text: string, name: string, labels: string[] = []): number {
  const line = text
    .split("\n")
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && labels.every((x) => l.includes(x)));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : NaN;
}

describe.runIf(runs)("/metrics under WEB_CONCURRENCY=2", () => {
  beforeAll(async () => {
    ({ t } = await useTurnosDatabase());
    app = await startApp({
      DATABASE_URL: process.env.DATABASE_URL!,
      REPORTING_DIR: t.reportingDir,
      DEMO: "0",
      PDF_WARMUP: "0",
      REPORTING_SCHEDULER: "",
      WEB_CONCURRENCY: "2",
      METRICS_TOKEN: TOKEN,
    });
  });
  afterAll(async () => {
    if (app?.child.exitCode === null) await app.stop();
    killGroup(app);
    await t?.cleanup();
  });

  test("DNIs, names and user names of paths and queries never reach the text; patterns and outcomes do", async () => {
    const { token, cookie } = await login(app!.origin, "admin", "admin");
    const api = { "x-auth-token": token };
    await ask("/api/afiliado/buscarporidafi/20111222?dni=20111222&nombre=GONZALEZ", api);
    await ask("/api/afiliado/?targetField=dni&dni=27333444", api);
    await ask("/consultar-padron?metodo=nombre&nombre=FERNANDEZ", { cookie });
    await ask("/regmae/2024/30444555/RODRIGUEZ/Maestra", { cookie });
    await ask("/no-existe/31222333?usuario=jperez");
    const refused = await fetch(`${app!.origin}/api/auth`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app!.origin },
      body: JSON.stringify({ usuario: "jmetricas", password: "equivocada-123" }),
    });
    expect(refused.status).toBe(401);

    const a = await ask("/metrics");
    expect(a.status).toBe(200);
    expect(a.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(a.headers["cache-control"]).toBe("no-store");
    for (const secret of ["20111222", "27333444", "GONZALEZ", "FERNANDEZ", "30444555", "RODRIGUEZ", "31222333"])
      expect(a.body).not.toContain(secret);
    for (const secret of ["jperez", "jmetricas", "admin", TOKEN]) expect(a.body).not.toContain(secret);
    expect(a.body).not.toMatch(/[?&][a-zA-Z_]+=/);
    expect(a.body).toContain('route="/api/afiliado/buscarporidafi/:id"');
    expect(a.body).toContain('route="/regmae/:anio/:dniMae/:nombreMae/:titulo"');
    expect(a.body).toContain('route="(sin ruta)"');
    expect(sample(a.body, "osep_sign_in_failures_total", ['reason="bad_credentials"'])).toBe(1);
  });

  test("both workers' requests are summed; the primary counts once; every family appears once", async () => {
    const before = sample(await metrics(), "osep_http_request_duration_seconds_count", ['route="/healthz"', "2xx"]);
    const tags = new Set<string>();
    for (let i = 0; i < 30; i++) expect((await ask("/healthz")).status).toBe(200);
    for (const [, w] of app!.output().matchAll(/ GET \/healthz 200 .* worker=(\d)$/gm)) tags.add(w);
    expect([...tags].sort()).toEqual(["1", "2"]);

    const text = await metrics();
    const after = sample(text, "osep_http_request_duration_seconds_count", ['route="/healthz"', "2xx"]);
    expect(after - (Number.isNaN(before) ? 0 : before)).toBe(30);
    expect(sample(text, "osep_processes", ['role="primary"'])).toBe(1);
    expect(sample(text, "osep_processes", ['role="worker"'])).toBe(2);
    const families = [...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]);
    expect(families.length).toBe(new Set(families).size);
    expect(families).toEqual(expect.arrayContaining(["process_cpu_user_seconds_total", "nodejs_heap_size_used_bytes"]));
    expect(sample(text, "osep_database_up")).toBe(1);
    // three pools: the two workers' and the primary's
    expect(sample(text, "osep_db_pool_max_connections")).toBe(3 * Number(process.env.DATABASE_POOL_MAX || 10));
    expect(sample(text, "osep_snapshot_stale")).toBeGreaterThanOrEqual(0);
  });

  test("an open event stream of the live grid is counted, and no longer once closed", async () => {
    const { cookie } = await login(app!.origin, "admin", "admin");
    const stream = await ask(`/turnos/eventos?tipo_tramite=REINTEGROS&fecha_turno=${DIA}`, {
      cookie,
      accept: "text/event-stream",
    });
    expect(stream.status).toBe(200);
    expect(sample(await metrics(), "osep_live_streams_open")).toBe(1);
    stream.request.destroy();
    await expect.poll(async () => sample(await metrics(), "osep_live_streams_open"), { timeout: 5000 }).toBe(0);
  });

  test("through a proxy or with a wrong token: 404, as if absent; METRICS_TOKEN opens it", async () => {
    expect((await ask("/metrics", { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
    expect((await ask("/metrics", { "x-real-ip": "127.0.0.1", authorization: "Bearer otro" })).status).toBe(404);
    const withToken = await ask("/metrics", { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toContain("osep_http_requests_in_flight");
  });

  // the replacement starts a whole web process (the build, the pool, Chromium for PDFs): on a loaded 2-core machine
  // that took over 20 s, so the waits are generous; the test still fails when no worker comes back
  test("a worker that dies is replaced and counted", { timeout: 150_000 }, async () => {
    const pid = Number(/proceso web 1 iniciado \(pid (\d+)\)/.exec(app!.output())![1]);
    process.kill(pid, "SIGKILL");
    await app!.waitFor(/proceso web 3 iniciado/, 60_000);
    await expect
      .poll(async () => sample(await metrics(), "osep_web_worker_restarts_total"), { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(async () => sample(await metrics(), "osep_processes", ['role="worker"']), { timeout: 20_000 })
      .toBe(2);
  });
});
