// Generates the demo coverage booklets public/cartillas/cartilla-{code}.pdf (codes 3, 44, 45, 43, 40, 20, 8,
// 41, 42) with the shared Chromium renderer. Run once; the PDFs are committed:
//   npx tsx scripts/make-booklets.ts
import fs from "node:fs";
import path from "node:path";
import { BOOKLET_CODES } from "~/modules/coberturas/consulta.schema";
import { COBERTURAS } from "~db/seed/catalog";
import { closePdfBrowser, htmlToPdf } from "~reporting/render/pdf";

const OUT = path.resolve("public/cartillas");

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function bookletHtml(code: number, name: string, subtitle: string): string {
  return `<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><title>Cartilla ${code} - ${escape(name)}</title>
<style>
  body { font-family: "DejaVu Sans", Arial, sans-serif; color: #0d2c54; margin: 0; }
  .page { height: 255mm; display: flex; flex-direction: column; justify-content: center; text-align: center; border: 3px solid #0d2c54; border-radius: 12px; padding: 20mm; box-sizing: border-box; }
  .inst { font-size: 28pt; font-weight: bold; letter-spacing: 2px; }
  .org { font-size: 12pt; color: #4f5b66; margin-bottom: 30mm; }
  h1 { font-size: 26pt; margin: 0 0 6mm; }
  h2 { font-size: 14pt; font-weight: normal; margin: 0 0 20mm; color: #1565c0; }
  p { font-size: 12pt; line-height: 1.5; text-align: justify; }
</style></head><body><div class="page">
  <div class="inst">OSEP</div>
  <div class="org">Obra Social de los Empleados Públicos — Catamarca</div>
  <h1>Cartilla de Cobertura Especial</h1>
  <h2>${code} - ${escape(name)} (${escape(subtitle)})</h2>
  <p>Esta es una cartilla de demostración del Sistema Integral de Consultas OSEP. No contiene información real
  sobre prestaciones, prestadores ni requisitos de la cobertura ${escape(name)}. En la versión en producción
  este documento se reemplaza por la cartilla oficial que publica la obra social.</p>
  <p>Para consultas sobre la cobertura, comuníquese con las líneas de atención de lunes a viernes de 7:30 a 13 hs.</p>
</div></body></html>`;
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  for (const code of BOOKLET_CODES) {
    const cob = COBERTURAS.find((c) => c.code === code);
    if (!cob) throw new Error(`Cobertura ${code} no está en el catálogo`);
    const pdf = await htmlToPdf(bookletHtml(code, cob.desc, cob.subcaract), {
      format: "A4",
      landscape: false,
      margin: "15mm",
    });
    const file = path.join(OUT, `cartilla-${code}.pdf`);
    fs.writeFileSync(file, pdf);
    console.log(`${file} (${pdf.byteLength} bytes)`);
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => closePdfBrowser());
