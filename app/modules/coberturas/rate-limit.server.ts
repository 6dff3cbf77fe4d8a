// Limits of the public coverage lookup (ADR 009, ADR 026): at most `max` lookups per client address in `windowMs`
// (PUBLIC_LOOKUP_MAX per PUBLIC_LOOKUP_WINDOW_S), and at most `globalMaxPerHour` lookups of all addresses together in
// the last hour (PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR). Counted in the database (consultas_publicas) so they hold
// across app instances; refused lookups are not recorded; old rows are purged now and then.
import { and, count, eq, gte, lt, min } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { consultasPublicas } from "~db/schema/publico";
import { publicLookupConfig, type PublicLookupConfig } from "~/lib/config.server";
import { noteRetryAfter } from "~/lib/request-context.server";

const HOUR_MS = 60 * 60_000;

/** Probability that a lookup also deletes the rows no limit counts any more (cheap: index on `at`). */
const PURGE_PROBABILITY = 0.05;

/** A slot taken ("ok"), or the limit that refused it: the address's or the global one. */
export type LookupSlot = "ok" | "address" | "global";

/** When this process last logged that the global ceiling was reached (one line per hour at most). */
let globalWarnedAt: number | null = null;

/**
 * Takes one lookup slot for `address`. Refuses (and records nothing) when the address already used its whole
 * allowance of the window, so a blocked client is free again once its oldest lookup expires, or when all addresses
 * together made `globalMaxPerHour` lookups in the last hour (then logs one warning line, at most once an hour).
 */
export async function takeLookupSlot(
  address: string,
  now: Date = new Date(),
  config: PublicLookupConfig = publicLookupConfig(),
): Promise<LookupSlot> {
  const db = await getDb();
  const key = address.slice(0, 100) || "desconocida";
  if (Math.random() < PURGE_PROBABILITY) await purgeOldLookups(now, config);
  const since = new Date(now.getTime() - config.windowMs);
  const [{ n, oldest }] = await db
    .select({ n: count(), oldest: min(consultasPublicas.at) })
    .from(consultasPublicas)
    .where(and(eq(consultasPublicas.address, key), gte(consultasPublicas.at, since)));
  if (n >= config.max) {
    // free again when the oldest lookup of the window expires: the 429's Retry-After
    noteRetryAfter((oldest ? oldest.getTime() : now.getTime()) + config.windowMs - now.getTime());
    return "address";
  }
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [{ all, oldestOfHour }] = await db
    .select({ all: count(), oldestOfHour: min(consultasPublicas.at) })
    .from(consultasPublicas)
    .where(gte(consultasPublicas.at, hourAgo));
  if (all >= config.globalMaxPerHour) {
    warnGlobalCeiling(now, config);
    noteRetryAfter((oldestOfHour ? oldestOfHour.getTime() : now.getTime()) + HOUR_MS - now.getTime());
    return "global";
  }
  await db.insert(consultasPublicas).values({ address: key, at: now });
  return "ok";
}

function warnGlobalCeiling(now: Date, config: PublicLookupConfig): void {
  if (globalWarnedAt != null && Math.abs(now.getTime() - globalWarnedAt) < HOUR_MS) return;
  globalWarnedAt = now.getTime();
  console.warn(
    `[consulta-publica] límite global alcanzado: ${config.globalMaxPerHour} consultas públicas en la última hora ` +
      "(PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR); se rechazan las nuevas hasta que baje",
  );
}

/** Deletes the lookups no limit counts any more: older than the address window and than the hour. */
export async function purgeOldLookups(
  now: Date = new Date(),
  config: PublicLookupConfig = publicLookupConfig(),
): Promise<void> {
  const db = await getDb();
  const before = new Date(now.getTime() - Math.max(config.windowMs, HOUR_MS));
  await db.delete(consultasPublicas).where(lt(consultasPublicas.at, before));
}
