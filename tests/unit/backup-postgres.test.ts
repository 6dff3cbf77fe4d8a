// Issue 36 §5, ADR 066: the PostgreSQL restore drill, the way docs/operations.md §9.1 tells an operator to do it. A
// cluster of the test's own, archiving its WAL with pgBackRest (tests/support/pgbackrest-cluster.ts, the settings of
// deploy/pgbackrest/), gets its full backup; the built app starts on it and the desk keeps writing through the HTTP
// API (CAPA records, turnos, a CAPA update). The moment T is read from the database's clock between two writes,
// once the WAL before it is archived (`pgbackrest check`); after T the writing goes on and the admin signs in again
// (session S2). App and server stop; `pgbackrest restore --type=time --target=T --target-action=promote` into an
// empty data directory; the server and the app start on it:
// - every write before T is there and none after it (the update after T is undone, its record is as it was);
// - S1 (signed in before T) still works, S2 (after T) is refused: 401 on the API, the sign-in page on a screen.
// `pgbackrest verify` then reads the repository back and `info` lists it.
// Needs Debian's PostgreSQL and pgBackRest (`npm test` installs them) and the build; not the shared test server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDaysISO, todayISO } from "~/lib/dates";
import { appBuilt, killGroup, startApp, type AppProcess } from "~tests/support/app-process";
import { postgresBinDir } from "~tests/support/own-postgres";
import { databaseNow, startBackedUpCluster, type BackedUpCluster } from "~tests/support/pgbackrest-cluster";
import { prerequisite } from "~tests/support/prerequisite";

const PASSWORD = "clave-del-simulacro-36";
/** A Monday far ahead: no booking window in the way. */
const DIA = "2099-06-01";
const MIEMBROS = [
  ["30360001", "SIMULACRO TITULAR"],
  ["30360002", "SIMULACRO HIJO"],
] as const;

const missing = !postgresBinDir()
  ? "no PostgreSQL binaries under /usr/lib/postgresql (npm test installs them)"
  : !fs.existsSync("/usr/bin/pgbackrest")
    ? "no /usr/bin/pgbackrest (Debian's pgbackrest; npm test installs it)"
    : !appBuilt()
      ? "no build/index.js (run `npx remix build`; npm test builds first)"
      : null;
const runs = prerequisite("the PostgreSQL restore drill", missing);

let cluster: BackedUpCluster | undefined;
let app: AppProcess | undefined;
let files = "";
let idafi = 0;

type Answer = { status: number; body: Record<string, unknown> };

