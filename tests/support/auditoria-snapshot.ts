// The set-up the audit-time module and API tests share: one test database per file holding the hand-built audits
// (auditoria-fixture.ts) and a reporting snapshot of them, the dataset's period as a query, and the general
// statistics of a period.
import { afterAll, beforeAll } from "vitest";
import { estadisticasGenerales } from "~/modules/estadisticas/auditoria.server";
import type { EstadisticasQuery } from "~/modules/estadisticas/auditoria.schema";
import { refreshSnapshot } from "~reporting/index";
import { DESDE, HASTA, insertAuditoriaFixture, insertAuditoriasSueltas } from "./auditoria-fixture";
import { useTestDatabase, type TestDb } from "./db";
import type { EstadisticaAuditor } from "~/modules/estadisticas/rules";

/** Registers beforeAll/afterAll for the file; `db` is set once the snapshot is built. */
export function useAuditoriaSnapshot(): { db: TestDb } {
  const state = {} as { db: TestDb };
  beforeAll(async () => {
    state.db = await useTestDatabase();
    await insertAuditoriaFixture();
    await insertAuditoriasSueltas();
    await refreshSnapshot();
  }, 120_000);
  afterAll(async () => {
    await state.db?.cleanup();
  });
  return state;
}

/** The dataset's period (DESDE–HASTA, every auditor), with `extra` on top. */
export const periodQuery = (extra: Partial<EstadisticasQuery> = {}): EstadisticasQuery => ({
  fecha_desde: DESDE,
  fecha_hasta: HASTA,
  auditor: null,
  ...extra,
});

/** The per-auditor statistics of a period (throws on a refused query). */
export async function estadisticasOf(extra: Partial<EstadisticasQuery> = {}): Promise<EstadisticaAuditor[]> {
  const r = await estadisticasGenerales(periodQuery(extra));
  if (!r.ok) throw new Error(r.msg);
  return r.value.estadisticas;
}
