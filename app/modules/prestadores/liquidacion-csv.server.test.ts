// The liquidación CSV byte for byte (issue 15): the file of a month with edge values — money with decimals,
// negatives and NULL, quotes, ';', line breaks and accents in text, NULL hora, anulado both ways, big numbers, text
// that starts like a formula — must stay exactly the bytes the row-by-row writer (csvCells + csv-stringify)
// produced before the export moved to DuckDB's own CSV writer. EXPECTED was taken from that writer. Its quoting:
// a cell is quoted when it holds ';', '"' or CRLF (a lone LF or CR is written bare: csv-stringify's rule once
// record_delimiter is CRLF), '"' doubled; an empty text is an empty cell.
import fs from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { refreshSnapshot, withSnapshot } from "~reporting/index";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { liquidacionCsv, liquidacionCsvBody } from "./liquidacion.server";

const CUIT = "30-44444445-7";
const OTHER = "30-55555554-3";
const admin = { id: 1, usuario: "admin", profile: { id: 1 } };
const may = { fecha_desde: "2025-05-01", fecha_hasta: "2025-05-31", responsable: CUIT, exportExcel: true };

type Row = {
  nroautorizacion: number | string;
  numautreferenciada?: number | string | null;
  nroafiliado?: string | null;
  nombreafiliado?: string | null;
  cuil?: string | null;
  practica?: string;
  subitem?: string | null;
  descpractica?: string | null;
  cobertura?: number | null;
  autorizo?: string;
  modalidad?: string;
  estadoambint?: string | null;
  fecha: string;
  hora?: string | null;
  cantidad?: number;
  entidad?: string | null;
  usuarioautorizacion?: string | null;
  matmedefector?: string | null;
  responsable?: string | null;
  cuit_responsable?: string;
  anulado?: boolean;
  autoken?: string | null;
  montoauthonorario?: string | null;
  montoautgasto?: string | null;
};

const ROWS: Row[] = [
  {
    // NULL everywhere a NULL may be
    nroautorizacion: 1,
    fecha: "2025-05-01",
    hora: null,
    numautreferenciada: null,
    cobertura: null,
    montoauthonorario: null,
    montoautgasto: null,
    anulado: true,
  },
  {
    nroautorizacion: 9007199254740991, // the biggest integer a JavaScript number holds exactly
    numautreferenciada: 2147483648,
    nroafiliado: "0012345/01",
    nombreafiliado: 'PÉREZ; "EL TANO" ÑANDÚ',
    cuil: "20-12345678-6",
    subitem: "",
    descpractica: "línea 1\r\nlínea 2",
    cobertura: 2147483647,
    estadoambint: "I",
    fecha: "2025-05-02",
    hora: "00:00:00",
    cantidad: 2147483647,
    entidad: "CLÍNICA ÁÉÍÓÚ ñü S.A.",
    usuarioautorizacion: "OPER\tTAB",
    matmedefector: "a\nb",
    responsable: "ASOCIACIÓN; 'X'",
    anulado: false,
    autoken: '"',
    montoauthonorario: "999999999999.99",
    montoautgasto: "0.00",
  },
  {
    nroautorizacion: 3,
    numautreferenciada: -7,
    nroafiliado: "=1+1",
    nombreafiliado: "+SUMA",
    cuil: "-20",
    subitem: "@x",
    descpractica: "\tcon tab",
    estadoambint: "\r=1",
    fecha: "2025-05-31",
    hora: "23:59:59",
    cantidad: -1,
    usuarioautorizacion: " espacio delante",
    matmedefector: "detrás ",
    autoken: "a,b",
    montoauthonorario: "-0.05",
    montoautgasto: "-1234.00",
  },
  {
    nroautorizacion: 2,
    fecha: "2025-05-31",
    hora: "10:15:30.5",
    nombreafiliado: "NULL",
    descpractica: "#1 'comillas' \"dobles\";punto y coma",
    autoken: "x\ry",
    montoauthonorario: "0.50",
    montoautgasto: "10",
    cantidad: 0,
  },
  // outside the answer: another responsable, and the days either side of the month
  { nroautorizacion: 90, fecha: "2025-05-15", cuit_responsable: OTHER },
  { nroautorizacion: 91, fecha: "2025-04-30" },
  { nroautorizacion: 92, fecha: "2025-06-01" },
];

const COLUMNS = [
  "nroautorizacion",
  "numautreferenciada",
  "nroafiliado",
  "nombreafiliado",
  "cuil",
  "practica",
  "subitem",
  "descpractica",
  "cobertura",
  "autorizo",
  "modalidad",
  "estadoambint",
  "fecha",
  "hora",
  "cantidad",
  "entidad",
  "usuarioautorizacion",
  "matmedefector",
  "responsable",
  "cuit_responsable",
  "anulado",
  "autoken",
  "montoauthonorario",
  "montoautgasto",
] as const;

