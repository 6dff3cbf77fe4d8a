// docs/registry-feed.md cannot drift from the feed: one section per table of FEED_TABLES (in their order), and in
// each exactly the columns of the table's export header, with the schema's type, whether it is key / required, the
// references the run checks, the key and the end rule; the "Order" paragraph lists the tables in FEED_TABLES order.
import fs from "node:fs";
import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { exportColumns } from "~/modules/feed/export.server";
import { FEED_TABLES, type FeedTable } from "~/modules/feed/tables";

const doc = fs.readFileSync(new URL("../../docs/registry-feed.md", import.meta.url), "utf8");

type DocRow = { column: string; type: string; req: string; meaning: string };
type DocSection = { intro: string; rows: DocRow[] };

/** `### \`tabla\` — …` sections of "## The tables", each with its intro and its column table. */
function sections(): Map<string, DocSection> {
  const part = doc.slice(doc.indexOf("## The tables"));
  const out = new Map<string, DocSection>();
  for (const chunk of part.split(/^### /m).slice(1)) {
    const name = /^`(\w+)`/.exec(chunk)?.[1];
    if (!name) continue;
    const end = chunk.search(/^## /m);
    const body = end >= 0 ? chunk.slice(0, end) : chunk;
    const rows = [...body.matchAll(/^\| `(\w+)` \| ([^|]+) \| ([^|]+) \| (.*) \|$/gm)].map((m) => ({
      column: m[1],
      type: m[2].trim(),
      req: m[3].trim(),
      meaning: m[4],
    }));
    out.set(name, { intro: body.slice(0, body.indexOf("|")), rows });
  }
  return out;
}

/** The type as the doc writes it: the SQL type, serials as their integer type, no space in numeric(p,s). */
function docType(c: PgColumn): string {
  const t = c.getSQLType().replace(/\s+/g, "");
  return t === "serial" ? "integer" : t === "bigserial" ? "bigint" : t;
}

function docReq(t: FeedTable, c: PgColumn): string {
  if (t.key.includes(c.name)) return "key";
  return c.notNull && !c.hasDefault ? "yes" : "no";
}

function docEnd(t: FeedTable): string {
  if (t.end === "delete") return "Ends: deleted";
  return `Ends: \`${"date" in t.end ? t.end.date : t.end.flag}\``;
}

const bySection = sections();

test("one section per feed table, in the feed's order, and no other", () => {
  expect([...bySection.keys()]).toEqual(FEED_TABLES.map((t) => t.name));
});

test("the Order paragraph lists the tables in the order a run applies them", () => {
  const order = doc.slice(doc.indexOf("### Order"), doc.indexOf("### What is checked"));
  const named = [...order.matchAll(/`(\w+)`/g)].map((m) => m[1]).filter((n) => FEED_TABLES.some((t) => t.name === n));
  expect(named.slice(0, FEED_TABLES.length)).toEqual(FEED_TABLES.map((t) => t.name));
});

describe.each(FEED_TABLES.map((t) => [t.name, t] as const))("%s", (name, t) => {
  const section = bySection.get(name);
  const header = exportColumns(t);

  test("documents exactly the columns of its export header, once each", () => {
    const documented = (section?.rows ?? []).map((r) => r.column);
    expect(new Set(documented).size, "a column documented twice").toBe(documented.length);
    expect([...documented].sort()).toEqual(header.map((c) => c.name).sort());
  });

  test("with the schema's type and whether it is key or required", () => {
    const rows = new Map((section?.rows ?? []).map((r) => [r.column, r]));
    for (const c of header) {
      expect(rows.get(c.name)?.type, `${name}.${c.name} type`).toBe(docType(c));
      expect(rows.get(c.name)?.req, `${name}.${c.name} req.`).toBe(docReq(t, c));
    }
  });

  test("with the references the run checks (→ tabla.columna) and no other", () => {
    const documented = (section?.rows ?? []).flatMap((r) =>
      [...r.meaning.matchAll(/→ `(\w+)\.(\w+)`/g)].map((m) => `${r.column} → ${m[1]}.${m[2]}`),
    );
    const expected = (t.references ?? []).map((r) => `${r.column} → ${r.table}.${r.key}`);
    expect(documented.sort()).toEqual(expected.sort());
  });

  test("its key and how a row ends", () => {
    const intro = section?.intro ?? "";
    expect(intro).toContain(`Key ${t.key.map((k) => `\`${k}\``).join(" + ")}`);
    expect(intro).toContain(docEnd(t));
    const all = Object.values(getTableColumns(t.table)).map((c) => c.name);
    for (const omitted of t.omit ?? []) expect(all).toContain(omitted);
  });
});
