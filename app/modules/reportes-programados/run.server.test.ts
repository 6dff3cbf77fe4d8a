// Scheduled reports against the real database and a real reporting snapshot (docs/decisions/058): a run writes its
// file whole and records it; the history is pruned; a failed run keeps the previous files and records its error;
// one run of a schedule at a time; a deleted schedule keeps its files until its history runs out; the scheduler keeps
// one task per active schedule.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { refreshSnapshot } from "~reporting/index";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { insertAuditoriaFixture } from "~tests/support/auditoria-fixture";
import type { SessionUser } from "~/auth/sessions.server";
import { crearProgramacion, eliminarProgramacion, listProgramaciones } from "./programaciones.server";
import type { ProgramacionInput } from "./reportes-programados.schema";
import { beginRun, runProgramacion, turnosDeEjecucion } from "./run.server";
import { housekeepingJobs } from "~server/housekeeping";
import { pruneDeleted, removeLeftovers, stopProgramaciones, syncProgramaciones } from "./scheduler.server";
import { EJECUCIONES_A_LA_VEZ, isArchivoNombre, MSG } from "./rules";
import { screenData } from "./screen.server";
import { OP } from "~/auth/operations";

const CUIT = "30-44444445-7";
/** 09:00 in Catamarca on Tuesday 11 March 2025: the previous day is the fixture's 10 March. */
const RUN_AT = new Date("2025-03-11T12:00:00Z");

let t: TestDb;
let admin: SessionUser;
let dir: string;

beforeAll(async () => {
  t = await useTestDatabase();
  await insertAuditoriaFixture();
  await sqlRows("insert into responsables (nombre, cuit) values ('CLINICA DE PRUEBA', $1)", [CUIT]);
  for (const [nro, monto] of [
    [900001, "1500.50"],
    [900002, "99.00"],
  ] as const) {
    await sqlRows(
      `insert into autorizaciones (nroautorizacion, practica, descpractica, autorizo, modalidad, fecha, cantidad,
         cuit_responsable, codigo_efector, montoauthonorario, anulado)
       values ($1, '420101', 'CONSULTA MEDICA', 'AUTORIZADA', 'CONSUMO', '2025-03-10', 1, $2, 'E0001', $3, false)`,
      [nro, CUIT, monto],
    );
  }
  await refreshSnapshot();
  admin = await adminActor();
}, 120_000);

afterAll(async () => {
  await stopProgramaciones();
  await t?.cleanup();
});

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-reportes-"));
  process.env.REPORTS_DIR = dir;
  delete process.env.REPORTS_HISTORY;
});

async function crear(input: Partial<ProgramacionInput> = {}): Promise<number> {
  const r = await crearProgramacion(
    { reporte: "tiempos-auditoria", periodo: "dia-anterior", formato: "xlsx", cron: "0 6 * * *", ...input },
    admin,
  );
  if (!r.ok) throw new Error(r.msg);
  return r.programacion.id;
}

const files = () => fs.readdirSync(dir).sort();
const rowsOf = (id: number) =>
  sqlRows<{ nombre: string; bytes: string; periodo_desde: string }>(
    "select nombre, bytes::text, periodo_desde::text from reportes_archivos where programacion_id = $1 order by id",
    [id],
  );
const programacion = async (id: number) =>
  (
    await sqlRows<{ ultimo_error: string | null; ultima_ejecucion: Date | null; activo: boolean }>(
      "select ultimo_error, ultima_ejecucion, activo from reportes_programaciones where id = $1",
      [id],
    )
  )[0];

