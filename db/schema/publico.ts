// The public coverage lookup (/consulta-coberturas-esp and its JSON API): one row per lookup, per client
// address, so the rate limit holds across app instances. Rows older than the window are purged on the fly.
import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const consultasPublicas = pgTable(
  "consultas_publicas",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    address: text("address").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consultas_publicas_address_idx").on(t.address, t.at), index("consultas_publicas_at_idx").on(t.at)],
);
