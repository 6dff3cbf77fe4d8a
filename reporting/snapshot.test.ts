// The reporting store against a real database: a refresh builds a snapshot from the source and switches to it
// atomically; readers in flight keep their snapshot; a failed or killed refresh leaves the old one serving.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { sourceUrl } from "./config";
import { readRefreshStatus, RefreshBusyError, refreshSnapshot, snapshotHealth, withSnapshot } from "./index";
import { startJobs, stopJobs } from "./jobs";
import { queueRefreshRequest, reportingJobs, requestRefresh, scheduleIntervalMs } from "./schedule";
import { currentSnapshot, filesInUse, openSnapshot, pointerPath, usableSnapshot } from "./store";
import { acquireLock, lockPath, REFRESH_LOCK_KEY } from "./lock";

let t: TestDb;
let dir: string; // the test database's REPORTING_DIR
const onPostgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);

async function addAuthorisation(nro: number, auditor: string | null, carga: string, auditoria: string | null) {
  await sqlRows(
    `insert into autorizaciones (nroautorizacion, practica, autorizo, modalidad, fecha, hora, usuarioauditoria,
       fecha_hora_carga, fecha_hora_auditoria, responsable, cuit_responsable, anulado, montoauthonorario)
     values ($1, '420101', 'AUTORIZADA', 'PREVIA', $2::timestamp::date, $2::timestamp::time, $3, $2::timestamp, $4::timestamp,
       'ENTIDAD UNO', '30-11111111-1', false, 1234.56)`,
    [nro, carga, auditor, auditoria],
  );
}

/** Whether any process holds the refresh lock: the advisory lock on PostgreSQL, the lock file otherwise. */
async function lockHeld(): Promise<boolean> {
  if (t.kind === "pglite") return fs.existsSync(lockPath(dir));
  const n = await sqlOne(
    `select count(*) from pg_locks where locktype = 'advisory' and classid = 0 and objid = $1 and objsubid = 1
       and database = (select oid from pg_database where datname = current_database())`,
    [REFRESH_LOCK_KEY],
  );
  return n > 0;
}

const countAut = () =>
  withSnapshot((r) => r.all<{ n: number }>("select count(*)::INTEGER n from autorizaciones")).then((x) => x[0].n);

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  dir = t.reportingDir;
});

afterAll(async () => {
  await t.cleanup();
});

