// Domain seed: deterministic synthetic data at a chosen scale (reference data — screens, operations,
// profiles, users — is seeded separately by ./reference.ts).
import type { Db, Driver } from "~db/client.server.ts";
import { autorizacionesLoad } from "./authorisations.ts";
import { buildStays, consumosLoad, internacionesLoad } from "./health.ts";
import {
  afiliadosLoad,
  aportesLoad,
  coberturasLoad,
  conveniosLoad,
  domiciliosLoad,
  enrolamientosLoad,
  gruposLoad,
  motivosBajaLoad,
  notasLoad,
  SET_GROUP_HOLDERS,
} from "./members.ts";
import { capa, mae, practicasLoad, tramitesLoad, turnosConfigLoad, turnosLoad, vademecumLoad } from "./misc.ts";
import { practices, vademecumRows } from "./nomenclature.ts";
import { onco } from "./onco.ts";
import { buildPopulation } from "./population.ts";
import {
  auditors,
  colegiosLoad,
  efectores,
  efectoresLoad,
  medicosLoad,
  monodrogasLoad,
  organosLoad,
  prestadoresLoad,
  professionals,
  responsables,
  responsablesLoad,
  turnosAuditoresLoad,
} from "./providers.ts";
import { stayHosts } from "./provider-services.ts";
import { Rng, todayInCatamarca } from "./random.ts";
import { Writer } from "./writer.ts";

export type Scale = "demo" | "bench";

export type SeedOptions = { scale: Scale; seed: number; log?: (line: string) => void; today?: string };

export const SCALES = {
  demo: {
    members: 3_000,
    auths: 30_000,
    stays: 180,
    pharmacyPerMember: 3,
    aporteMonths: 12,
    professionals: 400,
    efectores: 300,
    tramites: 1_500,
    capa: 120,
    mae: 40,
    onco: 40,
    turnosFill: 0.35,
  },
  bench: {
    members: 500_000,
    auths: 2_000_000,
    stays: 30_000,
    pharmacyPerMember: 1,
    aporteMonths: 4,
    professionals: 5_000,
    efectores: 3_000,
    tramites: 50_000,
    capa: 2_000,
    mae: 300,
    onco: 500,
    turnosFill: 0.5,
  },
} as const;

/** Every table this seed fills, parents before children. */
const DOMAIN_TABLES = [
  "motivos_baja",
  "coberturas",
  "colegios",
  "responsables",
  "organos",
  "monodrogas",
  "practicas",
  "vademecum",
  "turnos_config",
  "turnos_auditores",
  "prestadores",
  "efectores",
  "medicos",
  "grupos_familiares",
  "afiliados",
  "domicilios",
  "enrolamientos",
  "convenios_reciprocidad",
  "notas",
  "aportes",
  "internaciones",
  "consumos_farmacia",
  "autorizaciones",
  "turnos",
  "tramites",
  "capa_registros",
  "capa_integrantes",
  "mae_fichas",
  "mae_alumnos",
  "fichas_onco",
  "fichas_onco_monodrogas",
] as const;

/** Big tables whose secondary indexes are rebuilt after the load on a real Postgres. */
const BULK_TABLES = [
  "afiliados",
  "afiliados_palabras",
  "domicilios",
  "enrolamientos",
  "notas",
  "aportes",
  "internaciones",
  "consumos_farmacia",
  "autorizaciones",
];

const REFILL_NAME_WORDS =
  "INSERT INTO afiliados_palabras (palabra, apeynom_norm, idafi) SELECT p.* FROM afiliados a, afiliados_palabras_de(a.apeynom_norm, a.idafi) p";

export async function truncateDomain(writer: Writer): Promise<void> {
  await writer.exec(
    `TRUNCATE ${[...DOMAIN_TABLES]
      .reverse()
      .map((t) => `"${t}"`)
      .join(", ")} RESTART IDENTITY CASCADE`,
  );
}

/** The registries (turnos, trámites, CAPA, MAE, oncology), in this order, each from its own fork of `root`. */
async function seedRegistries(
  w: Writer,
  root: Rng,
  cfg: (typeof SCALES)[keyof typeof SCALES],
  from: {
    pop: Parameters<typeof turnosLoad>[0];
    resp: Parameters<typeof tramitesLoad>[2];
    prescribers: Parameters<typeof onco>[2];
  },
): Promise<void> {
  const { pop, resp } = from;
  await w.load(turnosLoad(pop, root.fork("turnos"), cfg.turnosFill));
  await w.load(tramitesLoad(pop, root.fork("tramites"), resp, cfg.tramites));
  const c = capa(pop, root.fork("capa"), cfg.capa);
  await w.load(c.registros);
  await w.load(c.integrantes);
  const m = mae(pop, root.fork("mae"), cfg.mae);
  await w.load(m.fichas);
  await w.load(m.alumnos);
  const o = onco(pop, root.fork("onco"), from.prescribers, cfg.onco);
  await w.load(o.fichas);
  await w.load(o.drogas);
}

