// The pharmacy rosters on a snapshot built from a real test database: who belongs to each roster, the bytes of
// the file and its Reg_, single-flight, temporary name + rename (a failing or killed generation leaves no final
// file), the history bound and the list.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { refreshSnapshot, reportingJobs, SnapshotUnavailableError, startJobs, stopJobs } from "~reporting/index";
import { generateRoster, listRosters, pruneRosters, rosterFilePath } from "./generate";
import { decodeCp1252, ROSTER_KINDS } from "./rules";

let t: TestDb;
// 2026-11-24 03:00 in Catamarca: "hoy" is 2026-11-24
const AT = new Date("2026-11-24T06:00:00Z");
const HOY = "2026-11-24";
let dir: string;

type Member = { dni: string; nombre: string; fechbaja?: string; fechvto?: string | null; cuil?: boolean };
const MEMBERS: Member[] = [
  { dni: "30000001", nombre: "ÁVILA ÑANDÚ JOSÉ", cuil: true }, // active, diabetic and hypertensive
  { dni: "30000002", nombre: "BRAVO ŐRS; ANA" }, // active, no drug plan
  { dni: "30000003", nombre: "CASAS LUIS", fechbaja: "2026-01-10" }, // left: in no roster
  { dni: "30000004", nombre: "DÍAZ EVA", fechvto: HOY }, // expires today: still active; diabetes coverage ended
  { dni: "30000005", nombre: "ESPINOSA RAÚL", fechvto: "2026-11-23" }, // expired yesterday: in no roster
  { dni: "30000006", nombre: "FARÍAS MARÍA" }, // active, oncology (drug plan) + celiac (none)
];
const ids: Record<string, number> = {};

async function enrol(dni: string, cov: number, baja = "0001-01-01") {
  await sqlRows(
    "insert into enrolamientos (idafi, gravcodgra, enprfecvig, enprfecbaj) values ($1, $2, '2020-01-01', $3)",
    [ids[dni], cov, baja],
  );
}

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-rosters-"));
  for (const [cod, desc] of [
    [3, "ONCOLOGIA"],
    [8, "DIABETES"],
    [42, "CELIAQUIA"],
    [44, "HIPERTENSION ARTERIAL"],
  ] as const)
    await sqlRows("insert into coberturas (gravcodgra, gravdesgra) values ($1, $2) on conflict do nothing", [
      cod,
      desc,
    ]);
  for (const [i, m] of MEMBERS.entries()) {
    const [r] = await sqlRows<{ idafi: number }>(
      `insert into afiliados (apeynom, numdoc, nroafi, cuil_prefijo, cuil_nrocentral, cuil_dtoverific, grupo, nromedio,
         nroparentesco, descparentesco, baperfenac, sexocodigo, fechbaja, fechvto)
       values ($1, $2, $3, $4, $2, $5, '01', $6, '00', 'TITULAR', $7, 'F', $8, $9) returning idafi`,
      [
        m.nombre,
        m.dni,
        `01${m.dni}`,
        m.cuil ? "20" : null,
        m.cuil ? "7" : null,
        String(100 + i),
        i === 1 ? null : "1980-01-31",
        m.fechbaja ?? "0001-01-01",
        m.fechvto ?? null,
      ],
    );
    ids[m.dni] = r.idafi;
  }
  await enrol("30000001", 8);
  await enrol("30000001", 44);
  await enrol("30000001", 44, "2025-01-01"); // an ended second enrolment in the same coverage: no duplicate
  await enrol("30000003", 8); // left the insurer
  await enrol("30000004", 8, "2026-11-23"); // ended yesterday
  await enrol("30000005", 8);
  await enrol("30000006", 3, HOY); // ends today: still ACTIVA
  await enrol("30000006", 42);
  await refreshSnapshot();
}, 120_000);

afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.cleanup();
});

function lines(file: string): string[] {
  const text = decodeCp1252(fs.readFileSync(path.join(dir, file)));
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  return text.split("\r\n").slice(0, -1);
}

