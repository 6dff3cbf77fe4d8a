// npm run bench:catalogos — the catalogue searches on the bench scale, on a throwaway database: an in-memory PGlite,
// or with DATABASE_URL a new database on that PostgreSQL server, dropped at the end. It loads what the searches read,
// exactly as `npm run db:seed -- --scale bench` writes it (same generator, same seed): the colleges, the 5 000
// professionals and the vademecum.
//  1. GET /api/prestadores with typical filters (apellido start, full apellido, nombre, apellido + nombre, matricula
//     start, colegio, apellido + colegio) through the route's loader (guard, token lookup, validation, the module's
//     word-start search, count, JSON) against the plain approach on the same database in the same run: the same
//     filters as ILIKE '%text%' on the raw columns, the page (LIMIT 5) and the count; 16 concurrent clients;
//  2. GET /api/vademecum/?producto=... (and droga, laboratorio) through its loader against the plain ILIKE + count;
//  3. a profile change reaching its user: an operation row added to / removed from us_perfil_operaciones in SQL, then
//     the user's very next GET /api/auth; "visible on next request: yes/no" over BENCH_TRIALS trials.
// Prints p50/p95 and ratios; no timed assertions. BENCH_QUERIES (default 3000) and BENCH_TRIALS (default 50) size it.
import { closeDb, getDriver } from "~db/client.server";
import { SCALES } from "~db/seed/index";
import { vademecumLoad } from "~db/seed/misc";
import { vademecumRows } from "~db/seed/nomenclature";
import { colegiosLoad, prestadoresLoad, professionals } from "~db/seed/providers";
import { Rng } from "~db/seed/random";
import { Writer } from "~db/seed/writer";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { normalizeName } from "~/modules/afiliados/padron.server";
import { PadronQuerySchema } from "~/modules/prestadores/profesionales.schema";
import { listPrestadores } from "~/modules/prestadores/profesionales.server";
import { loader as authLoader } from "~/routes/api.auth";
import { loader as prestadoresLoader } from "~/routes/api.prestadores._index";
import { loader as vademecumLoader } from "~/routes/api.vademecum._index";
import { api, BENCH_CONTEXT, CLIENTS, load, log, run, type Stat } from "~scripts/bench/harness";
import { sqlRows, useTestDatabase } from "~tests/support/db";

const QUERIES = Number(process.env.BENCH_QUERIES || 3000);
const TRIALS = Number(process.env.BENCH_TRIALS || 50);
process.env.DATABASE_POOL_MAX ??= String(CLIENTS + 2);