export async function seedDomain(_db: Db, driver: Driver, options: SeedOptions): Promise<Record<string, number>> {
  const log = options.log ?? (() => {});
  const cfg = SCALES[options.scale];
  const today = options.today ?? todayInCatamarca();
  const root = new Rng(options.seed);
  const w = new Writer(driver, log);
  const started = performance.now();
  log(`seed: scale=${options.scale} seed=${options.seed} today=${today} (${driver.kind})`);

  // Lookups and providers.
  const resp = responsables(root.fork("responsables"));
  const pros = professionals(root.fork("profesionales"), cfg.professionals);
  const efs = efectores(root.fork("efectores"), cfg.efectores, pros, resp);
  const auds = auditors(root.fork("auditores"));
  const prac = practices(root.fork("practicas"));
  const vade = vademecumRows(root.fork("vademecum"));
  await w.load(motivosBajaLoad());
  await w.load(coberturasLoad());
  await w.load(colegiosLoad());
  await w.load(responsablesLoad(resp));
  await w.load(organosLoad());
  await w.load(monodrogasLoad());
  await w.load(practicasLoad(prac));
  await w.load(vademecumLoad(vade));
  await w.load(turnosConfigLoad());
  await w.load(turnosAuditoresLoad(auds));
  await w.load(prestadoresLoad(pros, root.fork("prestadores-rows")));
  await w.load(efectoresLoad(efs, pros, root.fork("efectores-rows")));
  await w.load(medicosLoad(pros));

  // Members and everything that hangs from them.
  const t0 = performance.now();
  const pop = buildPopulation(root.fork("poblacion"), cfg.members, today);
  log(
    `  (population of ${pop.members} members in ${pop.groups} groups built in ${((performance.now() - t0) / 1000).toFixed(2)} s)`,
  );
  const stays = buildStays(pop, root.fork("internaciones"), cfg.stays, stayHosts(efs, resp));
  const medical = pros.filter((x) => x.colegio === 0);

  await w.withoutIndexes(BULK_TABLES, async () => {
    await w.load(gruposLoad(pop));
    // The name-search word index is refilled in one statement instead of one trigger call per member.
    await w.exec("ALTER TABLE afiliados DISABLE TRIGGER afiliados_palabras_sync");
    await w.load(afiliadosLoad(pop, root.fork("afiliados")));
    await w.exec("ALTER TABLE afiliados ENABLE TRIGGER afiliados_palabras_sync");
    await w.exec(REFILL_NAME_WORDS);
    await w.exec(SET_GROUP_HOLDERS);
    await w.load(domiciliosLoad(pop, root.fork("domicilios")));
    await w.load(enrolamientosLoad(pop, root.fork("enrolamientos")));
    await w.load(conveniosLoad(pop, root.fork("convenios")));
    await w.load(notasLoad(pop, root.fork("notas")));
    await w.load(aportesLoad(pop, root.fork("aportes"), cfg.aporteMonths));
    await w.load(internacionesLoad(stays, pop, resp, root.fork("internaciones-rows")));
    await w.load(consumosLoad(pop, root.fork("farmacia"), vade, cfg.pharmacyPerMember));
    await w.load(
      autorizacionesLoad(
        {
          p: pop,
          stays,
          practices: prac,
          efectores: efs,
          responsables: resp,
          prescribers: medical.length ? medical : pros,
          auditors: auds,
          total: cfg.auths,
          days: 730,
        },
        root.fork("autorizaciones"),
      ),
    );
  });

  // Registries.
  await seedRegistries(w, root, cfg, { pop, resp, prescribers: medical.length ? medical : pros });

  await w.resetSequences(DOMAIN_TABLES);
  if (driver.kind === "pg") await w.exec(`ANALYZE ${DOMAIN_TABLES.map((t) => `"${t}"`).join(", ")}`);
  const totals = w.totals();
  const secs = (performance.now() - started) / 1000;
  log(
    `seed: ${totals.rows} rows in ${secs.toFixed(1)} s (${Math.round(totals.rows / secs).toLocaleString("en-US")} rows/s overall)`,
  );
  const counts: Record<string, number> = {};
  for (const st of w.stats) counts[st.table] = (counts[st.table] ?? 0) + st.rows;
  return counts;
}
