import { describe, expect, test } from "vitest";
import { ProgramacionFormSchema, ProgramacionSchema } from "./reportes-programados.schema";
import {
  archivoNombre,
  cronDePreset,
  describirCron,
  filtroTexto,
  FRECUENCIA_TEXT,
  FRECUENCIAS,
  presetDeCron,
  archivosSobrantes,
  formatosDe,
  isArchivoNombre,
  isFiveFieldCron,
  MSG,
  periodoDeEjecucion,
  programacionDeArchivo,
  programacionProblems,
  vencimientoEliminada,
} from "./rules";

describe("periodoDeEjecucion: the period of a run, in Catamarca's calendar", () => {
  test.each([
    // 06:00 in Catamarca on Monday 1 December 2026 (09:00 UTC)
    ["dia-anterior", "2026-12-01T09:00:00Z", "2026-11-30", "2026-11-30"],
    ["semana-anterior", "2026-12-01T09:00:00Z", "2026-11-23", "2026-11-29"],
    ["mes-anterior", "2026-12-01T09:00:00Z", "2026-11-01", "2026-11-30"],
    // 23:30 in Catamarca on 31 December (02:30 UTC of 1 January): still December there
    ["dia-anterior", "2027-01-01T02:30:00Z", "2026-12-30", "2026-12-30"],
    ["mes-anterior", "2027-01-01T02:30:00Z", "2026-11-01", "2026-11-30"],
    // 1 January: the previous month is December of the year before
    ["mes-anterior", "2027-01-01T12:00:00Z", "2026-12-01", "2026-12-31"],
    // March in a leap year: February has 29 days
    ["mes-anterior", "2028-03-15T12:00:00Z", "2028-02-01", "2028-02-29"],
    // a Sunday: the previous week is the one before this Monday..Sunday
    ["semana-anterior", "2026-11-29T15:00:00Z", "2026-11-16", "2026-11-22"],
    // a Monday just after midnight there
    ["semana-anterior", "2026-11-30T03:01:00Z", "2026-11-23", "2026-11-29"],
    ["dia-anterior", "2026-03-01T12:00:00Z", "2026-02-28", "2026-02-28"],
  ] as const)("%s at %s → %s..%s", (periodo, at, desde, hasta) => {
    expect(periodoDeEjecucion(periodo, new Date(at))).toEqual({ desde, hasta });
  });
});

describe("formats and the cross-field rules", () => {
  test("CSV only for the pre-settlement", () => {
    expect(formatosDe("preliquidacion")).toEqual(["pdf", "xlsx", "csv"]);
    expect(formatosDe("tiempos-auditoria")).toEqual(["pdf", "xlsx"]);
  });

  test.each([
    [{ reporte: "tiempos-auditoria", formato: "csv" }, [{ param: "formato", msg: MSG.FORMATO_CSV }]],
    [{ reporte: "preliquidacion", formato: "csv" }, [{ param: "responsable", msg: MSG.RESPONSABLE }]],
    [{ reporte: "preliquidacion", formato: "xlsx", responsable: "30-44444445-7" }, []],
    [{ reporte: "consumos-prestadores", formato: "xlsx" }, [{ param: "efector", msg: MSG.EFECTOR }]],
    [{ reporte: "consumos-prestadores", formato: "pdf", efector: "E1" }, []],
    [{ reporte: "ranking-consumos", formato: "pdf" }, []],
  ] as const)("%j → %j", (p, problems) => {
    expect(programacionProblems(p)).toEqual(problems);
  });

  test.each([
    ["0 6 1 * *", true],
    ["  */5   *  * * 1-5 ", true],
    ["0 0 6 1 * *", false],
    ["0 6 1 *", false],
    ["", false],
  ])("five fields: %j → %s", (expr, ok) => {
    expect(isFiveFieldCron(expr)).toBe(ok);
  });
});

