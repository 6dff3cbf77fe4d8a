// The live grid across the processes of WEB_CONCURRENCY=2 (ADR 052, ADR 043), on PostgreSQL with the production app:
// six open grids (event streams, each its own connection, spread by the cluster over both workers) all hear one
// assignment made through the API, whichever worker made it; SIGTERM with the streams still open exits 0, leaves no
// process, and the request log has one line per stream. Postgres and the build only.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { login } from "~scripts/bench/api/server";
import { openStream, type StreamClient } from "~scripts/bench/live/streams";
import { clusterPrerequisite, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import type { TestDb } from "~tests/support/db";
import { DIA, useTurnosDatabase } from "~tests/support/turnos-fixture";

const runs = clusterPrerequisite("live grid under WEB_CONCURRENCY=2");

let t: TestDb;
let idafi: Record<string, number>;
let app: AppProcess | undefined;
const STREAMS = 6;

describe.runIf(runs)("the live grid under WEB_CONCURRENCY=2", () => {
  beforeAll(async () => {
    ({ t, idafi } = await useTurnosDatabase());
    app = await startApp({
      DATABASE_URL: process.env.DATABASE_URL!,
      REPORTING_DIR: t.reportingDir,
      DEMO: "0",
      PDF_WARMUP: "0",
      REPORTING_SCHEDULER: "",
      WEB_CONCURRENCY: "2",
    });
  });
  afterAll(async () => {
    if (app?.child.exitCode === null) await app.stop();
    killGroup(app);
    await t?.cleanup();
  });

  test("every open grid hears one commit; SIGTERM with the streams open exits 0 and logs each stream once", async () => {
    const { token, cookie } = await login(app!.origin, "admin", "admin");
    const path = `/turnos/eventos?tipo_tramite=REINTEGROS&fecha_turno=${DIA}`;
    const streams: StreamClient[] = Array.from({ length: STREAMS }, () => openStream(app!.origin, cookie, path));
    await Promise.all(streams.map((s) => s.opened));
    const res = await fetch(`${app!.origin}/api/turnos`, {
      method: "PUT",
      headers: { "x-auth-token": token, "content-type": "application/json", origin: app!.origin },
      body: JSON.stringify({
        tipo_tramite: "REINTEGROS",
        fecha_turno: DIA,
        hora_turno: "08:00",
        puesto: 1,
        id_afiliado: idafi["30400001"],
      }),
    });
    expect(res.status, await res.text()).toBe(200);
    await expect.poll(() => streams.map((s) => s.received.length)).toEqual(Array(STREAMS).fill(1));

    const ended = await app!.stop("SIGTERM");
    expect(ended, `how the app ended; its output:\n${app!.output()}`).toEqual({ code: 0, signal: null });
    expect(app!.groupAlive()).toBe(false);
    const lines = app!
      .output()
      .split("\n")
      .filter((l) => / GET \/turnos\/eventos 200 /.test(l));
    expect(lines).toHaveLength(STREAMS);
    expect(new Set(lines.map((l) => / worker=(\d)/.exec(l)?.[1]))).toEqual(new Set(["1", "2"]));
    for (const s of streams) s.close();
  });
});
