// The pharmacy roster rules: cp1252 bytes, transliteration, CRLF, the record line, and the file names.
import { describe, expect, it } from "vitest";
import {
  decodeCp1252,
  encodeCp1252,
  parseRegContent,
  parseRosterName,
  recordLine,
  regContent,
  regFileName,
  rosterDay,
  rosterFileName,
  rosterOfApiPath,
  ROSTER_KINDS,
  toCp1252Text,
} from "./rules";

describe("Windows-1252", () => {
  it("encodes the Spanish letters as their cp1252 bytes, and CRLF", () => {
    expect([...encodeCp1252("ÁÉÍÓÚÑñü\r\n")]).toEqual([0xc1, 0xc9, 0xcd, 0xd3, 0xda, 0xd1, 0xf1, 0xfc, 0x0d, 0x0a]);
  });

  it("keeps the cp1252 characters of the 0x80 row (€ → 0x80, Š → 0x8A)", () => {
    expect([...encodeCp1252("€Š")]).toEqual([0x80, 0x8a]);
    expect([...encodeCp1252("Ñ€")]).toEqual([0xd1, 0x80]);
  });

  it("the C1 controls U+0080–U+009F are not cp1252 characters: '?' (Latin-1 would pass them through)", () => {
    expect([...encodeCp1252("A\u0085\u0081B")]).toEqual([0x41, 0x3f, 0x3f, 0x42]);
    expect([...encodeCp1252("\u00ff\u00a0")]).toEqual([0xff, 0xa0]);
  });

  it.each([
    ["ő", "o"],
    ["Łódź", "?ódz"],
    ["ŘEHÁČEK", "REHÁCEK"],
    ["Ștefan", "Stefan"],
    ["中村", "??"],
    ["😀", "?"],
    ["ÑANDÚ", "ÑANDÚ"],
  ])("%s becomes %s (marks dropped, else '?')", (input, out) => {
    expect(toCp1252Text(input)).toBe(out);
    expect(decodeCp1252(encodeCp1252(input))).toBe(out);
  });
});

describe("record line", () => {
  it("joins the fields with ';' and makes the separator and control characters a space", () => {
    expect(
      recordLine({
        dni: "20111222",
        nro_afiliado: "0110000800",
        cuil: "27201112229",
        apellido_nombre: " PÉREZ;\tJUAN\r\n",
        sexo: "M",
        fecha_nacimiento: "19800131",
        grupo: "01",
        parentesco: "00",
        cobertura: "1",
        descuento: "40",
      }),
    ).toBe("20111222;0110000800;27201112229;PÉREZ  JUAN;M;19800131;01;00;1;40");
  });
});

describe("file names", () => {
  // 2026-11-24 06:00 UTC is 03:00 in Catamarca (UTC-3)
  const at = new Date("2026-11-24T06:00:00Z");

  it("prefix, date and time in the insurer's time zone, D for the medication variants", () => {
    expect(ROSTER_KINDS.map((k) => rosterFileName(k, at))).toEqual([
      "4082C202611240300.txt",
      "4082C202611240300D.txt",
      "4083C202611240300.txt",
      "4083C202611240300D.txt",
    ]);
    expect(regFileName("4082C202611240300.txt")).toBe("Reg_4082C202611240300.txt");
    expect(rosterDay(new Date("2026-11-25T02:59:00Z"))).toBe("2026-11-24");
    expect(rosterFileName("activos", new Date("2026-01-01T02:59:00Z"))).toBe("4082C202512312359.txt");
  });

  it("parses the names it makes and refuses anything else", () => {
    expect(parseRosterName("Reg_4083C202611240300D.txt")).toEqual({
      kind: "diabeticos-medicamentos",
      reg: true,
      rosterFile: "4083C202611240300D.txt",
      stamp: "202611240300",
      fecha: "2026-11-24 03:00",
    });
    for (const bad of [
      "../4082C202611240300.txt",
      "4082C202611240300.txt/..",
      "4082C202613240300.txt",
      "4082C202611242500.txt",
      "4084C202611240300.txt",
      "4082C20261124030.txt",
      ".4082C202611240300.txt.1.tmp",
      "reg_4082C202611240300.txt",
      "4082C202611240300X.txt",
      "4082C202611240300.TXT",
    ])
      expect(parseRosterName(bad), bad).toBeNull();
  });

  it("the Reg_ text is the count and CRLF", () => {
    expect(regContent(1234)).toBe("1234\r\n");
    expect(parseRegContent("1234\r\n")).toBe(1234);
    expect(parseRegContent("x")).toBeNull();
  });

  it("API paths of §7", () => {
    expect(rosterOfApiPath("beneficiarios-medicamentos")).toBe("activos-medicamentos");
    expect(rosterOfApiPath("beneficiarios-diabeticos-medicamentos")).toBe("diabeticos-medicamentos");
    expect(rosterOfApiPath("otro")).toBeNull();
  });
});
