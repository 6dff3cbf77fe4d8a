// The scheduler of the scheduled reports against the real database (docs/decisions/058): one task per active schedule,
// none for an expression that fires more than once an hour, leftovers of killed runs swept at its start.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { sqlRows } from "~tests/support/db";
import type { SessionUser } from "~/auth/sessions.server";
import { eliminarProgramacion } from "./programaciones.server";
import { beginRun, runProgramacion } from "./run.server";
import { scheduledJobs } from "~/background.server";
import { removeLeftovers, stopProgramaciones, syncProgramaciones } from "./scheduler.server";
import { MSG } from "./rules";

import { reportesProgramadosFixture, RUN_AT } from "~tests/support/reportes-programados-fixture";

const fx = reportesProgramadosFixture();
const { crear, files, programacion } = fx;
let admin: SessionUser;
let dir: string;
beforeAll(() => void (admin = fx.admin()));
beforeEach(() => void (dir = fx.dir()));

describe("a schedule stored before the hourly rule", () => {
  test("an every-minute expression gets no task and says why on the schedule", async () => {
    const [{ id }] = await sqlRows<{ id: number }>(
      `insert into reportes_programaciones (reporte, periodo, formato, cron) values
       ('ranking-consumos', 'dia-anterior', 'xlsx', '* * * * *') returning id`,
    );
    expect(await syncProgramaciones()).not.toContain(id);
    expect((await programacion(id)).ultimo_error).toBe(MSG.CRON_HORARIA);
    await eliminarProgramacion(id, admin);
    await stopProgramaciones();
  });
});

describe("leftovers of killed runs", () => {
  test("swept at the scheduler's start, however recent: temporary files and files no row names, zero-byte or not", async () => {
    const id = await crear();
    const r = await runProgramacion(id, { now: RUN_AT });
    if (!r.ok) throw new Error("run failed");
    const names = {
      tmp: `.${r.nombre}.123.abcd.tmp`,
      empty: `.p${id}_tiempos-auditoria_2025-03-12_2025-03-12_20250313-090000_a77.xlsx.9.ef01.tmp`,
      orphan: `p${id}_tiempos-auditoria_2025-03-01_2025-03-01_20250302-090000_a99.xlsx`,
      emptyOrphan: `p${id}_tiempos-auditoria_2025-03-02_2025-03-02_20250303-090000.xlsx`,
      other: "LEAME.txt",
    };
    for (const [k, n] of Object.entries(names)) fs.writeFileSync(path.join(dir, n), k.startsWith("empty") ? "" : "x");
    const job = scheduledJobs({ embedded: true }).find((j) => j.name === "reportes-programados")!;
    await job.run();
    await job.shutdown!();
    expect(files()).toEqual(["LEAME.txt", r.nombre].sort());
  });

  test("a run going on keeps its temporary file (its schedule's lock is held); once over, nothing is left", async () => {
    const id = await crear();
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let reached!: () => void;
    const halfWay = new Promise<void>((resolve) => (reached = resolve));
    const run = await beginRun(id, {
      now: RUN_AT,
      onWritten: async () => {
        reached();
        await held;
      },
    });
    if (!run.ok) throw new Error(run.msg);
    await halfWay;
    const [tmp] = files();
    expect(tmp).toMatch(/^\.p\d+_.*\.tmp$/);
    expect(await removeLeftovers()).toBe(0);
    expect(files()).toEqual([tmp]);
    letGo();
    const done = await run.done;
    expect(done.ok).toBe(true);
    expect(await removeLeftovers()).toBe(0);
    expect(files()).toEqual([(done as { nombre: string }).nombre]);
  });
});

describe("the scheduler", () => {
  test("one task per active schedule, dropped when the schedule is deleted", async () => {
    const a = await crear();
    const b = await crear({ cron: "30 7 * * 1" });
    const registered = await syncProgramaciones();
    expect(registered).toEqual(expect.arrayContaining([a, b]));
    await eliminarProgramacion(a, admin);
    const after = await syncProgramaciones();
    expect(after).toContain(b);
    expect(after).not.toContain(a);
    await stopProgramaciones();
    expect(await syncProgramaciones()).toContain(b);
    await stopProgramaciones();
  });

  test("is a job of the process that owns the reporting schedule: run at start, stopped with it", async () => {
    const job = scheduledJobs({ embedded: true }).find((j) => j.name === "reportes-programados");
    expect(job).toMatchObject({ schedule: "*/30 * * * * *", start: expect.any(Function) });
    const id = await crear({ cron: "45 5 * * *" });
    await job!.run();
    expect(await syncProgramaciones()).toContain(id);
    await job!.shutdown!();
  });
});
