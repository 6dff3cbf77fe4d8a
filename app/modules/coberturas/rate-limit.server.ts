// Rate limit of the public coverage lookup: at most MAX lookups per client address in WINDOW_MS, counted in
// the database (consultas_publicas) so it holds across app instances. Old rows are purged now and then.
import { and, count, eq, gte, lt } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { consultasPublicas } from "~db/schema/publico";

export const PUBLIC_LOOKUP_LIMIT = { max: 20, windowMs: 5 * 60_000 } as const;

/** Probability that a lookup also deletes the rows that fell out of the window (cheap: index on `at`). */
const PURGE_PROBABILITY = 0.05;

/**
 * Takes one lookup slot for `address`. Returns false (and records nothing) when the address already used
 * the whole allowance of the window, so a blocked client is free again once its oldest lookup expires.
 */
export async function takeLookupSlot(address: string, now: Date = new Date()): Promise<boolean> {
  const db = await getDb();
  const key = address.slice(0, 100) || "desconocida";
  const since = new Date(now.getTime() - PUBLIC_LOOKUP_LIMIT.windowMs);
  if (Math.random() < PURGE_PROBABILITY) await purgeOldLookups(now);
  const [{ n }] = await db
    .select({ n: count() })
    .from(consultasPublicas)
    .where(and(eq(consultasPublicas.address, key), gte(consultasPublicas.at, since)));
  if (n >= PUBLIC_LOOKUP_LIMIT.max) return false;
  await db.insert(consultasPublicas).values({ address: key, at: now });
  return true;
}

/** Deletes the lookups older than the window. */
export async function purgeOldLookups(now: Date = new Date()): Promise<void> {
  const db = await getDb();
  const before = new Date(now.getTime() - PUBLIC_LOOKUP_LIMIT.windowMs);
  await db.delete(consultasPublicas).where(lt(consultasPublicas.at, before));
}
