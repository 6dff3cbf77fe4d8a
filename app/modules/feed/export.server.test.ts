// The feed's export against a real database: one file per feed table with the schema's columns (minus omit and
// generated) as its header, and the value formats of docs/registry-feed.md — sentinel dates empty, dd/mm/aaaa, S/N,
// numeric with '.', null empty vs "" for empty text, ';' '"' and newlines quoted — ordered by the key.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { getTableColumns } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { exportFeed, type ExportedFile } from "./export.server";
import { FEED_TABLES } from "./tables";

let t: TestDb;
let dir: string;
let files: ExportedFile[];

const read = (table: string) => fs.readFileSync(path.join(dir, `${table}.csv`), "utf8");
/** The file's records as objects; `""` and an empty field both come back as '' here (raw text checks the difference). */
const records = (table: string) =>
  parse(read(table), { delimiter: ";", columns: true, relax_quotes: false }) as Record<string, string>[];
const lines = (table: string) => read(table).split("\n");

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await sqlRows(`INSERT INTO motivos_baja (bambacodig, bambadescr) VALUES (7, 'RENUNCIA')`);
  await sqlRows(`INSERT INTO grupos_familiares (id) VALUES (1)`);
  await sqlRows(
    `INSERT INTO afiliados (idafi, apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco,
       grupo_familiar_id, baperfenac, fechbaja, fechvto, codmotbaja, motbaja, plan, tipoconvenio)
     VALUES (2, 'PÉREZ; "EL TANO"', '20111222', '0120111222', '01', '100001', '00', 'TITULAR', 1, '1980-01-31',
       '2024-03-05', '0001-01-01', 7, 'línea 1' || chr(10) || 'línea 2', '', NULL),
            (1, 'GÓMEZ ANA', '20111333', '0120111333', '01', '100002', '00', 'TITULAR', 1, NULL,
       DEFAULT, NULL, NULL, NULL, NULL, NULL)`,
  );
  await sqlRows(
    `INSERT INTO aportes (id, idafi, jubilado, fecha, cuit, rem_imponible, aporte_afiliado)
     VALUES (1, 1, true, '2024-06-01', '20201113330', 1234.5, -0.01), (2, 1, false, '2024-07-01', '20201113330', 0, NULL)`,
  );
  await sqlRows(
    `INSERT INTO consumos_farmacia (id, idafi, dni, fecha_receta, fecha_dispensa, descuento)
     VALUES (1, 1, '20111333', DEFAULT, '2024-02-29', 40)`,
  );
  await sqlRows(
    `INSERT INTO autorizaciones (id, nroautorizacion, idafi, practica, autorizo, modalidad, fecha, hora,
       fecha_hora_carga, anulado)
     VALUES (5, 900, 1, '420101', 'AUTORIZADA', 'PREVIA', '2025-06-14', '08:05:09', '2025-06-14 08:05:09', true),
            (3, 901, 1, '420101', 'DENEGADA', 'CONSUMO', '2025-06-15', NULL, NULL, false)`,
  );
  await sqlRows(
    `INSERT INTO practicas (practica, descripcion, subitem, origen)
     VALUES ('420101', 'CONSULTA B', 'B', ''), ('420101', 'CONSULTA A', '', 'X'), ('10', 'OTRA', '', '')`,
  );
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-feed-export-"));
  files = await exportFeed(dir);
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.cleanup();
});

