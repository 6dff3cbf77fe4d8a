import { describe, expect, test } from "vitest";
import {
  ageOn,
  ambIntLabel,
  auditorLabel,
  authRowTone,
  coverageStatus,
  CUIL_INVALID_NOTE,
  CUIL_MISSING_LONG,
  CUIL_MISSING_SHORT,
  cuilDigits,
  cuilText,
  dateOrSinFecha,
  isRetiree,
  isVencida,
  periodText,
  listRowIsRed,
  listRowStatus,
  memberStatus,
  paymentLabel,
  practiceCounters,
} from "./rules";

const TODAY = "2026-05-10";

describe("memberStatus (spec part 1 §4)", () => {
  test.each([
    // fechbaja, fechvto, estado, detalle, expiry text, tone
    ["0001-01-01", null, "ACTIVO", null, "ND", "neutral"],
    ["0001-01-01", "0001-01-01", "ACTIVO", null, "ND", "neutral"],
    ["0001-01-01", "2026-06-01", "ACTIVO", "La afiliación vencerá el día 01/06/2026", "01/06/2026", "success"],
    ["0001-01-01", "2026-05-10", "ACTIVO", "La afiliación vencerá el día 10/05/2026", "10/05/2026", "warning"],
    ["0001-01-01", "2026-01-01", "INACTIVO", "La afiliación venció el día 01/01/2026", "01/01/2026", "danger"],
    ["2025-03-02", null, "INACTIVO", "Baja el día 02/03/2025 (RENUNCIA)", "ND", "neutral"],
  ] as const)("fechbaja %s, fechvto %s → %s", (fechbaja, fechvto, estado, detalle, texto, tone) => {
    const s = memberStatus({ fechbaja, fechvto, motbaja: "RENUNCIA" }, TODAY);
    expect(s.estado).toBe(estado);
    expect(s.detalle).toBe(detalle);
    expect(s.vencimiento).toEqual({ texto, tone });
  });

  test("list row status depends on the leaving date only; red rows are inactive or expired", () => {
    expect(listRowStatus("0001-01-01")).toBe("ACTIVO");
    expect(listRowStatus("2024-01-01")).toBe("INACTIVO");
    expect(listRowIsRed({ fechbaja: "0001-01-01", fechvto: "2026-01-01" }, TODAY)).toBe(true);
    expect(listRowIsRed({ fechbaja: "0001-01-01", fechvto: null }, TODAY)).toBe(false);
  });
});

describe("coverageStatus", () => {
  test.each([
    ["0001-01-01", "0001-01-01", "ACTIVA"],
    ["0001-01-01", null, "ACTIVA"],
    ["0001-01-01", "2026-05-10", "ACTIVA"],
    ["0001-01-01", "2026-05-09", "INACTIVA"],
    ["2026-01-01", "0001-01-01", "INACTIVA"],
  ] as const)("member fechbaja %s, coverage end %s → %s", (fechbaja, enprfecbaj, expected) => {
    expect(coverageStatus({ fechbaja, enprfecbaj }, TODAY)).toBe(expected);
  });
});

describe("retirees, CUIL, age", () => {
  test.each([
    ["01", true],
    ["6", true],
    ["06", true],
    ["99", true],
    ["07", false],
    ["10", false],
    [null, false],
  ] as const)("grupo %s retiree %s", (g, r) => expect(isRetiree(g)).toBe(r));
  test("CUIL text or the NO REGISTRADO messages", () => {
    expect(cuilText({ cuil_prefijo: "20", cuil_nrocentral: "12345678", cuil_dtoverific: "6" })).toBe("20-12345678-6");
    expect(cuilText({ cuil_prefijo: "20", cuil_nrocentral: " ", cuil_dtoverific: "6" })).toBe("NO REGISTRADO!!!");
    expect(cuilText({ cuil_prefijo: null, cuil_nrocentral: null, cuil_dtoverific: null }, "long")).toBe(
      CUIL_MISSING_LONG,
    );
  });
  const cuil = (cuil_prefijo: string | null, cuil_nrocentral: string | null, cuil_dtoverific: string | null) => ({
    cuil_prefijo,
    cuil_nrocentral,
    cuil_dtoverific,
  });
  // Issue 10: a valid CUIL whose check digit is 0 was shown as NO REGISTRADO (demo member 14, DNI 42850027).
  test.each([
    // prefix, central, digit → short text (lists, certificate), long text (detail panel, public page), contributions key
    ["20", "42850027", "0", "20-42850027-0", "20-42850027-0", "20428500270"],
    ["27", "30000004", "0", "27-30000004-0", "27-30000004-0", "27300000040"],
    ["23", "30000002", "9", "23-30000002-9", "23-30000002-9", "23300000029"],
    ["24", "30000007", "6", "24-30000007-6", "24-30000007-6", "24300000076"],
    ["27", "28033514", "8", "27-28033514-8", "27-28033514-8", "27280335148"],
    ["30", "50001091", "2", "30-50001091-2", "30-50001091-2", "30500010912"],
    ["33", "69345023", "9", "33-69345023-9", "33-69345023-9", "33693450239"],
    ["20", "42850027", "1", "20-42850027-1 (INVÁLIDO)", `20-42850027-1. ${CUIL_INVALID_NOTE}`, "20428500271"],
    ["20", "4285-0027", "0", "20-4285-0027-0 (INVÁLIDO)", `20-4285-0027-0. ${CUIL_INVALID_NOTE}`, null],
    ["20", " ", "6", CUIL_MISSING_SHORT, CUIL_MISSING_LONG, null],
    [null, null, null, CUIL_MISSING_SHORT, CUIL_MISSING_LONG, null],
    ["0", "0", "0", CUIL_MISSING_SHORT, CUIL_MISSING_LONG, null],
  ] as const)("CUIL %s-%s-%s → %s", (p, c, d, short, long, digits) => {
    expect(cuilText(cuil(p, c, d))).toBe(short);
    expect(cuilText(cuil(p, c, d), "long")).toBe(long);
    expect(cuilDigits(cuil(p, c, d))).toBe(digits);
  });
  test("age in whole years", () => {
    expect(ageOn("2000-05-10", TODAY)).toBe(26);
    expect(ageOn("2000-05-11", TODAY)).toBe(25);
    expect(ageOn("0001-01-01", TODAY)).toBeNull();
  });
});