describe("who belongs", () => {
  it("Activos: every member ACTIVO on the day, one record each, general coverage 1 at 40 %", async () => {
    const r = await generateRoster("activos", { dir, now: AT });
    expect(r).toMatchObject({ archivo: "4082C202611240300.txt", reg: "Reg_4082C202611240300.txt", registros: 4 });
    expect(lines(r.archivo)).toEqual([
      "30000001;0130000001;20300000017;ÁVILA ÑANDÚ JOSÉ;F;19800131;01;00;1;40",
      "30000002;0130000002;;BRAVO ORS  ANA;F;;01;00;1;40",
      "30000004;0130000004;;DÍAZ EVA;F;19800131;01;00;1;40",
      "30000006;0130000006;;FARÍAS MARÍA;F;19800131;01;00;1;40",
    ]);
    expect(fs.readFileSync(path.join(dir, r.reg), "latin1")).toBe("4\r\n");
  });

  it("Activos Medicamentos: one record per active member × ACTIVA drug-plan coverage, with its discount", async () => {
    const r = await generateRoster("activos-medicamentos", { dir, now: AT });
    expect(r.archivo).toBe("4082C202611240300D.txt");
    expect(
      lines(r.archivo).map((l) =>
        l
          .split(";")
          .filter((_, i) => [0, 8, 9].includes(i))
          .join(";"),
      ),
    ).toEqual(["30000001;8;100", "30000001;44;70", "30000006;3;100"]);
    expect(fs.readFileSync(path.join(dir, r.reg), "latin1")).toBe(`${r.registros}\r\n`);
    expect(r.registros).toBe(3);
  });

  it("Diabeticos: active members with an ACTIVA DIABETES enrolment; the medication variant lists their drug plans", async () => {
    const d = await generateRoster("diabeticos", { dir, now: AT });
    expect(d.archivo).toBe("4083C202611240300.txt");
    expect(lines(d.archivo)).toEqual(["30000001;0130000001;20300000017;ÁVILA ÑANDÚ JOSÉ;F;19800131;01;00;8;100"]);
    const dm = await generateRoster("diabeticos-medicamentos", { dir, now: AT });
    expect(dm.archivo).toBe("4083C202611240300D.txt");
    expect(lines(dm.archivo).map((l) => l.split(";").slice(8).join(";"))).toEqual(["8;100", "44;70"]);
  });

  it("the file is Windows-1252 bytes (Á = C1, Ñ = D1), CRLF", async () => {
    const bytes = fs.readFileSync(path.join(dir, "4083C202611240300.txt"));
    const start = bytes.indexOf(0xc1);
    expect([...bytes.subarray(start, start + 6)]).toEqual([0xc1, 0x56, 0x49, 0x4c, 0x41, 0x20]);
    expect(bytes.includes(0xd1)).toBe(true);
    expect([...bytes.subarray(-2)]).toEqual([0x0d, 0x0a]);
  });
});