const DEFAULTS = { practica: "420101", autorizo: "AUTORIZADA", modalidad: "CONSUMO", cantidad: 1, anulado: false };

let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  for (const r of ROWS) {
    const row: Record<string, unknown> = { ...DEFAULTS, cuit_responsable: CUIT, ...r };
    await sqlRows(
      `insert into autorizaciones (${COLUMNS.join(", ")}) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})`,
      COLUMNS.map((c) => row[c] ?? null),
    );
  }
  await refreshSnapshot();
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

const HEADER =
  "nroautorizacion;fecha;practica;subitem;montoauthonorario;montoautgasto;numautreferenciada;matmedefector;" +
  "nroafiliado;nombreafiliado;cuil;cantidad;estadoambint;cobertura;descpractica;usuarioautorizacion;modalidad;hora;" +
  "autorizo;responsable;entidad;anulado;autoken";

/** The bytes the row-by-row writer produced for this month (UTF-8 with BOM, ';', CRLF), split at every CRLF. */
const EXPECTED =
  "\uFEFF" +
  [
    HEADER,
    "1;01/05/2025;420101;;;;;;;;;1;;;;;CONSUMO;;AUTORIZADA;;;SI;",
    '9007199254740991;02/05/2025;420101;;999999999999,99;0,00;2147483648;a\nb;0012345/01;"PÉREZ; ""EL TANO"" ÑANDÚ";20-12345678-6;2147483647;I;2147483647;"línea 1',
    'línea 2";OPER\tTAB;CONSUMO;00:00:00;AUTORIZADA;"ASOCIACIÓN; \'X\'";CLÍNICA ÁÉÍÓÚ ñü S.A.;NO;""""',
    '2;31/05/2025;420101;;0,50;10,00;;;;NULL;;0;;;"#1 \'comillas\' ""dobles"";punto y coma";;CONSUMO;10:15:30.5;AUTORIZADA;;;NO;x\ry',
    "3;31/05/2025;420101;'@x;-0,05;-1234,00;-7;detrás ;'=1+1;'+SUMA;'-20;-1;'\r=1;;'\tcon tab; espacio delante;CONSUMO;23:59:59;AUTORIZADA;;;NO;a,b",
  ].join("\r\n") +
  "\r\n";

test("the month's CSV is byte for byte the file the row-by-row writer produced", async () => {
  const r = await liquidacionCsv(admin, may, "csv");
  if (!r.ok) throw new Error(r.msg);
  const bytes = Buffer.from(await r.response.arrayBuffer());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(bytes.toString("utf8")).toBe(EXPECTED);
});

describe("the temporary file DuckDB writes is removed", () => {
  /** This process's export files in the temporary directory. */
  const tempFiles = () =>
    fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`osep-liquidacion-${process.pid}-`) && f.endsWith(".csv"));

  async function download(): Promise<ReadableStream<Uint8Array>> {
    const r = await liquidacionCsv(admin, may, "csv");
    if (!r.ok) throw new Error(r.msg);
    // written before the answer, and still there until the stream is done with it
    expect(tempFiles()).toHaveLength(1);
    return r.response.body!;
  }

  test("when the stream ends", async () => {
    expect(tempFiles()).toEqual([]);
    const text = await new Response(await download()).text();
    expect(text).toContain("9007199254740991;");
    expect(tempFiles()).toEqual([]);
  });

  test("when the client aborts: before the first byte, or half way", async () => {
    await (await download()).cancel();
    expect(tempFiles()).toEqual([]);
    const reader = (await download()).getReader();
    expect((await reader.read()).done).toBe(false); // the BOM and the header
    await reader.cancel();
    expect(tempFiles()).toEqual([]);
  });

  test("when reading the file fails", async () => {
    const realOpen = fs.promises.open;
    const spy = vi.spyOn(fs.promises, "open").mockImplementation(async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args);
      handle.read = (() => Promise.reject(new Error("disco ilegible"))) as typeof handle.read;
      return handle;
    });
    try {
      await expect(new Response(await download()).text()).rejects.toThrow("disco ilegible");
    } finally {
      spy.mockRestore();
    }
    expect(tempFiles()).toEqual([]);
  });

  test("when DuckDB fails to write it", async () => {
    await expect(
      withSnapshot((reader) => liquidacionCsvBody(reader, { desde: "2025-05-01", hasta: "no es fecha", cuit: CUIT })),
    ).rejects.toThrow();
    expect(tempFiles()).toEqual([]); // DuckDB had created it: the export removes it
  });
});
