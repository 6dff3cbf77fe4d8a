// The feed import's apply (issue 37): a delta upserts and ends its B rows by the table's rule, a full load ends the
// rows it no longer has (a member gets fechbaja = the import's day, an authorisation is annulled, a catalog row
// another table refers to is kept), only changed rows are updated, the same files again change nothing and say so,
// Windows-1252 named or detected arrives intact, a family group's holder is set after the members, and every file
// leaves its audit row. Against the real database (PGlite here, PostgreSQL with DATABASE_URL).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { sqlOne, sqlRows } from "~tests/support/db";
import {
  AFILIADOS_HEADER,
  afiliado,
  BASE,
  useBaseDomain,
  csv,
  feedDir,
  runImport,
  TODAY,
} from "~tests/support/feed-fixture";

useBaseDomain();

const fechbaja = async (idafi: number) =>
  (await sqlRows<{ f: string }>(`SELECT fechbaja::text AS f FROM afiliados WHERE idafi = ${idafi}`))[0]?.f;

describe("delta", () => {
  test("A rows upsert: a new member inserted, a changed one updated, the others untouched", async () => {
    const dir = feedDir({
      "afiliados.delta.csv": csv(AFILIADOS_HEADER, [afiliado(101, { apeynom: "NUEVO NOMBRE" }), afiliado(103)]),
    });
    const [r] = await runImport([dir]);
    expect(r).toMatchObject({
      estado: "APLICADO",
      modo: "delta",
      filas: 2,
      insertadas: 1,
      actualizadas: 1,
      finalizadas: 0,
    });
    expect(await sqlRows("SELECT idafi, apeynom FROM afiliados ORDER BY idafi")).toEqual([
      { idafi: 100, apeynom: "APELLIDO100 NOMBRE" },
      { idafi: 101, apeynom: "NUEVO NOMBRE" },
      { idafi: 102, apeynom: "APELLIDO102 NOMBRE" },
      { idafi: 103, apeynom: "APELLIDO103 NOMBRE" },
    ]);
    // the word index follows, by its trigger
    expect(await sqlOne("SELECT count(*) FROM afiliados_palabras WHERE idafi = 101 AND palabra = 'nuevo'")).toBe(1);
  });

  test("a delta leaves the optional columns it does not carry as they are", async () => {
    await runImport([feedDir({ "afiliados.delta.csv": csv(AFILIADOS_HEADER, [afiliado(101, { codmotbaja: "2" })]) })]);
    const required = AFILIADOS_HEADER.slice(0, 8); // idafi … descparentesco: the key and the required columns
    const line = afiliado(101, { apeynom: "OTRO NOMBRE" }).split(";").slice(0, 8).join(";");
    const [r] = await runImport([feedDir({ "afiliados.delta.csv": csv(required, [line]) })]);
    expect(r).toMatchObject({ actualizadas: 1, rechazadas: 0 });
    expect(await sqlRows("SELECT apeynom, codmotbaja, numdoc FROM afiliados WHERE idafi = 101")).toEqual([
      { apeynom: "OTRO NOMBRE", codmotbaja: 2, numdoc: String(20_000_000 + 101 * 7) },
    ]);
  });

  test("B: a member gets fechbaja = the import's day and is not deleted; a B needs only the key", async () => {
    const dir = feedDir({ "afiliados.delta.csv": csv(["accion", ...AFILIADOS_HEADER], ["B;101" + ";".repeat(14)]) });
    const [r] = await runImport([dir]);
    expect(r).toMatchObject({ estado: "APLICADO", finalizadas: 1, insertadas: 0, actualizadas: 0, rechazadas: 0 });
    expect(await fechbaja(101)).toBe(TODAY);
    expect(await fechbaja(100)).toBe("0001-01-01");
    expect(await sqlOne("SELECT count(*) FROM afiliados")).toBe(3);
    const [again] = await runImport([dir]);
    expect(again).toMatchObject({ estado: "SIN_CAMBIOS", finalizadas: 0 });
  });

  test("B of a catalog row: deleted when nothing refers to it, kept when a row of another table does", async () => {
    await runImport([feedDir({ "afiliados.delta.csv": csv(AFILIADOS_HEADER, [afiliado(101, { codmotbaja: "2" })]) })]);
    const dir = feedDir({ "motivos_baja.delta.csv": csv("accion;bambacodig;bambadescr", ["B;1;", "B;2;"]) });
    const [r] = await runImport([dir]);
    expect(r).toMatchObject({ estado: "APLICADO", finalizadas: 1 });
    expect(await sqlRows("SELECT bambacodig FROM motivos_baja")).toEqual([{ bambacodig: 2 }]);
  });
});