describe("refresh", () => {
  test("no snapshot yet: readers get the Spanish 'not available yet' error", async () => {
    await expect(countAut()).rejects.toThrow(/todavía no están disponibles/);
  });

  test("builds a snapshot with metadata (built at, source, row counts, duration) and the derived audit table", async () => {
    await addAuthorisation(1, "AUD01", "2026-03-02 08:00:00", "2026-03-02 08:01:30"); // 90 s
    await addAuthorisation(2, "AUD01", "2026-03-02 06:30:00", "2026-03-02 08:30:00"); // loaded before 7: día anterior
    await addAuthorisation(3, "AUD01", "2026-03-02 08:40:00", "2026-03-02 09:00:00"); // 20 min, gap 30 min
    await addAuthorisation(4, null, "2026-03-02 10:00:00", null); // not audited
    const info = await refreshSnapshot();
    expect(info.row_counts).toMatchObject({ autorizaciones: 4, auditorias: 3 });
    expect(info.source).toMatch(t.kind === "pg" ? /^postgres:\/\// : /^pglite:/);
    expect(Date.now() - Date.parse(info.built_at)).toBeLessThan(60_000);
    expect(info.duration_ms).toBeGreaterThanOrEqual(0);
    expect(currentSnapshot()?.file).toBe(info.file);
    const rows = await withSnapshot((r) =>
      r.all(
        "select nroautorizacion, dia, dia_anterior, segundos_auditoria, segundos_desde_anterior from auditorias order by fecha_hora_auditoria",
      ),
    );
    expect(rows).toEqual([
      {
        nroautorizacion: 1,
        dia: "2026-03-02",
        dia_anterior: false,
        segundos_auditoria: 90,
        segundos_desde_anterior: null,
      },
      {
        nroautorizacion: 2,
        dia: "2026-03-02",
        dia_anterior: true,
        segundos_auditoria: null,
        segundos_desde_anterior: 1710,
      },
      {
        nroautorizacion: 3,
        dia: "2026-03-02",
        dia_anterior: false,
        segundos_auditoria: 1200,
        segundos_desde_anterior: 1800,
      },
    ]);
    const money = await withSnapshot((r) =>
      r.all("select montoauthonorario, anulado, hora from autorizaciones where nroautorizacion = 1"),
    );
    expect(money).toEqual([{ montoauthonorario: "1234.56", anulado: false, hora: "08:00:00" }]);
    expect(readRefreshStatus()).toMatchObject({ state: "ok", last_error: null });
  });

  test.runIf(onPostgres)(
    "from PostgreSQL the big table streams in a session of its own on the same snapshot: a row committed meanwhile is in no table",
    async () => {
      const countResp = () =>
        withSnapshot((r) => r.all<{ n: number }>("select count(*)::INTEGER n from responsables")).then((x) => x[0].n);
      const [aut, resp] = [await countAut(), await countResp()];
      // counted on the server the refresh reads (the streaming replica under npm test), in this test's database
      const source = new pg.Client({ connectionString: sourceUrl()! });
      await source.connect();
      const sessions = async () =>
        Number(
          (
            await source.query<{ n: string }>(
              `select count(*) as n from pg_stat_activity
                where application_name = 'osep-reporting-refresh' and datname = current_database()`,
            )
          ).rows[0].n,
        );
      let seen = 0;
      let wrote = false; // both streams announce their first table at once
      try {
        const info = await refreshSnapshot({
          onStep: async (s) => {
            if (wrote || !s.startsWith("Copiando")) return;
            wrote = true;
            seen = await sessions();
            await addAuthorisation(90, "AUD03", "2026-03-04 09:00:00", "2026-03-04 09:05:00");
            await sqlRows("insert into responsables (nombre, cuit) values ('RESPONSABLE NUEVO', '30-99999999-9')");
          },
        });
        expect(seen).toBe(2); // REPORTING_COPY_STREAMS defaults to 2
        expect(info.row_counts).toMatchObject({ autorizaciones: aut, responsables: resp });
        expect([await countAut(), await countResp()]).toEqual([aut, resp]);
        // one stream when so configured; the next refresh sees both rows
        process.env.REPORTING_COPY_STREAMS = "1";
        seen = 0;
        const next = await refreshSnapshot({ onStep: async () => void (seen = Math.max(seen, await sessions())) });
        expect(seen).toBe(1);
        expect(next.row_counts).toMatchObject({ autorizaciones: aut + 1, responsables: resp + 1 });
      } finally {
        delete process.env.REPORTING_COPY_STREAMS;
        await source.end();
      }
    },
  );

  test("a reader in flight keeps its snapshot while a refresh switches; new readers see the new one", async () => {
    const before = await countAut();
    await withSnapshot(async (r) => {
      const first = await r.all<{ n: number }>("select count(*)::INTEGER n from autorizaciones");
      await addAuthorisation(5, "AUD02", "2026-03-03 09:00:00", "2026-03-03 09:05:00");
      const next = await refreshSnapshot();
      expect(currentSnapshot()?.file).toBe(next.file);
      expect(r.info.file).not.toBe(next.file);
      const again = await r.all<{ n: number }>("select count(*)::INTEGER n from autorizaciones");
      expect(again[0].n).toBe(first[0].n);
      expect(await countAut()).toBe(before + 1); // a concurrent reader already sees the new snapshot
    });
    expect(await countAut()).toBe(before + 1);
  });

  test("keeps the current and the previous snapshot on disk, deletes older ones", async () => {
    await refreshSnapshot();
    await refreshSnapshot();
    const files = fs.readdirSync(dir).filter((f) => f.startsWith("snapshot-") && f.endsWith(".duckdb"));
    expect(files).toHaveLength(2);
    expect(files).toContain(currentSnapshot()!.file);
  });

  test("a refresh that fails half way leaves the old snapshot serving and records why", async () => {
    const served = currentSnapshot()!.file;
    const n = await countAut();
    await expect(
      refreshSnapshot({
        onStep: (s) => {
          if (s === "Copiando responsables") throw new Error("corte simulado de la réplica");
        },
      }),
    ).rejects.toThrow("corte simulado");
    expect(currentSnapshot()!.file).toBe(served);
    expect(await countAut()).toBe(n);
    expect(readRefreshStatus()).toMatchObject({ state: "error", last_error: "corte simulado de la réplica" });
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(".building-"))).toEqual([]);
    expect(await lockHeld()).toBe(false);
  });

  test("a source error (table missing) fails the refresh the same way", async () => {
    const served = currentSnapshot()!.file;
    await sqlRows("alter table efectores rename to efectores_x");
    try {
      await expect(refreshSnapshot()).rejects.toThrow(/efectores/);
    } finally {
      await sqlRows("alter table efectores_x rename to efectores");
    }
    expect(currentSnapshot()!.file).toBe(served);
    expect(readRefreshStatus().state).toBe("error");
  });

  test("a snapshot read from another source (the database changed) is not used", async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "rep-other-"));
    try {
      const info = currentSnapshot()!;
      fs.copyFileSync(path.join(dir, info.file), path.join(other, info.file));
      fs.writeFileSync(pointerPath(other), JSON.stringify({ ...info, source: "postgres://otro-servidor:5432/osep" }));
      expect(currentSnapshot(other)?.file).toBe(info.file);
      expect(usableSnapshot(other)).toBeNull();
      await expect(withSnapshot(async () => 1, other)).rejects.toThrow(/todavía no están disponibles/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  test("health: the snapshot's age, stale past twice the schedule's interval", async () => {
    const built = Date.parse(currentSnapshot()!.built_at);
    expect(scheduleIntervalMs("*/15 * * * *")).toBe(15 * 60_000);
    expect(scheduleIntervalMs("0 * * * *")).toBe(60 * 60_000);
    const fresh = snapshotHealth(built + 29 * 60_000);
    expect(fresh).toMatchObject({ stale: false, age_s: 29 * 60, built_at: currentSnapshot()!.built_at });
    expect(snapshotHealth(built + 31 * 60_000).stale).toBe(true);
    process.env.REPORTING_REFRESH_CRON = "0 * * * *";
    try {
      expect(snapshotHealth(built + 31 * 60_000).stale).toBe(false);
    } finally {
      delete process.env.REPORTING_REFRESH_CRON;
    }
  });

  test("worker mode: the app only leaves a request; the worker (the only writer) picks it up and refreshes", async () => {
    const before = currentSnapshot()!.file;
    process.env.REPORTING_SCHEDULER = "worker";
    try {
      expect(await requestRefresh()).toBe("queued");
      expect(fs.existsSync(path.join(dir, "refresh.request"))).toBe(true);
      expect(currentSnapshot()!.file).toBe(before); // nothing built by the app side
    } finally {
      delete process.env.REPORTING_SCHEDULER;
    }
    startJobs(reportingJobs({ worker: true })); // the snapshot is fresh: no start-up refresh, only the request
    try {
      await vi.waitFor(() => expect(currentSnapshot()!.file).not.toBe(before), { timeout: 30_000, interval: 200 });
      expect(fs.existsSync(path.join(dir, "refresh.request"))).toBe(false);
    } finally {
      await stopJobs();
    }
    queueRefreshRequest(); // a stopped worker no longer picks requests up
    await new Promise((r) => setTimeout(r, 2500));
    expect(fs.existsSync(path.join(dir, "refresh.request"))).toBe(true);
    fs.rmSync(path.join(dir, "refresh.request"));
  });

  test("overlapping refreshes in one process share one run", async () => {
    const [a, b] = await Promise.all([refreshSnapshot(), refreshSnapshot()]);
    expect(a.file).toBe(b.file);
  });

  test("while another process holds the lock a refresh is refused (busy) and the snapshot stays", async () => {
    const served = currentSnapshot()!.file;
    const other = await acquireLock(dir); // on PostgreSQL: its own session, as another app instance would have
    try {
      expect(await lockHeld()).toBe(true);
      if (t.kind === "pg") expect(fs.existsSync(lockPath(dir))).toBe(false); // the advisory lock, no file
      await expect(refreshSnapshot()).rejects.toBeInstanceOf(RefreshBusyError);
      expect(currentSnapshot()!.file).toBe(served);
    } finally {
      await other.release();
    }
    expect(await lockHeld()).toBe(false);
    expect((await refreshSnapshot()).file).not.toBe(served);
  });

  test("a reader whose connection fails gives its place back: its snapshot is still closed and pruned later", async () => {
    const held = currentSnapshot()!.file;
    const connect = vi
      .spyOn(DuckDBInstance.prototype, "connect")
      .mockRejectedValueOnce(new Error("conexión simulada fallida"));
    try {
      await expect(countAut()).rejects.toThrow("conexión simulada fallida");
    } finally {
      connect.mockRestore();
    }
    await refreshSnapshot();
    await refreshSnapshot(); // `held` is now older than the previous snapshot: kept only while a reader here uses it
    expect(filesInUse()).not.toContain(path.join(dir, held));
    expect(fs.existsSync(path.join(dir, held))).toBe(false);
  });

  test("a batch reader (big files) opens its own instance with the batch settings; a switch closes and prunes it too", async () => {
    const held = (await refreshSnapshot()).file;
    const setting = async (use: "query" | "batch") => {
      const reader = await openSnapshot(dir, use);
      try {
        const [r] = await reader.all<{ m: string; t: number }>(
          "select current_setting('memory_limit') AS m, current_setting('threads')::INTEGER AS t",
        );
        return r;
      } finally {
        reader.release();
      }
    };
    expect(await setting("batch")).toEqual({ m: "61.0 MiB", t: 1 }); // 64MB, one thread (reporting/config.ts)
    expect((await setting("query")).m).not.toBe("61.0 MiB");
    const batch = await openSnapshot(dir, "batch");
    await refreshSnapshot();
    await refreshSnapshot(); // `held` is older than the previous snapshot now: kept only while the batch reader reads
    expect(filesInUse()).toContain(path.join(dir, held));
    expect(fs.existsSync(path.join(dir, held))).toBe(true);
    batch.release();
    await refreshSnapshot();
    expect(filesInUse()).not.toContain(path.join(dir, held));
    expect(fs.existsSync(path.join(dir, held))).toBe(false);
  });

  test("kill -9 during a refresh: the old snapshot keeps serving; the next refresh takes the stale lock and cleans up", async () => {
    const served = currentSnapshot()!.file;
    const n = await countAut();
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/refresh-child.ts"], {
      env: { ...process.env, REPORTING_DIR: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`el proceso no llegó a la copia: ${out}`)), 60_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        if (out.includes("PAUSA")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      child.on("exit", () => reject(new Error(`el proceso terminó antes: ${out}`)));
    });
    expect(await lockHeld()).toBe(true);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    if (t.kind === "pglite") {
      expect(fs.existsSync(lockPath(dir))).toBe(true); // left behind by the dead process
    } else {
      // PostgreSQL drops the advisory lock with the dead process's session
      await vi.waitFor(async () => expect(await lockHeld()).toBe(false), { timeout: 10_000, interval: 100 });
    }
    expect(readRefreshStatus()).toMatchObject({ state: "error", last_error: expect.stringMatching(/interrumpió/) });
    expect(currentSnapshot()!.file).toBe(served);
    expect(await countAut()).toBe(n);
    const next = await refreshSnapshot();
    expect(next.file).not.toBe(served);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(".building-"))).toEqual([]);
    expect(await lockHeld()).toBe(false);
  }, 120_000);
});
