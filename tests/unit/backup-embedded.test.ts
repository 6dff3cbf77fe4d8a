// The embedded database's restore drill (issue 36 §5, docs/decisions/067-embedded-backups.md): the built app on
// PGlite under DATA_DIR takes CAPA records and turnos through its API; `npm run backup` (the real command, a child
// process) archives it while it runs; more writes and a second sign-in follow; the app stops; `npm run restore`
// puts the archive into a new, empty DATA_DIR and the app starts on it. Every write before the backup is there, none
// after it, and the session issued after it no longer works. The commands' refusals as an operator meets them (a
// running app, a missing file); the others, and --force, in server/backup/restore.test.ts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appBuilt, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import { prerequisite } from "~tests/support/prerequisite";

const missing = !appBuilt() ? "no build/index.js (run `npx remix build`; npm test builds first)" : null;
const runs = prerequisite("restore drill of the embedded database (npm run backup / restore)", missing);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "osep-backup-drill-"));
const original = path.join(root, "data");
const restored = path.join(root, "restaurada");
const archive = path.join(root, "respaldo.tar.gz");
/** The settings of every app and command here: the embedded database under `dataDir`, its files beneath it. */
const envFor = (dataDir: string): Record<string, string> => ({
  DATABASE_URL: "",
  READ_REPLICA_URL: "",
  PGLITE_MEMORY: "",
  DEMO: "",
  DATA_DIR: dataDir,
  REPORTING_DIR: "",
  REPORTS_DIR: "",
  ROSTER_DIR: "",
  BACKUP_DIR: "",
  PDF_WARMUP: "0",
  WEB_CONCURRENCY: "",
  // no reporting snapshot is built: its reads of the one embedded database would only slow the drill down
  REPORTING_SCHEDULER: "worker",
});

/** `npm run <script> -- args` as an operator types it, in the project's directory. */
function npmRun(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
      env: { ...process.env, ...envFor(dataDir) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (b: Buffer) => (out += b.toString()));
    child.stderr.on("data", (b: Buffer) => (err += b.toString()));
    child.once("exit", (code) => resolve({ code, out, err }));
  });
}

let app: AppProcess | undefined;

async function api(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${app!.origin}${url}`, {
    method,
    headers: {
      ...(token ? { "x-auth-token": token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { msg?: string } };
}

async function signIn(): Promise<string> {
  const r = await api("POST", "/api/auth", null, { usuario: "admin", password: "admin" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}

let dni = "";
let positivo = 0;
async function writeCapa(token: string): Promise<number> {
  const r = await api("POST", "/api/capa-covid", token, {
    afi_dni: dni,
    afi_localidad: "SAN FERNANDO DEL VALLE DE CATAMARCA",
    fecha_positivo: `2026-0${++positivo}-15`,
    afi_telefono: "3834 123456",
    afi_email: "paciente@example.com",
    esquema_vacunacion: "Completo",
    tipo_modulo: "modulo3047",
    integrantes: [{ afi_dni_integrante: "46000001", afi_nombre_integrante: "NO AFILIADO", afi_edad_integrante: 9 }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body.ficha as { id: number }).id;
}

const DIA = "2030-03-04"; // a Monday past the demo's agenda
async function writeTurno(token: string, hora: string, dniTurno: string): Promise<void> {
  const r = await api("PUT", "/api/turnos", token, {
    tipo_tramite: "AFILIACIONES",
    fecha_turno: DIA,
    hora_turno: hora,
    puesto: 1,
    dni_afiliado: dniTurno,
    apeynom_afiliado: `PRUEBA RESPALDO ${dniTurno}`,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const written = { before: { capa: 0, s1: "" }, after: { capa: 0, s2: "" } };
let backup: Awaited<ReturnType<typeof npmRun>>;
let refusedWhileRunning: Awaited<ReturnType<typeof npmRun>>;

describe.runIf(runs)("restore drill: back up while the app runs, keep writing, restore into a new DATA_DIR", () => {
  beforeAll(async () => {
    app = await startApp(envFor(original), 150_000);
    written.before.s1 = await signIn();
    const found = await api("GET", "/api/afiliado/?targetField=nombre&nombre=A", written.before.s1);
    dni = String((found.body.resultado as { numdoc: string }[])[0].numdoc);
    written.before.capa = await writeCapa(written.before.s1);
    await writeTurno(written.before.s1, "07:30", "40111001");
    fs.mkdirSync(path.join(original, "reportes"), { recursive: true });
    fs.writeFileSync(path.join(original, "reportes", "antes.csv"), "antes\r\n");

    backup = await npmRun("backup", [archive], original);

    written.after.capa = await writeCapa(written.before.s1);
    await writeTurno(written.before.s1, "07:45", "40111002");
    written.after.s2 = await signIn();
    fs.writeFileSync(path.join(original, "reportes", "despues.csv"), "despues\r\n");
    refusedWhileRunning = await npmRun("restore", [archive, "--force"], original);
    await app.stop();
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    killGroup(app);
    fs.rmSync(root, { recursive: true, force: true });
  });

  test("npm run backup asks the running app for the dump and writes one archive", () => {
    expect(backup.code, backup.out + backup.err).toBe(0);
    expect(backup.out).toContain("por la aplicación en marcha");
    expect(fs.statSync(archive).size).toBeGreaterThan(1000);
    expect(fs.readdirSync(root).filter((n) => n.includes("partial") || n.startsWith("."))).toEqual([]);
  });

  test("npm run restore refuses the DATA_DIR of a running app, even with --force", () => {
    expect(refusedWhileRunning.code).not.toBe(0);
    expect(refusedWhileRunning.err).toContain("la aplicación está en marcha");
    expect(refusedWhileRunning.err).not.toMatch(/\n\s+at /);
  });

  test("restored into a new DATA_DIR, the app has every write before the backup and none after it", async () => {
    const r = await npmRun("restore", [archive], restored);
    expect(r.code, r.out + r.err).toBe(0);
    expect(fs.readdirSync(path.join(restored, "reportes"))).toEqual(["antes.csv"]);
    app = await startApp(envFor(restored), 150_000);
    const s1 = written.before.s1;
    expect((await api("GET", `/api/capa-covid/${written.before.capa}`, s1)).status).toBe(200);
    expect((await api("GET", `/api/capa-covid/${written.after.capa}`, s1)).status).toBe(404);
    const turnos = await api("GET", `/api/turnos/asignadosporfecha/${DIA}?tipo_tramite=AFILIACIONES`, s1);
    expect(turnos.status, JSON.stringify(turnos.body)).toBe(200);
    const dnis = JSON.stringify(turnos.body);
    expect(dnis).toContain("40111001");
    expect(dnis).not.toContain("40111002");
  }, 200_000);

  test("the session signed in before the backup still works; the one signed in after it does not", async () => {
    expect((await api("GET", "/api/auth", written.before.s1)).status).toBe(200);
    expect((await api("GET", "/api/auth", written.after.s2)).status).toBe(401);
  });

  test("a missing file: a Spanish sentence, exit code 1, no stack, nothing written", async () => {
    const empty = path.join(root, "vacio");
    const r = await npmRun("restore", [path.join(root, "no-existe.tar.gz")], empty);
    expect(r.code, r.out + r.err).toBe(1);
    expect(r.err).toContain("no existe el archivo");
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(fs.existsSync(empty)).toBe(false);
  });
});
