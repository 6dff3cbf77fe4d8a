// The feed import's refusals (issue 37): each bad value is refused with its line, column, value and Spanish reason,
// the rest of the file applies (under the threshold); past FEED_MAX_REFUSED nothing applies and the report says why;
// a file that is not a CSV, has unknown or missing columns, the wrong encoding, the wrong field count or is truncated
// is refused whole with a Spanish message. Against the real database (PGlite here, PostgreSQL with DATABASE_URL).
import { describe, expect, test } from "vitest";
import path from "node:path";
import { sqlOne, sqlRows } from "~tests/support/db";
import {
  AFILIADOS_HEADER,
  afiliado,
  useBaseDomain,
  csv,
  feedDir,
  reportBeside,
  runImport,
} from "~tests/support/feed-fixture";
import { cuilCheckDigit } from "~db/cuil";

useBaseDomain();

const members = () => sqlOne("SELECT count(*) FROM afiliados");

/** A full afiliados file: the base members 100–102, a good new member 103 and `bad` (member 104) on line 6. */
function withBadMember(bad: string): Record<string, string> {
  return { "afiliados.csv": csv(AFILIADOS_HEADER, [afiliado(100), afiliado(101), afiliado(102), afiliado(103), bad]) };
}

type Case = { name: string; bad: string; columna: string; valor: string; motivo: RegExp };

const CASES: Case[] = [
  {
    name: "a value of the wrong type (integer)",
    bad: afiliado(104, { codmotbaja: "uno" }),
    columna: "codmotbaja",
    valor: "uno",
    motivo: /^No es un número entero$/,
  },
  {
    name: "an integer beyond the column's range",
    bad: afiliado(104, { codmotbaja: "3000000000" }),
    columna: "codmotbaja",
    valor: "3000000000",
    motivo: /^Número fuera de rango$/,
  },
  {
    name: "a value of the wrong type (date)",
    bad: afiliado(104, { baperfenac: "15-05-1980" }),
    columna: "baperfenac",
    valor: "15-05-1980",
    motivo: /^No es una fecha \(dd\/mm\/aaaa o aaaa-mm-dd\)$/,
  },
  {
    name: "a required value missing",
    bad: afiliado(104, { apeynom: "" }),
    columna: "apeynom",
    valor: "",
    motivo: /^Falta el valor obligatorio$/,
  },
  {
    name: "a reference to a row that does not exist",
    bad: afiliado(104, { codmotbaja: "99" }),
    columna: "codmotbaja",
    valor: "99",
    motivo: /^No existe en motivos_baja \(bambacodig\)$/,
  },
  {
    name: "a CUIL whose check digit is wrong",
    bad: afiliado(104, { cuil_prefijo: "20", cuil_nrocentral: "20000728", cuil_dtoverific: "1" }),
    columna: "cuil_prefijo+cuil_nrocentral+cuil_dtoverific",
    valor: "20-20000728-1",
    motivo: /^CUIL inválido/,
  },
  {
    name: "a date before 1900",
    bad: afiliado(104, { baperfenac: "31/12/1899" }),
    columna: "baperfenac",
    valor: "31/12/1899",
    motivo: /^Fecha fuera de rango \(de 01\/01\/1900 a 10\/03\/2031\)$/,
  },
  {
    name: "a date more than five years ahead",
    bad: afiliado(104, { baperfenac: "2031-03-11" }),
    columna: "baperfenac",
    valor: "2031-03-11",
    motivo: /^Fecha fuera de rango/,
  },
  {
    name: "an impossible date (31/02/2024)",
    bad: afiliado(104, { baperfenac: "31/02/2024" }),
    columna: "baperfenac",
    valor: "31/02/2024",
    motivo: /^Fecha inexistente$/,
  },
  {
    name: "29 February of a year that is not a leap year",
    bad: afiliado(104, { fechbaja: "2023-02-29" }),
    columna: "fechbaja",
    valor: "2023-02-29",
    motivo: /^Fecha inexistente$/,
  },
];

