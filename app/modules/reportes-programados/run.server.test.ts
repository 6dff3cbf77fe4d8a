// Scheduled reports against the real database and a real reporting snapshot (docs/decisions/058): a run writes its
// file whole and records it; the history is pruned; a failed run keeps the previous files and records its error;
// one run of a schedule at a time; a deleted schedule keeps its files until its history runs out; the scheduler keeps
// one task per active schedule.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { INFO_POR_AUDITOR, TABLA_GENERAL } from "~/modules/estadisticas/reports/tiempos-auditoria.columns";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { adminActor, sqlOne } from "~tests/support/db";
import type { SessionUser } from "~/auth/sessions.server";
import { crearProgramacion, eliminarProgramacion, listProgramaciones } from "./programaciones.server";
import { beginRun, runProgramacion, turnosDeEjecucion } from "./run.server";
import { pruneDeleted } from "./scheduler.server";
import { EJECUCIONES_A_LA_VEZ, isArchivoNombre, MSG } from "./rules";
import { screenData } from "./screen.server";
import { OP } from "~/auth/operations";

import { CUIT, reportesProgramadosFixture, RUN_AT } from "~tests/support/reportes-programados-fixture";

const fx = reportesProgramadosFixture();
const { crear, files, rowsOf, programacion } = fx;
let admin: SessionUser;
let dir: string;
beforeAll(() => void (admin = fx.admin()));
beforeEach(() => void (dir = fx.dir()));

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
    // the screen's two tables, with its headers and its names ('Equipo'); times and dates as real cells (issue 38)
    expect(wb.worksheets.map((w) => w.name)).toEqual([TABLA_GENERAL.sheet, INFO_POR_AUDITOR.sheet]);
    const general = wb.getWorksheet(TABLA_GENERAL.sheet)!;
    expect(general.getRow(1).values).toEqual([undefined, ...TABLA_GENERAL.columns.map((c) => c.header)]);
    expect(general.getRow(2).getCell(1).value).toBe("Equipo");
    const info = wb.getWorksheet(INFO_POR_AUDITOR.sheet)!;
    const col = (key: string) => INFO_POR_AUDITOR.columns.findIndex((c) => c.key === key) + 1;
    const inicio = info.getRow(2).getCell(col("inicio"));
    expect(inicio.value).toBeInstanceOf(Date);
    expect(inicio.numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(typeof info.getRow(2).getCell(col("promedio")).value).toBe("number");
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
    expect(await beginRun(id)).toEqual({ ok: false, status: 409, msg: MSG.EN_CURSO, code: "conflict" });
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
    expect(await beginRun(ids[2])).toEqual({ ok: false, status: 409, msg: MSG.EN_CURSO, code: "conflict" }); // waiting, not free
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
    expect(r).toEqual({ ok: false, status: 422, msg, errors: [{ param, msg }], code: "invalid" });
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