describe("file names", () => {
  test("the schedule, report, period, run instant (Catamarca) and archivo in a name the download accepts", () => {
    const name = archivoNombre(
      { id: 12, reporte: "tiempos-auditoria", formato: "xlsx" },
      { desde: "2026-11-01", hasta: "2026-11-30" },
      new Date("2026-12-01T09:00:05Z"),
      345,
    );
    expect(name).toBe("p12_tiempos-auditoria_2026-11-01_2026-11-30_20261201-060005_a345.xlsx");
    expect(isArchivoNombre(name)).toBe(true);
    expect(programacionDeArchivo(name)).toBe(12);
    // files written before issue 35 (no archivo in the name) still download
    expect(isArchivoNombre("p12_tiempos-auditoria_2026-11-01_2026-11-30_20261201-060005.xlsx")).toBe(true);
  });

  test("a run's temporary file names its schedule; other names are not this module's", () => {
    expect(
      programacionDeArchivo(".p7_ranking-consumos_2026-11-01_2026-11-30_20261201-060005_a9.xlsx.42.ab12.tmp"),
    ).toBe(7);
    for (const n of ["LEAME.txt", ".p7_x.xlsx", "p7.tmp", ".hidden.tmp", "reporte-programado-7.lock"]) {
      expect(programacionDeArchivo(n)).toBeNull();
    }
  });

  test.each(["../etc/passwd", "p1_x_2026-01-01_2026-01-01_20260101-000000.exe", "p1/a.csv", ".p1_tmp.xlsx"])(
    "refused: %s",
    (name) => {
      expect(isArchivoNombre(name)).toBe(false);
    },
  );
});

describe("history", () => {
  const at = (iso: string, id: number) => ({ id, generado_en: new Date(iso) });

  test("the files beyond the newest `keep`, newest first by time then id", () => {
    const files = [
      at("2026-10-01T09:00:00Z", 1),
      at("2026-12-01T09:00:00Z", 3),
      at("2026-11-01T09:00:00Z", 2),
      at("2026-12-01T09:00:00Z", 4),
    ];
    expect(archivosSobrantes(files, 2).map((f) => f.id)).toEqual([2, 1]);
    expect(archivosSobrantes(files, 12)).toEqual([]);
    expect(archivosSobrantes(files, 0).map((f) => f.id)).toEqual([4, 3, 2, 1]);
  });

  test("a deleted schedule's files run out after `history` periods of its kind", () => {
    const deleted = new Date("2026-12-01T12:00:00Z");
    expect(vencimientoEliminada("dia-anterior", deleted, 12).toISOString()).toBe("2026-12-13T12:00:00.000Z");
    expect(vencimientoEliminada("semana-anterior", deleted, 2).toISOString()).toBe("2026-12-15T12:00:00.000Z");
    expect(vencimientoEliminada("mes-anterior", deleted, 12).toISOString()).toBe("2027-12-01T12:00:00.000Z");
  });
});

describe("'Frecuencia' (issue 38, ADR 069): a preset compiles to a cron expression, which reads back in Spanish", () => {
  test.each([
    ["diaria", "06:00", "0 6 * * *", "Todos los días a las 06:00"],
    ["lunes", "06:00", "0 6 * * 1", "Cada lunes a las 06:00"],
    ["mensual", "06:00", "0 6 1 * *", "El día 1 de cada mes a las 06:00"],
    ["miercoles", "7:05", "5 7 * * 3", "Cada miércoles a las 07:05"],
    ["sabado", "23:59", "59 23 * * 6", "Cada sábado a las 23:59"],
    ["domingo", "00:00", "0 0 * * 0", "Cada domingo a las 00:00"],
    ["mensual", "18:30:00", "30 18 1 * *", "El día 1 de cada mes a las 18:30"],
  ] as const)("%s at %s → %s → '%s'", (frecuencia, hora, cron, text) => {
    expect(cronDePreset(frecuencia, hora)).toBe(cron);
    expect(describirCron(cron)).toBe(text);
    expect(presetDeCron(cron)).toEqual({ frecuencia, hora: text.slice(-5) });
  });

  test("every preset reads back as itself at every hour", () => {
    for (const f of FRECUENCIAS.filter((x) => x !== "avanzado"))
      for (const hora of ["00:00", "06:00", "12:45", "23:59"]) {
        expect(presetDeCron(cronDePreset(f, hora))).toEqual({ frecuencia: f, hora });
        expect(describirCron(cronDePreset(f, hora))).toBe(`${FRECUENCIA_TEXT[f]} a las ${hora}`);
      }
  });

  test.each([
    "0 6 1 * 1", // day 1 OR Monday: not 'El día 1 de cada mes'
    "0 6 15 * *",
    "0 6 * * 1-5",
    "*/30 6 * * *",
    "0 6,18 * * *",
    "00 06 * * *", // written otherwise than a preset writes it
    "0 6 * 1 *",
    "60 6 * * *",
    "0 24 * * *",
    "0 6 * * 8",
    "0 0 6 * * *",
    "7 6 L * *",
  ])("%s is no preset: 'cron: %s'", (cron) => {
    expect(presetDeCron(cron)).toBeNull();
    expect(describirCron(cron)).toBe(`cron: ${cron}`);
  });

  test("'7' is Sunday too", () => {
    expect(describirCron("0 6 * * 7")).toBe("Cada domingo a las 06:00");
  });

  test("the options: every day, each weekday from Monday, the 1st of each month, then the advanced one", () => {
    expect(FRECUENCIAS.map((f) => FRECUENCIA_TEXT[f])).toEqual([
      "Todos los días",
      "Cada lunes",
      "Cada martes",
      "Cada miércoles",
      "Cada jueves",
      "Cada viernes",
      "Cada sábado",
      "Cada domingo",
      "El día 1 de cada mes",
      "Avanzado (expresión cron)",
    ]);
  });
});