describe("full load", () => {
  test("a member absent from the file gets fechbaja = the import's day; one already gone keeps its date", async () => {
    await runImport([
      feedDir({ "afiliados.delta.csv": csv(AFILIADOS_HEADER, [afiliado(103, { fechbaja: "01/01/2020" })]) }),
    ]);
    const [r] = await runImport([feedDir({ "afiliados.csv": csv(AFILIADOS_HEADER, [afiliado(100), afiliado(101)]) })]);
    expect(r).toMatchObject({ estado: "APLICADO", modo: "completa", insertadas: 0, actualizadas: 0, finalizadas: 1 });
    expect(await fechbaja(102)).toBe(TODAY);
    expect(await fechbaja(103)).toBe("2020-01-01");
    expect(await fechbaja(100)).toBe("0001-01-01");
  });

  test("an authorisation absent from the file is annulled, not deleted", async () => {
    const header = "id;nroautorizacion;idafi;practica;autorizo;modalidad;fecha;hora;fecha_hora_carga;coseguro;anulado";
    const line = (id: number) =>
      `${id};${9000 + id};100;420101;AUTORIZADA;PREVIA;05/03/2026;10:15;05/03/2026 10:14:59;150,5;N`;
    const [first] = await runImport([feedDir({ "autorizaciones.csv": csv(header, [line(1), line(2), line(3)]) })]);
    expect(first).toMatchObject({ insertadas: 3, rechazadas: 0 });
    const [r] = await runImport([feedDir({ "autorizaciones.csv": csv(header, [line(1), line(3)]) })]);
    expect(r).toMatchObject({ estado: "APLICADO", finalizadas: 1, actualizadas: 0 });
    expect(await sqlRows("SELECT id::int AS id, anulado FROM autorizaciones ORDER BY id")).toEqual([
      { id: 1, anulado: false },
      { id: 2, anulado: true },
      { id: 3, anulado: false },
    ]);
    const [row] = await sqlRows<Record<string, string>>(
      "SELECT hora::text AS h, fecha_hora_carga::text AS c, coseguro::text AS m FROM autorizaciones WHERE id = 1",
    );
    expect(row).toEqual({ h: "10:15:00", c: "2026-03-05 10:14:59", m: "150.50" });
    // explicit ids: the sequence moved past them, so the next row the database numbers does not collide
    expect(await sqlOne("SELECT nextval(pg_get_serial_sequence('autorizaciones', 'id'))")).toBeGreaterThan(3);
  });

  test("a catalog row absent from the file is deleted unless another table refers to it", async () => {
    await runImport([feedDir({ "enrolamientos.csv": csv("id;idafi;gravcodgra;enprfecvig", ["1;100;3;01/01/2020"]) })]);
    const [r] = await runImport([feedDir({ "coberturas.csv": csv("gravcodgra;gravdesgra", ["40;PLAN NUEVO"]) })]);
    expect(r).toMatchObject({ estado: "APLICADO", insertadas: 1, finalizadas: 1 });
    expect(await sqlRows("SELECT gravcodgra FROM coberturas ORDER BY 1")).toEqual([
      { gravcodgra: 3 },
      { gravcodgra: 40 },
    ]);
  });

  test("an update touches only the rows that changed", async () => {
    const lines = [afiliado(100), afiliado(101, { baperfenac: "1980-05-16" }), afiliado(102, { apeynom: "CAMBIADO" })];
    const [r] = await runImport([feedDir({ "afiliados.csv": csv(AFILIADOS_HEADER, lines) })]);
    expect(r).toMatchObject({ estado: "APLICADO", filas: 3, insertadas: 0, actualizadas: 2, finalizadas: 0 });
  });

  test("the same files again, processed in full (force), change nothing and say so", async () => {
    const dir = feedDir(BASE);
    const results = await runImport([dir], { force: true });
    expect(results.map((r) => [r.tabla, r.estado, r.insertadas, r.actualizadas, r.finalizadas])).toEqual([
      ["motivos_baja", "SIN_CAMBIOS", 0, 0, 0],
      ["coberturas", "SIN_CAMBIOS", 0, 0, 0],
      ["grupos_familiares", "SIN_CAMBIOS", 0, 0, 0],
      ["afiliados", "SIN_CAMBIOS", 0, 0, 0],
    ]);
    expect(results[3].mensaje).toBe("Sin cambios: la base ya tenía lo que dice el archivo (3 filas)");
  });
});