describe("generation", () => {
  it("two calls at once share one generation and get the same files", async () => {
    const at = new Date("2026-11-24T07:00:00Z");
    const [a, b] = await Promise.all([generateRoster("activos", { dir, now: at }), generateRoster("activos", { dir })]);
    expect(b).toBe(a);
    expect(a.archivo).toBe("4082C202611240400.txt");
  });

  it("a generation that fails half way leaves no file under a final name (nor its temporary file)", async () => {
    const before = fs.readdirSync(dir).sort();
    const at = new Date("2026-11-24T08:00:00Z");
    await expect(
      generateRoster("activos", {
        dir,
        now: at,
        onBatch: () => {
          throw new Error("corte"); // after the first batch was written
        },
      }),
    ).rejects.toThrow("corte");
    expect(fs.readdirSync(dir).sort()).toEqual(before);
  });

  it("a generation killed half way leaves only a temporary file, never listed, removed later by the prune", async () => {
    const before = new Set(fs.readdirSync(dir));
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import { generateRoster } from "~reporting/rosters/generate";
         generateRoster("diabeticos-medicamentos", { dir: ${JSON.stringify(dir)}, now: new Date("2026-11-24T09:00:00Z"),
           onBatch: () => { console.log("escribiendo"); return new Promise(() => {}); } });`,
      ],
      { env: process.env, stdio: ["ignore", "pipe", "inherit"] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", () => resolve());
      child.on("exit", (code) => reject(new Error(`child exited ${code}`)));
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.on("exit", r));
    const added = fs.readdirSync(dir).filter((n) => !before.has(n));
    // the cp1252 file being written (and DuckDB's UTF-8 one), both under temporary names
    expect(added).toContain(added.find((n) => /^\.4083C202611240600D\.txt\.\d+\.[0-9a-f]+\.tmp$/.test(n)));
    for (const n of added) {
      expect(n).toMatch(/^\.4083C202611240600D\.txt\.(utf8\.)?\d+\.[0-9a-f]+\.tmp$/);
      expect(await rosterFilePath(n, dir)).toBeNull();
    }
    expect((await listRosters(dir)).map((r) => r.archivo)).not.toContain("4083C202611240600D.txt");
    const old = new Date(Date.now() - 2 * 3600_000);
    for (const n of added) fs.utimesSync(path.join(dir, n), old, old);
    await pruneRosters("diabeticos-medicamentos", dir, 10);
    for (const n of added) expect(fs.existsSync(path.join(dir, n))).toBe(false);
  }, 60_000);

  it("the list: complete generations only, newest first, with counts; the history keeps the last N per roster", async () => {
    fs.writeFileSync(path.join(dir, "4082C202611240500.txt"), "sin Reg_\r\n"); // a pair cut between its renames
    const list = await listRosters(dir);
    expect(list.map((r) => [r.archivo, r.registros, r.fecha])).toEqual([
      ["4082C202611240400.txt", 4, "2026-11-24 04:00"],
      ["4082C202611240300.txt", 4, "2026-11-24 03:00"],
      ["4082C202611240300D.txt", 3, "2026-11-24 03:00"],
      ["4083C202611240300.txt", 1, "2026-11-24 03:00"],
      ["4083C202611240300D.txt", 2, "2026-11-24 03:00"],
    ]);
    await pruneRosters("activos", dir, 1);
    expect((await listRosters(dir)).filter((r) => r.padron === "activos").map((r) => r.archivo)).toEqual([
      "4082C202611240400.txt",
    ]);
    expect(fs.existsSync(path.join(dir, "Reg_4082C202611240300.txt"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "4082C202611240300.txt"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "4082C202611240300D.txt"))).toBe(true); // other rosters untouched
    expect(fs.existsSync(path.join(dir, "4082C202611240500.txt"))).toBe(true); // a fresh leftover waits an hour
  });

  it("file paths only for names that follow the rule and exist", async () => {
    expect(await rosterFilePath("4082C202611240400.txt", dir)).toBe(path.join(dir, "4082C202611240400.txt"));
    expect(await rosterFilePath("../4082C202611240400.txt", dir)).toBeNull();
    expect(await rosterFilePath("4082C209911240400.txt", dir)).toBeNull();
  });

  it("without a snapshot: the store's message", async () => {
    await expect(generateRoster("activos", { dir, reportingDir: path.join(dir, "no-existe") })).rejects.toBeInstanceOf(
      SnapshotUnavailableError,
    );
  });
});

describe("the nightly job", () => {
  it("an invalid ROSTER_CRON fails the start with a Spanish message", async () => {
    process.env.ROSTER_CRON = "cada noche";
    try {
      expect(() => startJobs(reportingJobs())).toThrow("ROSTER_CRON no es una expresión cron válida: 'cada noche'");
    } finally {
      delete process.env.ROSTER_CRON;
      await stopJobs();
    }
  });

  it("the scheduler generates the four rosters into ROSTER_DIR", async () => {
    const nightly = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-rosters-nightly-"));
    process.env.ROSTER_DIR = nightly;
    process.env.ROSTER_CRON = "* * * * * *"; // every second (node-cron's seconds field)
    try {
      startJobs(reportingJobs());
      await vi.waitFor(
        async () => expect(new Set((await listRosters(nightly)).map((r) => r.padron))).toEqual(new Set(ROSTER_KINDS)),
        { timeout: 60_000, interval: 250 },
      );
    } finally {
      await stopJobs();
      delete process.env.ROSTER_CRON;
      delete process.env.ROSTER_DIR;
    }
    for (const r of await listRosters(nightly)) expect(r.registros).toBeGreaterThan(0);
  }, 90_000);
});
