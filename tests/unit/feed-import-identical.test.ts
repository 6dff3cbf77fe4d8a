// The feed import's skip of an identical file (issue 37, ADR 068): a file with the same bytes (SHA-256) and mode as its
// table's last applied import, which refused nothing, is recorded SIN_CAMBIOS without being staged again — but only
// while nothing has written the table since (feed_tablas.version, moved by a statement trigger on every feed table).
// A write from outside the feed, a delta in between, refusals last time or `force` make the file go through in full.
// Against the real database (PGlite here, PostgreSQL with DATABASE_URL).
import { describe, expect, test } from "vitest";
import { FEED_TABLES } from "~/modules/feed/tables";
import { sqlOne, sqlRows } from "~tests/support/db";
import { AFILIADOS_HEADER, afiliado, BASE, useBaseDomain, csv, feedDir, runImport } from "~tests/support/feed-fixture";

useBaseDomain();

const name = async (idafi: number) =>
  (await sqlRows<{ apeynom: string }>(`SELECT apeynom FROM afiliados WHERE idafi = ${idafi}`))[0]?.apeynom;

describe("an identical file", () => {
  test("is recorded SIN_CAMBIOS without being processed again, with the import it repeats in the message", async () => {
    const results = await runImport([feedDir(BASE)]);
    expect(results.map((r) => [r.tabla, r.estado, r.filas, r.insertadas, r.actualizadas, r.finalizadas])).toEqual([
      ["motivos_baja", "SIN_CAMBIOS", 2, 0, 0, 0],
      ["coberturas", "SIN_CAMBIOS", 2, 0, 0, 0],
      ["grupos_familiares", "SIN_CAMBIOS", 5, 0, 0, 0],
      ["afiliados", "SIN_CAMBIOS", 3, 0, 0, 0],
    ]);
    const first = await sqlOne("SELECT max(id) FROM feed_importaciones WHERE tabla = 'afiliados' AND id < $1", [
      results[3].id,
    ]);
    expect(results[3].mensaje).toMatch(
      new RegExp(
        `^Sin cambios: el archivo es idéntico \\(SHA-256\\) al de la importación ${first} del \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d, que se aplicó sin rechazos; no se volvió a procesar$`,
      ),
    );
  });

  test("is processed in full after something outside the feed wrote its table, and restores the row", async () => {
    await sqlRows("UPDATE afiliados SET apeynom = 'CAMBIADO A MANO' WHERE idafi = 101");
    const results = await runImport([feedDir(BASE)]);
    expect(results.map((r) => [r.tabla, r.estado, r.actualizadas])).toEqual([
      ["motivos_baja", "SIN_CAMBIOS", 0],
      ["coberturas", "SIN_CAMBIOS", 0],
      ["grupos_familiares", "SIN_CAMBIOS", 0],
      ["afiliados", "APLICADO", 1],
    ]);
    expect(await name(101)).toBe("APELLIDO101 NOMBRE");
  });

  test("is processed in full after a TRUNCATE of its table (a restore, a seeder)", async () => {
    await sqlRows("TRUNCATE motivos_baja CASCADE");
    const [r] = await runImport([feedDir({ "motivos_baja.csv": BASE["motivos_baja.csv"] })]);
    expect(r).toMatchObject({ estado: "APLICADO", insertadas: 2 });
  });

  test("is processed in full when another import of the table came in between (a delta)", async () => {
    await runImport([feedDir({ "afiliados.delta.csv": csv(AFILIADOS_HEADER, [afiliado(101, { apeynom: "DELTA" })]) })]);
    const [r] = await runImport([feedDir({ "afiliados.csv": BASE["afiliados.csv"] })]);
    expect(r).toMatchObject({ estado: "APLICADO", actualizadas: 1 });
    expect(await name(101)).toBe("APELLIDO101 NOMBRE");
  });

  test("is processed in full when the last import of it refused rows (their references may exist now)", async () => {
    const file = csv(AFILIADOS_HEADER, [
      afiliado(100),
      afiliado(101),
      afiliado(102),
      afiliado(103, { codmotbaja: "9" }),
    ]);
    const [first] = await runImport([feedDir({ "afiliados.csv": file })]);
    expect(first).toMatchObject({ estado: "SIN_CAMBIOS", insertadas: 0, rechazadas: 1 });
    await runImport([feedDir({ "motivos_baja.delta.csv": csv("bambacodig;bambadescr", ["9;NUEVO"]) })]);
    const [again] = await runImport([feedDir({ "afiliados.csv": file })]);
    expect(again).toMatchObject({ estado: "APLICADO", insertadas: 1, rechazadas: 0 });
  });

  test("is processed in full with force, and then says the database already had it", async () => {
    const [r] = await runImport([feedDir({ "coberturas.csv": BASE["coberturas.csv"] })], { force: true });
    expect(r).toMatchObject({ estado: "SIN_CAMBIOS", filas: 2 });
    expect(r.mensaje).toBe("Sin cambios: la base ya tenía lo que dice el archivo (2 filas)");
  });
});

test("every feed table moves its version on a write: the trigger is on each of them", async () => {
  const triggers = await sqlRows<{ tabla: string }>(
    `SELECT c.relname AS tabla FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
      WHERE g.tgname = 'feed_tabla_escrita' ORDER BY 1`,
  );
  expect(triggers.map((r) => r.tabla)).toEqual(FEED_TABLES.map((f) => f.name).sort());
  const before = await sqlOne("SELECT version FROM feed_tablas WHERE tabla = 'coberturas'");
  await sqlRows("UPDATE coberturas SET gravdesgra = gravdesgra WHERE false");
  expect(await sqlOne("SELECT version FROM feed_tablas WHERE tabla = 'coberturas'")).toBe(Number(before) + 1);
});