describe("a refused value: the rest of the file applies, the report names line, column, value and reason", () => {
  test.each(CASES)("$name", async ({ bad, columna, valor, motivo }) => {
    const dir = feedDir(withBadMember(bad));
    const [r] = await runImport([dir]);
    expect(r).toMatchObject({ estado: "APLICADO", filas: 5, insertadas: 1, rechazadas: 1 });
    expect(await sqlOne("SELECT count(*) FROM afiliados WHERE idafi = 103")).toBe(1);
    expect(await sqlOne("SELECT count(*) FROM afiliados WHERE idafi = 104")).toBe(0);
    const lines = r
      .informe!.replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\n");
    expect(lines[0]).toBe("linea;columna;valor;motivo");
    expect(lines).toHaveLength(2);
    const [linea, col, val, why] = lines[1].split(";");
    expect({ linea, col, val }).toEqual({ linea: "6", col: columna, val: valor });
    expect(why).toMatch(motivo);
    expect(reportBeside(dir, "afiliados.csv")).toBe(`\uFEFF${r.informe}`);
  });

  test("a key repeated in the file: every line of it is refused", async () => {
    const dir = feedDir(withBadMember(afiliado(103, { apeynom: "OTRO NOMBRE" })));
    const [r] = await runImport([dir]);
    expect(r).toMatchObject({ estado: "SIN_CAMBIOS", filas: 5, insertadas: 0, rechazadas: 2 });
    expect(r.informe).toContain("5;idafi;103;Clave repetida en el archivo");
    expect(r.informe).toContain("6;idafi;103;Clave repetida en el archivo");
    expect(await sqlOne("SELECT count(*) FROM afiliados WHERE idafi = 103")).toBe(0);
  });

  test("a reference satisfied by an earlier file of the same run, files passed in reverse order", async () => {
    const dir = feedDir({
      "afiliados.delta.csv": csv(AFILIADOS_HEADER, [afiliado(103, { codmotbaja: "7" })]),
      "motivos_baja.delta.csv": csv("bambacodig;bambadescr", ["7;JUBILACION"]),
    });
    const results = await runImport([path.join(dir, "afiliados.delta.csv"), path.join(dir, "motivos_baja.delta.csv")]);
    expect(results.map((r) => [r.tabla, r.estado, r.insertadas, r.rechazadas])).toEqual([
      ["motivos_baja", "APLICADO", 1, 0],
      ["afiliados", "APLICADO", 1, 0],
    ]);
    expect(await sqlOne("SELECT codmotbaja FROM afiliados WHERE idafi = 103")).toBe(7);
  });

  test("a delta's accion other than A or B", async () => {
    const dir = feedDir({
      "afiliados.delta.csv": csv(["accion", ...AFILIADOS_HEADER], [`A;${afiliado(103)}`, `X;${afiliado(104)}`]),
    });
    const [r] = await runImport([dir]);
    expect(r).toMatchObject({ estado: "APLICADO", insertadas: 1, rechazadas: 1 });
    expect(r.informe).toContain("3;accion;X;La acción debe ser A (alta o modificación) o B (baja)");
  });

  test("a CUIT that is not one (responsables)", async () => {
    const digit = cuilCheckDigit(30, "71234567");
    const good = `30-71234567-${digit}`;
    const bad = `30-71234567-${(digit + 1) % 10}`;
    const dir = feedDir({
      "responsables.csv": csv("nombre;cuit", [`CLINICA UNO;${good}`, `CLINICA DOS;${bad}`, "CLINICA TRES;3071234"]),
    });
    const [r] = await runImport([dir]);
    expect(r).toMatchObject({ insertadas: 1, rechazadas: 2 });
    expect(r.informe).toContain(`3;cuit;${bad};CUIT inválido`);
    expect(r.informe).toContain("4;cuit;3071234;CUIT inválido");
    expect(await sqlRows("SELECT cuit FROM responsables")).toEqual([{ cuit: good }]);
  });

  test("values of other types: boolean, numeric, time", async () => {
    const dir = feedDir({
      "aportes.csv": csv("id;idafi;jubilado;fecha;cuit;rem_imponible", [
        "1;100;S;01/02/2026;20200007001;1234,56",
        "2;100;quizas;01/02/2026;20200007001;10",
        "3;100;N;01/02/2026;20200007001;1.234,56",
      ]),
      "turnos_auditores.csv": csv("id;auditor;inicio_turno;fin_turno", ["1;AUD1;07:00;13:00:00", "2;AUD2;25:00;13:00"]),
    });
    const results = await runImport([dir]);
    const aportes = results.find((r) => r.tabla === "aportes")!;
    expect(aportes).toMatchObject({ insertadas: 1, rechazadas: 2 });
    expect(aportes.informe).toContain("3;jubilado;quizas;No es un valor S/N");
    expect(aportes.informe).toContain("4;rem_imponible;1.234,56;No es un número");
    expect(await sqlRows("SELECT jubilado, rem_imponible::text AS r FROM aportes")).toEqual([
      { jubilado: true, r: "1234.56" },
    ]);
    const turnos = results.find((r) => r.tabla === "turnos_auditores")!;
    expect(turnos).toMatchObject({ insertadas: 1, rechazadas: 1 });
    expect(turnos.informe).toContain("3;inicio_turno;25:00;No es una hora (hh:mm[:ss])");
  });
});