describe("authorisations", () => {
  test.each([
    ["PREVIA", "2026-05-10", true],
    ["PREVIA", "2026-05-09", true],
    ["PREVIA", "2026-05-11", false],
    ["PREVIA", "0001-01-01", false],
    ["CONSUMO", "2026-01-01", false],
  ] as const)("%s due %s vencida %s", (modalidad, fechavto, v) => {
    expect(isVencida({ autorizo: "AUTORIZADA", modalidad, fechavto }, TODAY)).toBe(v);
  });
  test("row tones: denied red, DIF/OTRO green, expired PREVIA orange", () => {
    expect(authRowTone({ autorizo: "DENEGADA", modalidad: "PREVIA", fechavto: "2026-01-01" }, TODAY)).toBe("danger");
    expect(authRowTone({ autorizo: "DIF/OTRO", modalidad: "CONSUMO", fechavto: null }, TODAY)).toBe("success");
    expect(authRowTone({ autorizo: "AUTORIZADA", modalidad: "PREVIA", fechavto: "2026-01-01" }, TODAY)).toBe("warning");
    expect(authRowTone({ autorizo: "AUTORIZADA", modalidad: "CONSUMO", fechavto: null }, TODAY)).toBeNull();
  });
  test("labels", () => {
    expect(paymentLabel("PAG")).toBe("PAGADO");
    expect(paymentLabel("SIN")).toBe("SIN ACUERDO COSEGURO");
    expect(paymentLabel("GEN")).toBe("COSEGURO $0");
    expect(ambIntLabel("A", null)).toBe("AMBULATORIO");
    expect(ambIntLabel("I", 345)).toBe("INTERNACIÓN N° 345");
    expect(auditorLabel("AUD07")).toBe("AUD07");
    expect(auditorLabel("jperez")).toBe("SIN AUDITORIA");
    expect(auditorLabel(null)).toBe("SIN AUDITORIA");
  });
  test("practice counters", () => {
    const rows = [
      { autorizo: "AUTORIZADA", modalidad: "PREVIA", fechavto: "2026-06-01" },
      { autorizo: "AUTORIZADA", modalidad: "PREVIA", fechavto: "2026-05-01" },
      { autorizo: "AUTORIZADA", modalidad: "CONSUMO", fechavto: null },
      { autorizo: "AUTORIZADA", modalidad: "AUT Y CONS SIMULTANEO", fechavto: null },
      { autorizo: "DENEGADA", modalidad: "CONSUMO", fechavto: null },
      { autorizo: "DIF/OTRO", modalidad: "PREVIA", fechavto: "2026-07-01" },
    ];
    expect(practiceCounters(rows, TODAY)).toEqual({
      emitidas: 6,
      consumidas_vigentes: 3,
      previas: 3,
      consumos: 2,
      simultaneas: 1,
      denegadas: 1,
      diferidas: 1,
      vencidas: 1,
    });
  });
});

// Issue 10: the reciprocity dialog read 'Vigencia de la cobertura: - al -' when the dates were missing.
describe("periods with missing dates say 'Sin fecha'", () => {
  test.each([
    ["2024-03-01", "2025-02-28", "01/03/2024 al 28/02/2025"],
    ["2024-03-01", "0001-01-01", "Desde 01/03/2024"],
    ["2024-03-01", null, "Desde 01/03/2024"],
    [null, "2025-02-28", "Hasta 28/02/2025"],
    ["0001-01-01", "0001-01-01", "Sin fecha"],
    [null, null, "Sin fecha"],
    ["", " ", "Sin fecha"],
  ] as const)("%s – %s → %s", (desde, hasta, text) => expect(periodText(desde, hasta)).toBe(text));
  test.each([
    ["2024-03-01", "01/03/2024"],
    ["0001-01-01", "Sin fecha"],
    [null, "Sin fecha"],
  ] as const)("date %s → %s", (d, text) => expect(dateOrSinFecha(d)).toBe(text));
});
