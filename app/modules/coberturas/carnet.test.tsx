// The coverage card: its HTML shows only the card's data; Chromium prints it on one A5 landscape page.
import { afterAll, expect, test } from "vitest";
import { closePdfBrowser } from "~reporting/render/pdf";
import { carnetHtml, carnetPdf } from "./carnet.server";
import type { ConsultaResultado } from "./consulta.schema";

afterAll(() => closePdfBrowser());

const data: ConsultaResultado = {
  afiliado: {
    apeynom: "GONZÁLEZ MARÍA ESTELA",
    nroafi: "10-1234-00",
    numdoc: "23456789",
    cuil: "27-23456789-4",
    baperfenac: "1975-04-02",
    edad: 50,
    estado: "ACTIVO",
    estado_detalle: null,
    fechalta: "2001-03-01",
    plan: "PLAN GENERAL",
  },
  coberturas: [
    {
      gravcodgra: 8,
      gravdesgra: "DIABETES",
      enprfecvig: "2023-01-10",
      enprfecbaj: "0001-01-01",
      estado: "ACTIVA",
      cartilla: "/cartillas/cartilla-8.pdf",
    },
    {
      gravcodgra: 44,
      gravdesgra: "HIPERTENSION ARTERIAL",
      enprfecvig: "2019-05-01",
      enprfecbaj: "2020-05-01",
      estado: "INACTIVA",
      cartilla: "/cartillas/cartilla-44.pdf",
    },
  ],
};

test("the card HTML has name, DNI, member number, plan, coverages in force and the issue date", () => {
  const html = carnetHtml(data, "2026-05-10");
  expect(html.startsWith("<!doctype html>")).toBe(true);
  for (const s of [
    "GONZÁLEZ MARÍA ESTELA",
    "23456789",
    "10-1234-00",
    "PLAN GENERAL",
    "8 - DIABETES",
    "Sin vencimiento",
    "10/05/2026",
  ]) {
    expect(html).toContain(s);
  }
  expect(html).not.toContain("HIPERTENSION ARTERIAL"); // only coverages in force
  expect(html).not.toContain("27-23456789-4"); // the card does not carry the CUIL
  expect(html).not.toMatch(/https?:\/\//); // nothing to fetch while printing
});

test("the card prints on one A5 landscape page", async () => {
  const text = Buffer.from(await carnetPdf(data, "2026-05-10")).toString("latin1");
  expect(text.startsWith("%PDF-")).toBe(true);
  expect(text.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
  expect(Number(box?.[1])).toBeCloseTo(595, -1);
  expect(Number(box?.[2])).toBeCloseTo(420, -1);
});