describe("a full load that would end too much (FEED_MAX_ENDED) applies nothing", () => {
  test("a file with the header only: refused, no member given a fechbaja", async () => {
    const [r] = await runImport([feedDir({ "afiliados.csv": csv(AFILIADOS_HEADER, []) })]);
    expect(r).toMatchObject({ estado: "RECHAZADO", filas: 0, finalizadas: 0 });
    expect(r.mensaje).toBe(
      "No se aplicó nada del archivo: la carga completa no tiene filas y daría de baja 3 filas de afiliados (para " +
        "vaciar una tabla, envíe un delta con accion B)",
    );
    expect(await sqlOne("SELECT count(*) FROM afiliados WHERE fechbaja = '0001-01-01'")).toBe(3);
  });

  test("ending more than 10 % of a table of 100 rows or more: refused whole; a higher FEED_MAX_ENDED lets it apply", async () => {
    const many = Array.from({ length: 120 }, (_, i) => afiliado(200 + i, { grupo_familiar_id: "13" }));
    await runImport([feedDir({ "afiliados.delta.csv": csv(AFILIADOS_HEADER, many) })]);
    const cut = csv(AFILIADOS_HEADER, [afiliado(100), afiliado(101), afiliado(102), ...many.slice(0, 100)]);
    const [r] = await runImport([feedDir({ "afiliados.csv": cut })]);
    expect(r).toMatchObject({ estado: "RECHAZADO", insertadas: 0, actualizadas: 0, finalizadas: 0 });
    expect(r.mensaje).toBe(
      "No se aplicó nada del archivo: la carga completa daría de baja 20 de 123 filas de afiliados (16,26 %), más " +
        "que el máximo de 10 % (FEED_MAX_ENDED)",
    );
    expect(await sqlOne("SELECT count(*) FROM afiliados WHERE fechbaja <> '0001-01-01'")).toBe(0);
    const [again] = await runImport([feedDir({ "afiliados.csv": cut })], { maxEndedPct: 20 });
    expect(again).toMatchObject({ estado: "APLICADO", finalizadas: 20 });
  });
});

test("rows that clash with a uniqueness other than the key (a college's name): refused whole, the value named", async () => {
  await runImport([
    feedDir({ "colegios.csv": csv("id;sptpmdescr", ["1;COLEGIO MEDICO", "2;COLEGIO DE KINESIOLOGOS"]) }),
  ]);
  const [r] = await runImport([
    feedDir({ "colegios.delta.csv": csv("id;sptpmdescr", ["3;OTRO", "4;COLEGIO MEDICO"]) }),
  ]);
  expect(r).toMatchObject({ estado: "RECHAZADO", insertadas: 0 });
  expect(r.mensaje).toBe(
    "No se aplicó nada del archivo: un valor que en colegios debe ser único se repite en el archivo o ya lo tiene " +
      "otra fila de la tabla (colegios_sptpmdescr_unique: Key (sptpmdescr)=(COLEGIO MEDICO) already exists.)",
  );
  expect(await sqlOne("SELECT count(*) FROM colegios")).toBe(2);
});