describe("a run", () => {
  test("writes the period's file whole (general and per-auditor sheets), records it and clears the error", async () => {
    const id = await crear();
    const r = await runProgramacion(id, { now: RUN_AT });
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.nombre).toBe(`p${id}_tiempos-auditoria_2025-03-10_2025-03-10_20250311-090000_a${r.archivoId}.xlsx`);
    expect(files()).toEqual([r.nombre]);
    const [row] = await rowsOf(id);
    expect(Number(row.bytes)).toBe(fs.statSync(path.join(dir, row.nombre)).size);
    expect(row.periodo_desde).toBe("2025-03-10");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(dir, row.nombre));
    expect(wb.worksheets.map((w) => w.name)).toEqual(["General", "Por auditor"]);
    expect(wb.getWorksheet("General")!.getRow(1).getCell(1).value).toBe("Auditor");
    expect(wb.getWorksheet("General")!.rowCount).toBeGreaterThan(1);
    expect(await programacion(id)).toMatchObject({ ultimo_error: null, ultima_ejecucion: expect.any(Date) });
  });

  test("the pre-settlement as the liquidación's CSV, of its responsable only", async () => {
    const id = await crear({ reporte: "preliquidacion", formato: "csv", responsable: "30444444457" });
    const r = await runProgramacion(id, { now: RUN_AT });
    if (!r.ok) throw new Error(JSON.stringify(r));
    const text = fs.readFileSync(path.join(dir, r.nombre), "utf8");
    expect(text.startsWith("\uFEFFnroautorizacion;fecha;")).toBe(true);
    expect(text.trim().split("\r\n")).toHaveLength(3); // the header and the two rows of CUIT
    expect(text).toContain("900001;10/03/2025;420101;;1500,50");
  });

  test("keeps REPORTS_HISTORY files per schedule: the newest", async () => {
    process.env.REPORTS_HISTORY = "2";
    const id = await crear({ reporte: "ranking-consumos" });
    const other = await crear({ reporte: "consumos-prestadores", efector: "E0001" });
    expect((await runProgramacion(other, { now: RUN_AT })).ok).toBe(true);
    for (const day of ["2025-03-11", "2025-03-12", "2025-03-13"]) {
      expect((await runProgramacion(id, { now: new Date(`${day}T12:00:00Z`) })).ok).toBe(true);
    }
    const kept = (await rowsOf(id)).map((r) => r.periodo_desde);
    expect(kept).toEqual(["2025-03-11", "2025-03-12"]);
    expect(files().filter((f) => f.startsWith(`p${id}_`))).toHaveLength(2);
    expect(files().filter((f) => f.startsWith(`p${other}_`))).toHaveLength(1); // another schedule's are its own
  });

  test("a failed run keeps the previous files and records its error, in Spanish and on one line", async () => {
    const id = await crear();
    const first = await runProgramacion(id, { now: RUN_AT });
    expect(first.ok).toBe(true);
    const failed = await runProgramacion(id, {
      now: new Date("2025-03-12T12:00:00Z"),
      onWritten: () => {
        throw new Error("disco lleno\n    at somewhere (file.ts:1:1)");
      },
    });
    expect(failed).toEqual({ ok: false, error: "No se pudo generar el archivo: disco lleno" });
    expect(files()).toEqual([(first as { nombre: string }).nombre]); // no temporary file left either
    expect(await rowsOf(id)).toHaveLength(1);
    expect((await programacion(id)).ultimo_error).toBe("No se pudo generar el archivo: disco lleno");
    const { programaciones } = await listProgramaciones(admin);
    expect(programaciones.find((p) => p.id === id)?.ultimo_error).toBe("No se pudo generar el archivo: disco lleno");
    // the next good run clears it
    expect((await runProgramacion(id, { now: new Date("2025-03-13T12:00:00Z") })).ok).toBe(true);
    expect((await programacion(id)).ultimo_error).toBeNull();
  });

  test("a PDF schedule writes the statistics screen's own PDF (ADR 057) for the run's period", async () => {
    const id = await crear({ formato: "pdf" });
    const run = await runProgramacion(id, { now: RUN_AT });
    if (!run.ok) throw new Error(JSON.stringify(run));
    const [nombre] = files();
    expect(nombre).toBe(`p${id}_tiempos-auditoria_2025-03-10_2025-03-10_20250311-090000_a${run.archivoId}.pdf`);
    const file = path.join(dir, nombre);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8");
    expect(text).toContain("10/03/2025");
    expect(text).toMatch(/Página 1 de \d+/);
  });

  test("one run of a schedule at a time: a second one is refused (409) while the first holds the lock", async () => {
    const id = await crear();
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let reached!: () => void;
    const halfWay = new Promise<void>((resolve) => (reached = resolve));
    const first = await beginRun(id, {
      now: RUN_AT,
      onWritten: async () => {
        reached();
        await held;
      },
    });
    if (!first.ok) throw new Error(first.msg);
    await halfWay;
    expect(await beginRun(id)).toEqual({ ok: false, status: 409, msg: MSG.EN_CURSO });
    const other = await crear();
    const parallel = await runProgramacion(other, { now: RUN_AT }); // another schedule is not held up
    expect(parallel.ok).toBe(true);
    letGo();
    expect((await first.done).ok).toBe(true);
    const again = await runProgramacion(id, { now: new Date("2025-03-12T12:00:00Z") });
    expect(again.ok).toBe(true);
  });

  test("this process makes EJECUCIONES_A_LA_VEZ runs at once: the others wait their turn, holding their lock", async () => {
    const ids = [await crear(), await crear(), await crear()];
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let writing = 0;
    let allowed!: () => void;
    const slotsTaken = new Promise<void>((resolve) => (allowed = resolve));
    const runs = [];
    for (const id of ids) {
      const r = await beginRun(id, {
        now: RUN_AT,
        onWritten: async () => {
          if (++writing === EJECUCIONES_A_LA_VEZ) allowed();
          await held;
        },
      });
      if (!r.ok) throw new Error(r.msg);
      runs.push(r.done);
    }
    await slotsTaken;
    expect(EJECUCIONES_A_LA_VEZ).toBe(2);
    expect([turnosDeEjecucion().activeCount, turnosDeEjecucion().pendingCount, writing]).toEqual([2, 1, 2]);
    expect(await beginRun(ids[2])).toEqual({ ok: false, status: 409, msg: MSG.EN_CURSO }); // waiting, not free
    letGo();
    expect((await Promise.all(runs)).map((r) => r.ok)).toEqual([true, true, true]);
    expect(writing).toBe(3);
  });

  test("an unknown or deleted schedule is not run (404)", async () => {
    expect(await beginRun(999_999)).toMatchObject({ ok: false, status: 404, msg: MSG.PROGRAMACION_INEXISTENTE });
    const id = await crear();
    expect((await eliminarProgramacion(id, admin)).ok).toBe(true);
    expect(await beginRun(id)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("file names", () => {
  test("two runs of one schedule in the same second keep two files, each listed under its own name", async () => {
    const id = await crear();
    const a = await runProgramacion(id, { now: RUN_AT });
    const b = await runProgramacion(id, { now: RUN_AT });
    if (!a.ok || !b.ok) throw new Error(JSON.stringify([a, b]));
    expect(a.nombre).not.toBe(b.nombre);
    for (const r of [a, b]) {
      expect(r.nombre).toBe(`p${id}_tiempos-auditoria_2025-03-10_2025-03-10_20250311-090000_a${r.archivoId}.xlsx`);
      expect(isArchivoNombre(r.nombre)).toBe(true);
    }
    expect(files()).toEqual([a.nombre, b.nombre].sort());
    expect((await rowsOf(id)).map((r) => r.nombre)).toEqual([a.nombre, b.nombre]);
  });

  test("the file never replaces one already in the directory: the run fails and the other file is untouched", async () => {
    const id = await crear();
    let taken = "";
    const r = await runProgramacion(id, {
      now: RUN_AT,
      onWritten: (final) => {
        taken = path.basename(final);
        fs.writeFileSync(final, "ajeno");
      },
    });
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining("No se pudo generar el archivo") });
    expect(files()).toEqual([taken]);
    expect(fs.readFileSync(path.join(dir, taken), "utf8")).toBe("ajeno");
    expect(await rowsOf(id)).toEqual([]);
  });
});

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

describe("creating a schedule", () => {
  test.each([
    [{ cron: "61 * * * *" }, "cron", MSG.CRON_INVALIDO],
    [{ formato: "csv" as const }, "formato", MSG.FORMATO_CSV],
    [{ reporte: "preliquidacion" as const }, "responsable", MSG.RESPONSABLE],
    [{ reporte: "preliquidacion" as const, responsable: "20-11111111-2" }, "responsable", MSG.RESPONSABLE_INEXISTENTE],
    [{ reporte: "consumos-prestadores" as const }, "efector", MSG.EFECTOR],
    [{ reporte: "consumos-prestadores" as const, efector: "NOEXISTE" }, "efector", MSG.EFECTOR_INEXISTENTE],
  ])("%j → 422 on %s", async (input, param, msg) => {
    const r = await crearProgramacion(
      { reporte: "tiempos-auditoria", periodo: "mes-anterior", formato: "xlsx", cron: "0 6 1 * *", ...input },
      admin,
    );
    expect(r).toEqual({ ok: false, status: 422, msg, errors: [{ param, msg }] });
  });

  test("a provider user may not schedule another responsable's pre-settlement", async () => {
    const provider = { ...admin, usuario: "20-11111111-2", profile: { id: 20, descripcion: "PRESTADOR" } };
    const r = await crearProgramacion(
      { reporte: "preliquidacion", periodo: "mes-anterior", formato: "xlsx", cron: "0 6 1 * *", responsable: CUIT },
      provider,
    );
    expect(r).toMatchObject({ ok: false, status: 403 });
  });

  test("creating is audited, and the filters a report does not take are not kept", async () => {
    const id = await crear({ responsable: CUIT, efector: "E0001" });
    expect(
      await sqlOne("select count(*) from audit_log where accion = 'reportes_programados.crear' and entidad_id = $1", [
        String(id),
      ]),
    ).toBe(1);
    const { programaciones } = await listProgramaciones(admin);
    expect(programaciones.find((p) => p.id === id)).toMatchObject({
      responsable: null,
      efector: null,
      proxima_ejecucion: expect.any(String),
    });
  });
});

describe("a deleted schedule", () => {
  test("keeps its files, is no longer listed, and its files run out after its history's span", async () => {
    process.env.REPORTS_HISTORY = "3";
    const id = await crear({ periodo: "dia-anterior" });
    const r = await runProgramacion(id, { now: RUN_AT });
    expect(r.ok).toBe(true);
    expect((await eliminarProgramacion(id, admin)).ok).toBe(true);
    expect(await eliminarProgramacion(id, admin)).toMatchObject({ ok: false, status: 404 });
    const listed = await listProgramaciones(admin);
    expect(listed.programaciones.map((p) => p.id)).not.toContain(id);
    expect(listed.archivos.map((a) => a.programacionId)).toContain(id);
    expect(await pruneDeleted(new Date(Date.now() + 2 * 86_400_000))).toBe(0); // 2 days: within 3 days' span
    expect(files()).toHaveLength(1);
    expect(await pruneDeleted(new Date(Date.now() + 4 * 86_400_000))).toBe(1);
    expect(files()).toEqual([]);
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe("the screen's data", () => {
  test("form, buttons and the no-JS confirmation for operation 40 only; links only for the exportable reports", async () => {
    const id = await crear();
    const url = `http://localhost/reportes-programados?eliminar=${id}&aviso=creada`;
    const programa = await adminActor({ allowed_operation: [OP.PROGRAMAR_REPORTES, OP.EXPORTAR_TIEMPOS_AUDITORIA] });
    const d = await screenData(new Request(url), programa);
    expect(d).toMatchObject({ canProgramar: true, descargables: ["tiempos-auditoria"], aviso: "creada" });
    expect(d.confirmar?.id).toBe(id);
    expect(d.responsables.map((r) => r.cuit)).toContain(CUIT);
    const mira = await screenData(new Request(`${url.replace("creada", "nada")}`), await adminActor());
    expect(mira).toMatchObject({
      canProgramar: false,
      descargables: [],
      confirmar: null,
      responsables: [],
      aviso: null,
    });
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
    const job = housekeepingJobs({ embedded: true }).find((j) => j.name === "reportes-programados")!;
    await job.run();
    await job.stop!();
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
    const job = housekeepingJobs({ embedded: true }).find((j) => j.name === "reportes-programados");
    expect(job).toMatchObject({ cron: "*/30 * * * * *", atStart: true });
    const id = await crear({ cron: "45 5 * * *" });
    await job!.run();
    expect(await syncProgramaciones()).toContain(id);
    await job!.stop!();
  });
});