describe("the threshold (FEED_MAX_REFUSED)", () => {
  test("refusals past it: nothing of the file applies and the report's first line says why", async () => {
    const dir = feedDir(withBadMember(afiliado(104, { baperfenac: "31/02/2024" })));
    const [r] = await runImport([dir], { maxRefusedPct: 10 });
    expect(r).toMatchObject({
      estado: "RECHAZADO",
      filas: 5,
      insertadas: 0,
      actualizadas: 0,
      finalizadas: 0,
      rechazadas: 1,
    });
    expect(r.mensaje).toBe(
      "No se aplicó nada del archivo: 1 de 5 filas rechazadas (20 %) superan el máximo de 10 % (FEED_MAX_REFUSED)",
    );
    const lines = reportBeside(dir, "afiliados.csv")!
      .replace(/^\uFEFF/, "")
      .split("\n");
    expect(lines[1]).toBe(`0;;;${r.mensaje}`);
    expect(lines[2]).toBe("6;baperfenac;31/02/2024;Fecha inexistente");
    expect(await sqlOne("SELECT count(*) FROM afiliados WHERE idafi = 103")).toBe(0);
  });

  test("refusals within it: the rest applies", async () => {
    const dir = feedDir(withBadMember(afiliado(104, { baperfenac: "31/02/2024" })));
    const [r] = await runImport([dir], { maxRefusedPct: 20 });
    expect(r).toMatchObject({ estado: "APLICADO", insertadas: 1, rechazadas: 1 });
  });

  test("FEED_MAX_REFUSED is the default: 1 %", async () => {
    const dir = feedDir(withBadMember(afiliado(104, { baperfenac: "31/02/2024" })));
    const saved = process.env.FEED_MAX_REFUSED;
    delete process.env.FEED_MAX_REFUSED;
    try {
      const [r] = await runImport([dir], { maxRefusedPct: undefined });
      expect(r.estado).toBe("RECHAZADO");
      process.env.FEED_MAX_REFUSED = "25";
      const [again] = await runImport([dir], { maxRefusedPct: undefined });
      expect(again.estado).toBe("APLICADO");
    } finally {
      if (saved === undefined) delete process.env.FEED_MAX_REFUSED;
      else process.env.FEED_MAX_REFUSED = saved;
    }
  });
});

