// /metrics's access rule and the per-request counting (ADR 064), on a small Express app with the real middleware:
// loopback reads; a request that came through a proxy does not — whether TRUST_PROXY makes Express see the real
// client or the proxy header is forged —; the token opens it (a wrong one, another scheme or length does not); a
// refused request goes on to the app's own 404. Requests are counted by the pattern given (never the path's values);
// 429 and 5xx also by code; METRICS=0 mounts nothing.
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { freePort } from "~tests/support/app-process";
import { mountMetrics } from "./http";

let t: TestDb;
const servers: Server[] = [];
const TOKEN = "s3cret-metrics-token";

async function serve(opts: { trustProxy?: string; metrics?: string } = {}): Promise<string> {
  const app = express();
  if (opts.trustProxy) app.set("trust proxy", opts.trustProxy);
  const before = process.env.METRICS;
  process.env.METRICS = opts.metrics ?? "1";
  mountMetrics(app, (req) => (req.path.startsWith("/x/") ? "/x/:id" : "(sin ruta)"));
  process.env.METRICS = before;
  app.get("/x/:id", (req, res) => res.status(req.params.id === "caido" ? 503 : 200).end("ok"));
  app.use((_req, res) => res.status(404).end("no existe"));
  const port = await freePort();
  servers.push(app.listen(port, "127.0.0.1"));
  return `http://127.0.0.1:${port}`;
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, cacheControl: res.headers.get("cache-control"), body: await res.text() };
};

function count(text: string, labels: string): number {
  const line = text
    .split("\n")
    .find((l) => l.startsWith("osep_http_request_duration_seconds_count{") && l.includes(labels));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe("GET /metrics in the server", () => {
  beforeAll(async () => {
    t = await useTestDatabase();
    process.env.METRICS_TOKEN = TOKEN;
  });
  afterAll(async () => {
    delete process.env.METRICS_TOKEN;
    servers.forEach((s) => s.close());
    await t.cleanup();
  });

  test("loopback reads, with no-store; a proxied or forged request gets the app's 404; the token opens it", async () => {
    const direct = await serve();
    const ok = await get(`${direct}/metrics`);
    expect(ok.status).toBe(200);
    expect(ok.cacheControl).toBe("no-store");
    expect(ok.body).toContain("# TYPE osep_http_requests_in_flight gauge");
    expect(ok.body).toContain("process_cpu_user_seconds_total");
    expect(await get(`${direct}/metrics`, { "x-forwarded-for": "127.0.0.1" })).toMatchObject({
      status: 404,
      body: "no existe",
    });
    expect((await get(`${direct}/metrics`, { forwarded: "for=127.0.0.1" })).status).toBe(404);

    const behindProxy = await serve({ trustProxy: "loopback" });
    expect((await get(`${behindProxy}/metrics`, { "x-forwarded-for": "203.0.113.7" })).status).toBe(404);
    const viaProxy = { "x-forwarded-for": "203.0.113.7" };
    expect((await get(`${behindProxy}/metrics`, { ...viaProxy, authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    for (const authorization of [`Bearer ${TOKEN}x`, "Bearer x", `Basic ${TOKEN}`, `bearer${TOKEN}`, ""])
      expect((await get(`${behindProxy}/metrics`, { ...viaProxy, authorization })).status, authorization).toBe(404);
  });

  test("without METRICS_TOKEN no bearer opens it", async () => {
    delete process.env.METRICS_TOKEN;
    try {
      const url = await serve({ trustProxy: "loopback" });
      const headers = { "x-forwarded-for": "203.0.113.7", authorization: "Bearer " };
      expect((await get(`${url}/metrics`, headers)).status).toBe(404);
    } finally {
      process.env.METRICS_TOKEN = TOKEN;
    }
  });

  test("counts by pattern and status class; 503 also by code; the path's values never appear", async () => {
    const url = await serve();
    const before = (await get(`${url}/metrics`)).body;
    await get(`${url}/x/20111222?dni=20111222`);
    await get(`${url}/x/caido`);
    const after = (await get(`${url}/metrics`)).body;
    const ok = 'route="/x/:id",method="GET",status_class="2xx"';
    expect(count(after, ok) - count(before, ok)).toBe(1);
    expect(count(after, 'route="/x/:id",method="GET",status_class="5xx"')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^osep_http_errors_total\{route="\/x\/:id",status="503"\} \d+$/m);
    expect(after).not.toContain("20111222");
    expect(after).not.toContain("caido");
  });

  test("METRICS=0: no /metrics (the app's 404) and nothing counted", async () => {
    const on = await serve();
    const off = await serve({ metrics: "0" });
    const labels = 'route="/x/:id",method="GET",status_class="2xx"';
    const before = count((await get(`${on}/metrics`)).body, labels);
    expect(await get(`${off}/metrics`)).toMatchObject({ status: 404, body: "no existe" });
    expect((await get(`${off}/x/1`)).status).toBe(200);
    expect(count((await get(`${on}/metrics`)).body, labels)).toBe(before);
  });
});
