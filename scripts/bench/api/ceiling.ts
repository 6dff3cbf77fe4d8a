// The database-alone ceiling of a DNI lookup: pgbench (16 clients, -j 2, prepared statements) sending the SQL the
// app sends for GET /api/afiliado/?targetField=dni — the session lookup (the select of userForToken in
// app/auth/sessions.server.ts, with the permission subqueries of app/auth/permissions.server.ts) for the real token
// of the bench's API session, then the search by numdoc (byExact of app/modules/afiliados/padron.server.ts) — and
// the search alone. The statements are built here with Drizzle from the same tables and helpers, so their text is
// the app's; pgbench gets them with $n turned into its :variables. Latency from pgbench's per-transaction log.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { afiliados } from "~db/schema/afiliados";
import { sesiones, usPerfiles, usUsuarios } from "~db/schema/auth";
import { operationsOf, screensOf } from "~/auth/permissions.server";
import { pct } from "~scripts/bench/harness";

export type Ceiling = { name: string; n: number; perSec: number; p50: number; p95: number };

/** pgbench of the newest Debian PostgreSQL (/usr/lib/postgresql/<v>/bin), else the one on PATH. */
export function findPgbench(base = "/usr/lib/postgresql"): string {
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, "bin", "pgbench")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(base, versions[0], "bin", "pgbench") : "pgbench";
}

const qb = new QueryBuilder();

/** userForToken's select (copied: keep in step with app/auth/sessions.server.ts). Parameters: token hash, kind. */
export function sessionQuery(tokenHash: string) {
  return qb
    .select({
      sessionId: sesiones.id,
      kind: sesiones.kind,
      expiresAt: sesiones.expiresAt,
      lastSeenAt: sesiones.lastSeenAt,
      revokedAt: sesiones.revokedAt,
      id: usUsuarios.id,
      apeynom: usUsuarios.apeynom,
      usuario: usUsuarios.usuario,
      typeUsr: usUsuarios.typeUsr,
      activo: usUsuarios.activo,
      perfilId: usPerfiles.id,
      perfil: usPerfiles.descripcion,
      perfilActivo: usPerfiles.activo,
      screens: screensOf(usPerfiles.id),
      operations: operationsOf(usPerfiles.id),
    })
    .from(sesiones)
    .innerJoin(usUsuarios, eq(usUsuarios.id, sesiones.usuarioId))
    .innerJoin(usPerfiles, eq(usPerfiles.id, usUsuarios.usPerfilId))
    .where(and(eq(sesiones.tokenHash, tokenHash), eq(sesiones.kind, "api")))
    .toSQL();
}

/** byExact(eq(numdoc, dni)) of padron.server.ts (copied: its row fields, family order, limit 51). Parameters: dni, 51. */
export function searchQuery(dni: string) {
  return qb
    .select({
      idafi: afiliados.idafi,
      apeynom: afiliados.apeynom,
      numdoc: afiliados.numdoc,
      nroafi: afiliados.nroafi,
      grupo: afiliados.grupo,
      nromedio: afiliados.nromedio,
      nroparentesco: afiliados.nroparentesco,
      descparentesco: afiliados.descparentesco,
      baperfenac: afiliados.baperfenac,
      sexocodigo: afiliados.sexocodigo,
      fechalta: afiliados.fechalta,
      fechbaja: afiliados.fechbaja,
      fechvto: afiliados.fechvto,
    })
    .from(afiliados)
    .where(eq(afiliados.numdoc, dni))
    .orderBy(asc(afiliados.grupo), asc(afiliados.nromedio), asc(afiliados.nroparentesco), asc(afiliados.idafi))
    .limit(51)
    .toSQL();
}

/** A statement for pgbench: $1, $2… become :names[0], :names[1]… (pgbench sends them as parameters with -M prepared). */
export function withVariables(text: string, names: readonly string[]): string {
  return `${text.replace(/\$(\d+)\b/g, (_, n: string) => `:${names[Number(n) - 1]}`)};`;
}

/**
 * The pgbench scripts and their constant variables: `:dni` is the k-th sampled DNI (a CASE over the sample: pgbench
 * variables are numbers, and a sampled DNI is digits without a leading zero), so every transaction looks up another
 * member with the very statement the app sends.
 */
export function pgbenchScripts(tokenHash: string, dnis: readonly string[]) {
  if (dnis.length === 0 || dnis.some((d) => !/^[1-9]\d{0,8}$/.test(d))) throw new Error("DNIs de muestra inválidos");
  const session = sessionQuery(tokenHash);
  const search = searchQuery(dnis[0]);
  const pick = [
    `\\set k random(1, ${dnis.length})`,
    `\\set dni case ${dnis.map((d, i) => `when :k = ${i + 1} then ${d}`).join(" ")} end`,
  ];
  const sessionSql = withVariables(session.sql, ["tokenhash", "kind"]);
  const searchSql = withVariables(search.sql, ["dni", "lim"]);
  return {
    lookup: [...pick, sessionSql, searchSql].join("\n") + "\n",
    searchOnly: [...pick, searchSql].join("\n") + "\n",
    variables: { tokenhash: String(session.params[0]), kind: String(session.params[1]), lim: String(search.params[1]) },
  };
}

/** Latencies in ms from pgbench -l logs: `client_id transaction_no time(µs) script_no epoch µs …` per line. */
export function logLatencies(texts: readonly string[]): number[] {
  const out: number[] = [];
  for (const text of texts)
    for (const line of text.split("\n")) {
      const us = Number(line.split(" ")[2]);
      if (line && Number.isFinite(us)) out.push(us / 1000);
    }
  return out;
}

export type PgbenchRun = { databaseUrl: string; seconds: number; clients: number; tmpDir: string };

/** Runs one pgbench script; q/s from pgbench's own tps line, p50/p95 from its transaction log. */
export async function runPgbench(
  name: string,
  script: string,
  variables: Record<string, string>,
  run: PgbenchRun,
): Promise<Ceiling> {
  const dir = fs.mkdtempSync(path.join(run.tmpDir, "pgbench-"));
  const file = path.join(dir, "script.sql");
  fs.writeFileSync(file, script);
  const args = [
    "-n",
    "-M",
    "prepared",
    "-c",
    String(run.clients),
    "-j",
    "2",
    "-T",
    String(run.seconds),
    "-l",
    `--log-prefix=${path.join(dir, "log")}`,
    ...Object.entries(variables).flatMap(([k, v]) => ["-D", `${k}=${v}`]),
    "-f",
    file,
    run.databaseUrl,
  ];
  const stdout = await new Promise<string>((resolve, reject) => {
    const p = spawn(findPgbench(), args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    p.stdout.on("data", (b: Buffer) => out.push(b));
    p.stderr.on("data", (b: Buffer) => err.push(b));
    p.on("error", reject);
    p.on("close", (code) => {
      const text = Buffer.concat(out).toString("utf8");
      if (code === 0) resolve(text);
      else reject(new Error(`pgbench terminó con ${code}: ${Buffer.concat(err).toString("utf8").slice(-2000)}`));
    });
  });
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const logs = fs
    .readdirSync(dir)
    .filter((f) => f.startsWith("log"))
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
  const times = logLatencies(logs).sort((a, b) => a - b);
  fs.rmSync(dir, { recursive: true, force: true });
  return { name, n: times.length, perSec: tps, p50: pct(times, 50), p95: pct(times, 95) };
}