describe("order and deferred references", () => {
  test("files apply in dependency order whatever order they come in; a group's holder is set after the members", async () => {
    const dir = feedDir({
      "afiliados.delta.csv": csv(AFILIADOS_HEADER, [afiliado(105, { grupo_familiar_id: "15" })]),
      "grupos_familiares.delta.csv": csv("id;titular_idafi", ["15;105", "16;999"]),
    });
    const results = await runImport([
      path.join(dir, "afiliados.delta.csv"),
      path.join(dir, "grupos_familiares.delta.csv"),
    ]);
    expect(results.map((r) => [r.tabla, r.estado, r.insertadas, r.actualizadas, r.rechazadas])).toEqual([
      ["grupos_familiares", "APLICADO", 2, 0, 1],
      ["afiliados", "APLICADO", 1, 0, 0],
    ]);
    expect(results[0].informe).toContain("3;titular_idafi;999;No existe en afiliados (idafi)");
    expect(await sqlRows("SELECT id, titular_idafi FROM grupos_familiares WHERE id >= 15 ORDER BY id")).toEqual([
      { id: 15, titular_idafi: 105 },
      { id: 16, titular_idafi: null },
    ]);
    const [holder] = await runImport([feedDir({ "grupos_familiares.delta.csv": csv("id;titular_idafi", ["16;105"]) })]);
    expect(holder).toMatchObject({ estado: "APLICADO", insertadas: 0, actualizadas: 1 });
  });
});

describe("encoding", () => {
  const content = (name: string) =>
    csv(AFILIADOS_HEADER, [afiliado(100), afiliado(101), afiliado(102, { apeynom: name })]);

  test("Windows-1252 named in the file name: an 'Ñ' arrives intact", async () => {
    const [r] = await runImport([feedDir({ "afiliados.cp1252.csv": Buffer.from(content("NUÑEZ MARÍA"), "latin1") })]);
    expect(r).toMatchObject({ estado: "APLICADO", codificacion: "windows-1252", actualizadas: 1 });
    expect(await sqlRows("SELECT apeynom FROM afiliados WHERE idafi = 102")).toEqual([{ apeynom: "NUÑEZ MARÍA" }]);
  });

  test("Windows-1252 detected (not valid UTF-8) and reported as detected", async () => {
    const [r] = await runImport([feedDir({ "afiliados.csv": Buffer.from(content("PEÑA JOSÉ"), "latin1") })]);
    expect(r).toMatchObject({ estado: "APLICADO", codificacion: "windows-1252 (detectada)" });
    expect(await sqlRows("SELECT apeynom FROM afiliados WHERE idafi = 102")).toEqual([{ apeynom: "PEÑA JOSÉ" }]);
  });

  test("UTF-8 with a BOM: detected, the BOM skipped", async () => {
    const [r] = await runImport([feedDir({ "afiliados.csv": `\uFEFF${content("MUÑOZ ÁNGEL")}` })]);
    expect(r).toMatchObject({ estado: "APLICADO", codificacion: "utf-8 (detectada)", rechazadas: 0 });
    expect(await sqlRows("SELECT apeynom FROM afiliados WHERE idafi = 102")).toEqual([{ apeynom: "MUÑOZ ÁNGEL" }]);
  });
});

test("the audit row: who, file, size, SHA-256, counts, state, report", async () => {
  const body = csv(AFILIADOS_HEADER, [
    afiliado(100),
    afiliado(101, { apeynom: "CAMBIO" }),
    afiliado(103),
    afiliado(104, { baperfenac: "x" }),
  ]);
  const dir = feedDir({ "afiliados.csv": body });
  const [admin] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
  const [r] = await runImport([dir], { origen: "admin", usuarioId: admin.id, maxRefusedPct: 30 });
  const [row] = await sqlRows<Record<string, unknown>>(`SELECT * FROM feed_importaciones WHERE id = ${r.id}`);
  expect(row).toMatchObject({
    usuario_id: admin.id,
    origen: "admin",
    archivo: "afiliados.csv",
    tabla: "afiliados",
    modo: "completa",
    codificacion: "utf-8 (detectada)",
    sha256: createHash("sha256").update(body).digest("hex"),
    estado: "APLICADO",
    filas: 4,
    insertadas: 1,
    actualizadas: 1,
    finalizadas: 1,
    rechazadas: 1,
    informe: r.informe,
  });
  expect(Number(row.bytes)).toBe(Buffer.byteLength(body));
  expect(row.sha256).toBe(r.sha256);
  expect(row.duracion_ms).toBeGreaterThanOrEqual(0);
  expect(row.mensaje).toBe("4 filas: 1 insertada, 1 actualizada, 1 finalizada; 1 fila rechazada");
  expect(fs.readFileSync(path.join(dir, "afiliados.rechazos.csv"), "utf8")).toBe(`\uFEFF${r.informe}`);
  expect(r.informe).toContain("5;baperfenac;x;No es una fecha");
});