describe("files and headers", () => {
  test("every feed table gets its <tabla>.csv, UTF-8 without BOM, ending in a newline", () => {
    expect(files.map((f) => f.table)).toEqual(FEED_TABLES.map((f) => f.name));
    for (const f of files) {
      expect(path.basename(f.file)).toBe(`${f.table}.csv`);
      const bytes = fs.readFileSync(f.file);
      expect(bytes.length).toBe(f.bytes);
      expect(bytes.subarray(0, 3).toString("hex")).not.toBe("efbbbf");
      expect(bytes[bytes.length - 1]).toBe(0x0a);
    }
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  test("the header is the table's database columns minus omit and generated ones", () => {
    for (const ft of FEED_TABLES) {
      const expected = Object.values(getTableColumns(ft.table))
        .filter((c) => !(ft.omit ?? []).includes(c.name) && !c.generated)
        .map((c) => c.name);
      expect(lines(ft.name)[0].split(";"), ft.name).toEqual(expected);
    }
    expect(lines("afiliados")[0].split(";")).not.toContain("apeynom_norm");
    expect(lines("responsables")[0]).toBe("nombre;cuit");
    expect(lines("afiliados")[0].split(";")).toContain("cuil_prefijo");
  });

  test("an empty table is its header alone; rows are counted", () => {
    expect(read("colegios")).toBe("id;sptpmdescr\n");
    expect(files.find((f) => f.table === "afiliados")?.rows).toBe(2);
    expect(files.find((f) => f.table === "colegios")?.rows).toBe(0);
  });
});

describe("values", () => {
  test("rows are ordered by the key", () => {
    expect(records("afiliados").map((r) => r.idafi)).toEqual(["1", "2"]);
    expect(records("autorizaciones").map((r) => r.id)).toEqual(["3", "5"]);
    expect(records("practicas").map((r) => [r.practica, r.subitem, r.origen])).toEqual([
      ["10", "", ""],
      ["420101", "", "X"],
      ["420101", "B", ""],
    ]);
  });

  test("dates dd/mm/aaaa; the column's default sentinel (0001-01-01, 1900-01-01) empty; another 0001-01-01 kept", () => {
    const [gomez, perez] = records("afiliados");
    expect(gomez.fechbaja).toBe("");
    expect(perez.fechbaja).toBe("05/03/2024");
    expect(perez.baperfenac).toBe("31/01/1980");
    expect(perez.fechvto).toBe("01/01/0001");
    const [consumo] = records("consumos_farmacia");
    expect(consumo.fecha_receta).toBe("");
    expect(consumo.fecha_dispensa).toBe("29/02/2024");
  });

  test("timestamps dd/mm/aaaa hh:mm:ss, times hh:mm:ss, booleans S/N", () => {
    const [denegada, autorizada] = records("autorizaciones");
    expect(autorizada.fecha_hora_carga).toBe("14/06/2025 08:05:09");
    expect(autorizada.hora).toBe("08:05:09");
    expect(autorizada.anulado).toBe("S");
    expect(denegada.anulado).toBe("N");
    expect(records("aportes").map((r) => r.jubilado)).toEqual(["S", "N"]);
  });

  test("numeric with '.' and its scale, no thousands separator", () => {
    const [a, b] = records("aportes");
    expect(a.rem_imponible).toBe("1234.50");
    expect(a.aporte_afiliado).toBe("-0.01");
    expect(b.rem_imponible).toBe("0.00");
    expect(records("consumos_farmacia")[0].descuento).toBe("40.00");
  });

  test('null is an empty unquoted field, empty text is ""', () => {
    const perez = lines("afiliados").find((l) => l.startsWith("2;"))!;
    // …;motbaja (quoted, multi-line);aficategoria (null);descclasificacion (null);plan ('');tipoconvenio (null)
    expect(read("afiliados")).toContain(`;"línea 1\nlínea 2";;;"";\n`);
    expect(perez).not.toContain(';"";"";');
    const gomez = lines("afiliados").find((l) => l.startsWith("1;"))!;
    expect(gomez.endsWith(";;;;;;")).toBe(true);
  });

  test("a ';', a '\"' or a newline inside text is quoted (RFC 4180) and reads back exactly", () => {
    expect(read("afiliados")).toContain(`;"PÉREZ; ""EL TANO""";`);
    const perez = records("afiliados")[1];
    expect(perez.apeynom).toBe('PÉREZ; "EL TANO"');
    expect(perez.motbaja).toBe("línea 1\nlínea 2");
  });
});