// ---- The data -----------------------------------------------------------------------------------------------
const t0 = performance.now();
const t = await useTestDatabase();
const driver = await getDriver();
log(`bench:catalogos en ${driver.kind === "pg" ? "PostgreSQL (base temporal en DATABASE_URL)" : "PGlite en memoria"}`);
{
  const cfg = SCALES.bench;
  const root = new Rng(1);
  const w = new Writer(driver);
  const pros = professionals(root.fork("profesionales"), cfg.professionals);
  await w.load(colegiosLoad());
  await w.load(vademecumLoad(vademecumRows(root.fork("vademecum"))));
  await w.load(prestadoresLoad(pros, root.fork("prestadores-rows")));
  await w.resetSequences(["colegios", "vademecum", "prestadores"]);
  if (driver.kind === "pg") await w.exec("ANALYZE colegios, prestadores, vademecum");
}
const count = async (table: string) => (await sqlRows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
log(
  `  datos: ${await count("prestadores")} profesionales, ${await count("colegios")} colegios, ${await count("vademecum")} filas de vademecum, cargados en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
const [{ id: adminId }] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
const token = await requestContext.run(BENCH_CONTEXT, () => createSession(adminId, "api"));

/** Product against plain, 1 then 16 clients, warm; prints the ratio line. */
async function compare(
  title: string,
  queries: { path: string; plain: () => Promise<unknown> }[],
  loader: (args: never) => unknown,
  direct?: (path: string) => Promise<unknown>,
) {
  const ours = async (i: number) => {
    const res = await run(loader, api(token, queries[i % queries.length].path));
    await res.arrayBuffer();
    return res.status === 200;
  };
  const plain = async (i: number) => {
    await queries[i % queries.length].plain();
    return true;
  };
  for (let i = 0; i < 200; i++) await Promise.all([ours(i), plain(i)]); // warm up
  log(`\n${title}`);
  let last: { plain: Stat; ours: Stat } | null = null;
  for (const clients of [1, CLIENTS]) {
    log(`  ${clients === 1 ? "un cliente (latencia)" : `${clients} clientes a la vez`}:`);
    const p = await load("simple: ILIKE '%texto%' + count, directo en la base", QUERIES, plain, "q/s", clients);
    if (direct) {
      const moduleOnly = async (i: number) => {
        await direct(queries[i % queries.length].path);
        return true;
      };
      await load("producto: la función del módulo, sin la ruta", QUERIES, moduleOnly, "q/s", clients);
    }
    const o = await load("producto: GET por el loader de la ruta", QUERIES, ours, "q/s", clients);
    log(
      `  p95 ${o.p95.toFixed(1)} ms (objetivo ≤ 50 ms con ${CLIENTS} clientes); frente a lo simple: p50 ×${(o.p50 / p.p50).toFixed(2)}, p95 ×${(o.p95 / p.p95).toFixed(2)}, q/s ×${(o.perSec / p.perSec).toFixed(2)}`,
    );
    last = { plain: p, ours: o };
  }
  return last!;
}

// ---- 1. GET /api/prestadores --------------------------------------------------------------------------------
type Pro = { apellido: string; nombre: string; matricula: string; colegio: string };
const sample = await sqlRows<Pro>(
  `SELECT p.apellido, p.nombre, p.matricula, c.sptpmdescr AS colegio FROM prestadores p
   JOIN colegios c ON c.id = p.colegio_id WHERE p.id % 37 = 0 ORDER BY p.id`,
);
const firstWord = (s: string) => normalizeName(s).split(" ")[0];
const PLAIN_PRESTADORES = `SELECT p.apellido, p.nombre, p.matricula, c.sptpmdescr AS colegio, p.especialidad, p.domicilio,
  p.localida, p.telefono FROM prestadores p LEFT JOIN colegios c ON c.id = p.colegio_id WHERE `;
function plainPrestadores(where: string[], params: string[]) {
  const w = where.length ? where.join(" AND ") : "true";
  return () =>
    Promise.all([
      sqlRows(`${PLAIN_PRESTADORES}${w} ORDER BY p.apellido, p.nombre, p.matricula, p.id LIMIT 5`, params),
      sqlRows(
        `SELECT count(*)::int AS n FROM prestadores p LEFT JOIN colegios c ON c.id = p.colegio_id WHERE ${w}`,
        params,
      ),
    ]);
}
const prestadorQueries = sample.flatMap((p) => {
  const ape = firstWord(p.apellido);
  const nom = firstWord(p.nombre);
  const q = (params: Record<string, string>) =>
    `/api/prestadores?${new URLSearchParams({ ...params, page: "0", size: "5" })}`;
  return [
    {
      path: q({ apellido: ape.slice(0, 4) }),
      plain: plainPrestadores(["p.apellido ILIKE $1"], [`%${ape.slice(0, 4)}%`]),
    },
    { path: q({ apellido: p.apellido }), plain: plainPrestadores(["p.apellido ILIKE $1"], [`%${p.apellido}%`]) },
    { path: q({ nombre: nom }), plain: plainPrestadores(["p.nombre ILIKE $1"], [`%${nom}%`]) },
    {
      path: q({ apellido: ape, nombre: nom }),
      plain: plainPrestadores(["p.apellido ILIKE $1", "p.nombre ILIKE $2"], [`%${ape}%`, `%${nom}%`]),
    },
    {
      path: q({ matricula: p.matricula.slice(0, 3) }),
      plain: plainPrestadores(["p.matricula ILIKE $1"], [`${p.matricula.slice(0, 3)}%`]),
    },
    { path: q({ colegio: p.colegio }), plain: plainPrestadores(["c.sptpmdescr = $1"], [p.colegio]) },
    {
      path: q({ apellido: ape.slice(0, 3), colegio: p.colegio }),
      plain: plainPrestadores(["p.apellido ILIKE $1", "c.sptpmdescr = $2"], [`%${ape.slice(0, 3)}%`, p.colegio]),
    },
  ];
});
{
  // The product answers: every path 200 with the spec's keys.
  let found = 0;
  for (const q of prestadorQueries.slice(0, 70)) {
    const res = await run(prestadoresLoader, api(token, q.path));
    const body = (await res.json()) as { prestadores: unknown[]; total_records: number };
    if (res.status !== 200 || !Array.isArray(body.prestadores)) throw new Error(`${q.path}: ${res.status}`);
    if (body.total_records > 0) found++;
  }
  log(`\n  ${prestadorQueries.length} búsquedas distintas; ${found} de las 70 primeras encuentran profesionales`);
}
/** listPrestadores() for a query path, without the route (guard, token lookup, JSON). */
const listDirect = (path: string) => {
  const raw = Object.fromEntries(new URL(path, "http://localhost").searchParams);
  const { page, size, for_export: _unused, ...f } = PadronQuerySchema.parse(raw);
  return listPrestadores({ ...f, page, size });
};
await compare(
  `1. GET /api/prestadores con filtros típicos, ${QUERIES} consultas`,
  prestadorQueries,
  prestadoresLoader,
  listDirect,
);

// ---- 2. GET /api/vademecum/ ---------------------------------------------------------------------------------
type Vade = { producto: string; droga: string | null; laboratorio: string | null };
const vade = await sqlRows<Vade>("SELECT DISTINCT producto, droga, laboratorio FROM vademecum ORDER BY producto");
const PLAIN_VADEMECUM = `SELECT producto, presentacion, laboratorio, droga, familia, cobertura, plan FROM vademecum WHERE `;
const plainVademecum = (column: string, text: string) => () =>
  Promise.all([
    sqlRows(`${PLAIN_VADEMECUM}${column} ILIKE $1 ORDER BY producto, presentacion LIMIT 5`, [`%${text}%`]),
    sqlRows(`SELECT count(*)::int AS n FROM vademecum WHERE ${column} ILIKE $1`, [`%${text}%`]),
  ]);
const vq = (params: Record<string, string>) =>
  `/api/vademecum/?${new URLSearchParams({ ...params, page: "0", size: "5" })}`;
const vademecumQueries = vade.flatMap((v) => [
  { path: vq({ producto: v.producto.slice(0, 4) }), plain: plainVademecum("producto", v.producto.slice(0, 4)) },
  { path: vq({ producto: v.producto }), plain: plainVademecum("producto", v.producto) },
  ...(v.droga
    ? [{ path: vq({ droga: v.droga.slice(0, 5) }), plain: plainVademecum("droga", v.droga.slice(0, 5)) }]
    : []),
  ...(v.laboratorio
    ? [
        {
          path: vq({ laboratorio: v.laboratorio.slice(0, 3) }),
          plain: plainVademecum("laboratorio", v.laboratorio.slice(0, 3)),
        },
      ]
    : []),
]);
{
  const res = await run(vademecumLoader, api(token, vademecumQueries[0].path));
  const body = (await res.json()) as { resultado?: unknown[]; total_records?: number };
  if (res.status !== 200 || !Array.isArray(body.resultado) || typeof body.total_records !== "number")
    throw new Error(`GET /api/vademecum/: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  log(`\n  ${vademecumQueries.length} búsquedas distintas de vademecum`);
}
await compare(
  `2. GET /api/vademecum/ (producto, droga, laboratorio), ${QUERIES} consultas`,
  vademecumQueries,
  vademecumLoader,
);

// ---- 3. A profile change on the user's very next request ----------------------------------------------------
log(`\n3. Cambio de perfil visible en el próximo pedido del usuario (${TRIALS} pruebas de alta y ${TRIALS} de baja)`);
const [{ id: perfilId }] = await sqlRows<{ id: number }>(
  "INSERT INTO us_perfiles (descripcion, activo) VALUES ('BENCH CATALOGOS', true) RETURNING id",
);
const [{ id: userId }] = await sqlRows<{ id: number }>(
  `INSERT INTO us_usuarios (apeynom, usuario, password_hash, us_perfil_id) VALUES ('BENCH', 'bench_catalogos', 'x', $1)
   RETURNING id`,
  [perfilId],
);
const userToken = await requestContext.run(BENCH_CONTEXT, () => createSession(userId, "api"));
const ops = (await sqlRows<{ id: string }>("SELECT id FROM us_operaciones ORDER BY id::int")).map((o) => o.id);
const allowed = async () => {
  const res = await run(authLoader, api(userToken, "/api/auth"));
  const body = (await res.json()) as { allowed_operation?: string[] };
  if (res.status !== 200) throw new Error(`GET /api/auth: ${res.status}`);
  return body.allowed_operation ?? [];
};
await allowed(); // the session is warm: a cache, if there were one, would hold the empty list now
let added = 0;
let removed = 0;
for (let i = 0; i < TRIALS; i++) {
  const op = ops[i % ops.length];
  await sqlRows("INSERT INTO us_perfil_operaciones (us_operacion_id, us_perfil_id) VALUES ($1, $2)", [op, perfilId]);
  if ((await allowed()).includes(op)) added++;
  await sqlRows("DELETE FROM us_perfil_operaciones WHERE us_operacion_id = $1 AND us_perfil_id = $2", [op, perfilId]);
  if (!(await allowed()).includes(op)) removed++;
}
log(`  alta de una operación: visible en el próximo pedido ${added}/${TRIALS}`);
log(`  baja de una operación: visible en el próximo pedido ${removed}/${TRIALS}`);
log(`  visible on next request: ${added === TRIALS && removed === TRIALS ? "yes" : "no"}`);

await t.cleanup();
await closeDb();