describe("the schedule's schema: a preset with its hour, or a cron expression ('Avanzado', or the API as before)", () => {
  const base = { reporte: "tiempos-auditoria", periodo: "mes-anterior", formato: "xlsx" };
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

  test.each([
    [{ frecuencia: "mensual", hora: "06:00", cron: "" }, "0 6 1 * *"],
    [{ frecuencia: "lunes", hora: "08:15", cron: "5 5 5 5 5" }, "15 8 * * 1"], // the cron field is not used
    [{ frecuencia: "avanzado", hora: "06:00", cron: " 0  6 1 * * " }, "0 6 1 * *"], // the hour is not used
    [{ cron: "0 6 1 * *" }, "0 6 1 * *"], // the API as before
  ])("%j → cron %s", (fields, cron) => {
    for (const schema of [ProgramacionSchema, ProgramacionFormSchema])
      expect(schema.parse({ ...base, ...fields })).toEqual({ ...base, cron });
  });

  test.each([
    [{ frecuencia: "diaria", hora: "" }, "hora", MSG.HORA],
    [{ frecuencia: "diaria", hora: "25:00" }, "hora", MSG.HORA],
    [{ frecuencia: "diaria", hora: "6" }, "hora", MSG.HORA],
    [{ frecuencia: "avanzado", hora: "06:00", cron: "" }, "cron", MSG.CRON_CAMPOS],
    [{ frecuencia: "avanzado", cron: "0 6 1 *" }, "cron", MSG.CRON_CAMPOS],
    [{}, "cron", MSG.CRON_CAMPOS],
    [{ frecuencia: "cada-hora", cron: "0 6 1 * *" }, "frecuencia", MSG.FRECUENCIA],
  ])("%j → %s: %s", (fields, param, msg) => {
    expect(issues(ProgramacionSchema.safeParse({ ...base, ...fields }))).toEqual([[param, msg]]);
  });

  test("the form shows every error at once: the fields', the hour's and the cross-field rules'", () => {
    const r = ProgramacionFormSchema.safeParse({ reporte: "preliquidacion", formato: "csv", frecuencia: "diaria" });
    expect(issues(r)).toEqual([
      ["periodo", MSG.PERIODO],
      ["hora", MSG.HORA],
      ["responsable", MSG.RESPONSABLE],
    ]);
  });
});

describe("filtroTexto: the filter's code and name", () => {
  const none = { responsable: null, responsable_nombre: null, efector: null, efector_nombre: null };
  test.each([
    [{ ...none, responsable: "20-12345678-9", responsable_nombre: "CLÍNICA X" }, "20-12345678-9 — CLÍNICA X"],
    [{ ...none, efector: "E0001", efector_nombre: "DR. PÉREZ" }, "E0001 — DR. PÉREZ"],
    [{ ...none, efector: "E0002" }, "E0002"],
    [none, ""],
  ])("%j → '%s'", (f, text) => {
    expect(filtroTexto(f)).toBe(text);
  });
});
