// A query built once per database handle and sent as a named prepared statement: Drizzle composes its SQL once, and
// Postgres parses and plans it once per connection instead of on every call (the hot lookups of the request path:
// the session, a member by DNI). For a statement whose best plan depends on the value (a LIKE prefix), don't: a
// generic plan cannot use the pattern.
import type { Db } from "./client.server";

export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let q = built.get(db);
    if (!q) {
      q = build(db);
      built.set(db, q);
    }
    return q;
  };
}