async function call(method: string, p: string, token: string | null, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = token ? { "x-auth-token": token } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(app!.origin + p, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function signIn(): Promise<string> {
  const r = await call("POST", "/api/auth", null, { usuario: "admin", password: PASSWORD });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}

/** A browser session (the sign-in form): its cookie. */
async function signInScreen(): Promise<string> {
  const res = await fetch(app!.origin + "/?index", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app!.origin },
    body: new URLSearchParams({ usuario: "admin", password: PASSWORD }),
    redirect: "manual",
  });
  expect(res.status).toBe(302);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

const capaBody = (fecha_positivo: string, over: Record<string, unknown> = {}) => ({
  afi_dni: MIEMBROS[0][0],
  afi_localidad: "SAN FERNANDO DEL VALLE DE CATAMARCA",
  fecha_positivo,
  afi_telefono: "3834 123456",
  afi_email: "simulacro@example.com",
  esquema_vacunacion: "Completo",
  tipo_modulo: "modulo3047",
  integrantes: [{ afi_dni_integrante: MIEMBROS[1][0] }],
  ...over,
});

/** The n-th day before today: one CAPA record per member and positive date. */
const positivo = (n: number) => addDaysISO(todayISO(), -n);

async function addCapa(token: string, fecha: string): Promise<number> {
  const r = await call("POST", "/api/capa-covid", token, capaBody(fecha));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return (r.body.ficha as { id: number }).id;
}

async function addTurno(token: string, hora_turno: string): Promise<void> {
  const r = await call("PUT", "/api/turnos", token, {
    tipo_tramite: "REINTEGROS",
    fecha_turno: DIA,
    hora_turno,
    puesto: 1,
    dni_afiliado: MIEMBROS[0][0],
    apeynom_afiliado: MIEMBROS[0][1],
    id_afiliado: idafi,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

function appEnv(): Record<string, string> {
  return {
    DATABASE_URL: cluster!.url(),
    READ_REPLICA_URL: "",
    DEMO: "0",
    ADMIN_PASSWORD: PASSWORD,
    PDF_WARMUP: "0",
    REPORTING_SCHEDULER: "worker",
    REPORTING_DIR: path.join(files, "reporting"),
    REPORTS_DIR: path.join(files, "reportes"),
    ROSTER_DIR: path.join(files, "padron-farmacia"),
    WEB_CONCURRENCY: "1",
  };
}

/** The members and the agenda the desk works with (reference data, not what the drill checks). */
async function addReferenceData(): Promise<void> {
  const c = new pg.Client({ connectionString: cluster!.url() });
  await c.connect();
  try {
    for (const [dni, nombre] of MIEMBROS) {
      const { rows } = await c.query<{ idafi: number }>(
        `insert into afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, baperfenac)
         values ($1, $2, $3, '01', $2, '00', 'TITULAR', '1990-01-01') returning idafi`,
        [nombre, dni, `01${dni}00`],
      );
      idafi ||= rows[0].idafi;
    }
    await c.query(
      `insert into turnos_config (tipo_tramite, cant_puesto, tiempo_por_turno, inicio_turno, fin_turno)
       values ('REINTEGROS', 2, 20, '08:00', '12:00') on conflict (tipo_tramite) do nothing`,
    );
  } finally {
    await c.end();
  }
}

/** The moment T from the database's clock, once everything written so far is archived (`pgbackrest check`). */
async function takeMoment(): Promise<string> {
  await cluster!.pgbackrest("check");
  const c = new pg.Client({ connectionString: cluster!.url() });
  await c.connect();
  try {
    return await databaseNow(c);
  } finally {
    await c.end();
  }
}

const before = { capa: [] as number[], turnos: ["08:00", "08:20"], s1: "", s1Cookie: "" };
const after = { capa: [] as number[], turnos: ["09:00", "09:20"], s2: "", s2Cookie: "" };
let target = "";

describe.runIf(runs)("PostgreSQL: full backup, WAL archive, restore to a moment between two writes", () => {
  beforeAll(async () => {
    files = fs.mkdtempSync(path.join(os.tmpdir(), "osep-drill-files-"));
    cluster = await startBackedUpCluster({ fast: true });
    await cluster.pgbackrest("--type=full", "backup");
    // the app's own start (migrations, first user) is replayed from the archived WAL, after the backup
    app = await startApp(appEnv());
    await addReferenceData();
    before.s1 = await signIn();
    before.s1Cookie = await signInScreen();
    before.capa.push(await addCapa(before.s1, positivo(1)), await addCapa(before.s1, positivo(2)));
    for (const hora of before.turnos) await addTurno(before.s1, hora);

    target = await takeMoment();

    after.s2 = await signIn();
    after.s2Cookie = await signInScreen();
    after.capa.push(await addCapa(after.s2, positivo(3)));
    for (const hora of after.turnos) await addTurno(after.s2, hora);
    // an update after T of a record written before it: the restore undoes it
    const upd = await call("PUT", "/api/capa-covid", after.s2, { ...capaBody(positivo(1)), id: before.capa[0] });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect((await call("GET", "/api/auth", after.s2)).status).toBe(200);
    // what was written after T reaches the archive too: recovery must see a commit past T to stop at T
    await cluster.pgbackrest("check");

    await app.stop();
    app = undefined;
    await cluster.restoreInto("--type=time", `--target=${target}`, "--target-action=promote");
    await cluster.start();
    await cluster.waitWritable();
    app = await startApp(appEnv());
  });

  afterAll(async () => {
    await app?.stop().catch(() => undefined);
    killGroup(app);
    cluster?.cleanup();
    if (files) fs.rmSync(files, { recursive: true, force: true });
  });

  test("every CAPA record written before T is there, none after it; the update after T is undone", async () => {
    const list = await call(
      "GET",
      "/api/capa-covid?fecha_desde=2020-01-01&fecha_hasta=2099-12-31&page=0&size=50",
      before.s1,
    );
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const ids = (list.body.fichas as { id: number }[]).map((f) => f.id).sort((a, b) => a - b);
    expect(ids).toEqual(before.capa);
    const first = await call("GET", `/api/capa-covid/${before.capa[0]}`, before.s1);
    expect(first.status).toBe(200);
    expect(first.body.ficha).toMatchObject({ afi_email: "simulacro@example.com", version: 1 });
    expect((await call("GET", `/api/capa-covid/${after.capa[0]}`, before.s1)).status).toBe(404);
  });

  test("every turno assigned before T is there, none after it", async () => {
    const day = await call("GET", `/api/turnos/asignadosporfecha/${DIA}?tipo_tramite=REINTEGROS`, before.s1);
    expect(day.status, JSON.stringify(day.body)).toBe(200);
    const horas = (day.body.turnos as { hora_turno: string }[]).map((t) => t.hora_turno.slice(0, 5)).sort();
    expect(horas).toEqual(before.turnos);
  });

  test("the sessions of before T work (API token and screen cookie); those issued after T are refused", async () => {
    expect((await call("GET", "/api/auth", before.s1)).status).toBe(200);
    expect((await call("GET", "/api/auth", after.s2)).status).toBe(401);
    const screen = (cookie: string) =>
      fetch(app!.origin + "/listado-capa", {
        headers: { cookie, accept: "text/html", "sec-fetch-mode": "navigate" },
        redirect: "manual",
      });
    expect((await screen(before.s1Cookie)).status).toBe(200);
    const refused = await screen(after.s2Cookie);
    expect(refused.status).toBe(302);
    expect(new URL(refused.headers.get("location") ?? "", app!.origin).pathname).toBe("/");
  });

  test("`pgbackrest verify` finds the repository sound; `info` lists the full backup and the archive", async () => {
    await cluster!.pgbackrest("verify");
    const [stanza] = JSON.parse(await cluster!.pgbackrest("--output=json", "info")) as {
      status: { code: number };
      backup: { type: string }[];
      archive: { min: string; max: string }[];
    }[];
    expect(stanza.status.code).toBe(0);
    expect(stanza.backup.map((b) => b.type)).toEqual(["full"]);
    expect(stanza.archive[0].max > stanza.archive[0].min).toBe(true);
  });

  test("the restored server is writable again: the desk goes on (a new CAPA record)", async () => {
    const s3 = await signIn();
    const id = await addCapa(s3, positivo(4));
    expect(before.capa).not.toContain(id);
  });
});