const HEADER = AFILIADOS_HEADER.join(";");
const GOOD = [afiliado(100), afiliado(101), afiliado(102), afiliado(103)];

const FILE_CASES: { name: string; files: Record<string, string | Buffer>; msg: RegExp }[] = [
  {
    name: "not a CSV (binary content)",
    files: { "afiliados.csv": Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(40), Buffer.from("\n")]) },
    msg: /^El archivo no es un CSV de texto: contiene bytes nulos/,
  },
  {
    name: "a name that names no feed table",
    files: { "socios.csv": csv(HEADER, GOOD) },
    msg: /^El nombre del archivo socios\.csv no corresponde a ninguna tabla del padrón/,
  },
  {
    name: "an unknown column",
    files: {
      "afiliados.csv": csv(
        `${HEADER};color`,
        GOOD.map((l) => `${l};rojo`),
      ),
    },
    msg: /^Columna desconocida: color \(tabla afiliados\)$/,
  },
  {
    name: "a required column missing",
    files: {
      "afiliados.csv": csv(
        AFILIADOS_HEADER.filter((c) => c !== "numdoc"),
        GOOD.map((l) =>
          l
            .split(";")
            .filter((_, i) => i !== 2)
            .join(";"),
        ),
      ),
    },
    msg: /^Falta la columna obligatoria: numdoc \(tabla afiliados\)$/,
  },
  {
    name: "a truncated file (no newline at the end)",
    files: { "afiliados.csv": csv(HEADER, GOOD).slice(0, -20) },
    msg: /^El archivo está truncado: no termina con un fin de línea/,
  },
  {
    name: "a row with the wrong field count",
    files: { "afiliados.csv": csv(HEADER, [...GOOD.slice(0, 2), `${GOOD[2]};sobra`, GOOD[3]]) },
    msg: /^El archivo no es un CSV válido: sobran campos en la fila \(línea 4\)$/,
  },
  {
    name: "a row with too few fields",
    files: { "afiliados.csv": csv(HEADER, [GOOD[0], "104;CORTO", ...GOOD.slice(1)]) },
    msg: /^El archivo no es un CSV válido: faltan campos en la fila \(no llega a la columna numdoc\) \(línea 3\)$/,
  },
  {
    name: "an unterminated quote",
    files: { "afiliados.csv": csv(HEADER, [...GOOD.slice(0, 3), GOOD[3].replace("APELLIDO103", '"APELLIDO103')]) },
    msg: /^El archivo no es un CSV válido: comillas sin cerrar/,
  },
  {
    name: "the wrong encoding (named UTF-8, written in Windows-1252)",
    files: {
      "afiliados.utf8.csv": Buffer.from(csv(HEADER, [...GOOD, afiliado(104, { apeynom: "NUÑEZ ANA" })]), "latin1"),
    },
    msg: /^Codificación incorrecta: el nombre dice UTF-8 pero el archivo no es UTF-8 válido/,
  },
];

describe("a bad file: a Spanish message and nothing applied", () => {
  test.each(FILE_CASES)("$name", async ({ files, msg }) => {
    const before = await sqlRows("SELECT idafi, apeynom FROM afiliados ORDER BY idafi");
    const dir = feedDir(files);
    const [r] = await runImport([dir]);
    expect(r.estado).toBe("RECHAZADO");
    expect(r.mensaje).toMatch(msg);
    expect(r).toMatchObject({ insertadas: 0, actualizadas: 0, finalizadas: 0 });
    expect(await sqlRows("SELECT idafi, apeynom FROM afiliados ORDER BY idafi")).toEqual(before);
    expect(await members()).toBe(3);
    expect(reportBeside(dir, Object.keys(files)[0])).toContain(`0;;;${r.mensaje}`);
    const [audit] = await sqlRows<{ estado: string; mensaje: string }>(
      "SELECT estado, mensaje FROM feed_importaciones ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toEqual({ estado: "RECHAZADO", mensaje: r.mensaje });
  });
});
