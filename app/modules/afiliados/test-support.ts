// Raw SQL helpers for this area's module tests (PGlite or pg).
import { getDriver } from "../../../db/client.server";

export async function sqlRows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const d = await getDriver();
  if (d.kind === "pg") return (await d.pool.query(text, params)).rows as T[];
  return (await d.pglite.query<T>(text, params)).rows;
}

export async function sqlOne(text: string, params: unknown[] = []): Promise<number> {
  const [row] = await sqlRows<Record<string, unknown>>(text, params);
  return Number(Object.values(row)[0]);
}
