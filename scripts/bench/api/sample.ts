// What bench:api asks for, read straight from the bench database (pg, a read-only session): ~2 000 DNIs, ~2 000
// member ids and ~200 surnames and surname prefixes, spread over the whole table (every k-th idafi), so the calls hit
// cold and warm pages alike instead of one hot row.
import pg from "pg";

/** Fewer members than this is not the bench scale. */
export const MIN_MEMBERS = 100_000;

export type Sample = { members: number; dnis: string[]; idafis: number[]; names: string[] };

/**
 * The name searches of a list of normalised names ('nunez leiva sofia'): each surname whole, and its first four
 * letters (a word prefix, as a person types it), without repeats.
 */
export function nameQueries(names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const surname = name.split(" ")[0] ?? "";
    if (surname.length >= 2) out.add(surname);
    if (surname.length > 4) out.add(surname.slice(0, 4));
  }
  return [...out];
}

export async function sampleBench(databaseUrl: string): Promise<Sample> {
  const client = new pg.Client({ connectionString: databaseUrl, options: "-c default_transaction_read_only=on" });
  await client.connect();
  try {
    const rows = async <T>(text: string) => (await client.query(text)).rows as T[];
    const [{ n }] = await rows<{ n: number }>("select count(*)::int as n from afiliados");
    if (n < MIN_MEMBERS) return { members: n, dnis: [], idafis: [], names: [] };
    const every = Math.max(1, Math.floor(n / 2000));
    // a DNI the search accepts as typed: digits, no leading zero, at most 9 (searchDniSchema)
    const dnis = await rows<{ numdoc: string }>(
      `select numdoc from afiliados where idafi % ${every} = 0 and numdoc ~ '^[1-9][0-9]{0,8}$' order by idafi`,
    );
    const idafis = await rows<{ idafi: number }>(
      `select idafi from afiliados where idafi % ${every} = ${Math.floor(every / 2)} order by idafi`,
    );
    const names = await rows<{ s: string }>(
      `select apeynom_norm as s from afiliados where idafi % ${every * 10} = 0 order by idafi`,
    );
    return {
      members: n,
      dnis: dnis.map((r) => r.numdoc),
      idafis: idafis.map((r) => Number(r.idafi)),
      names: nameQueries(names.map((r) => r.s)),
    };
  } finally {
    await client.end();
  }
}
