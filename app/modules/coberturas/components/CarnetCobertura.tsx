// The coverage card (spec part 1 §9: A5 landscape, carnet-cobertura.pdf): name, DNI, member number, plan,
// the member's special coverages in force and the issue date. Plain HTML with inline styles: Chromium prints
// it without network or JavaScript.
import { formatDateAR, isNullDate } from "~/lib/dates";
import type { ConsultaResultado } from "~/modules/coberturas/consulta.schema";

const css = `
  * { box-sizing: border-box; }
  body { font-family: "DejaVu Sans", Arial, sans-serif; color: #0d2c54; margin: 0; font-size: 11pt; }
  .card { border: 2px solid #0d2c54; border-radius: 10px; padding: 14px 18px; height: 128mm; display: flex; flex-direction: column; }
  .head { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #1565c0; padding-bottom: 6px; }
  .inst { font-size: 16pt; font-weight: bold; letter-spacing: .5px; }
  .sub { font-size: 9pt; color: #4f5b66; }
  .title { font-size: 13pt; font-weight: bold; margin: 10px 0 6px; text-transform: uppercase; }
  .name { font-size: 15pt; font-weight: bold; margin: 4px 0 8px; }
  dl { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 4px 12px; margin: 0 0 10px; }
  dt { font-weight: bold; } dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; font-size: 10pt; }
  th, td { border-bottom: 1px solid #c5cfd8; padding: 4px 6px; text-align: left; }
  th { background: #e8eef5; }
  .foot { margin-top: auto; font-size: 8.5pt; color: #4f5b66; display: flex; justify-content: space-between; }
`;

export function CarnetCobertura({ data, issuedOn }: { data: ConsultaResultado; issuedOn: string }) {
  const { afiliado } = data;
  const vigentes = data.coberturas.filter((c) => c.estado === "ACTIVA");
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <title>Carnet de Cobertura</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <div className="card">
          <div className="head">
            <span className="inst">OSEP</span>
            <span className="sub">Obra Social de los Empleados Públicos — Catamarca</span>
          </div>
          <div className="title">Carnet de Cobertura Especial</div>
          <div className="name">{afiliado.apeynom}</div>
          <dl>
            <dt>DNI</dt>
            <dd>{afiliado.numdoc}</dd>
            <dt>N° Afiliado</dt>
            <dd>{afiliado.nroafi}</dd>
            <dt>Plan</dt>
            <dd>{afiliado.plan ?? ""}</dd>
            <dt>Estado</dt>
            <dd>{afiliado.estado}</dd>
          </dl>
          <table>
            <thead>
              <tr>
                <th>Cobertura</th>
                <th>Desde</th>
                <th>Hasta</th>
              </tr>
            </thead>
            <tbody>
              {vigentes.length === 0 ? (
                <tr>
                  <td colSpan={3}>Sin coberturas especiales vigentes</td>
                </tr>
              ) : (
                vigentes.map((c) => (
                  <tr key={`${c.gravcodgra}-${c.enprfecvig}`}>
                    <td>
                      {c.gravcodgra} - {c.gravdesgra}
                    </td>
                    <td>{formatDateAR(c.enprfecvig)}</td>
                    <td>{isNullDate(c.enprfecbaj) ? "Sin vencimiento" : formatDateAR(c.enprfecbaj)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <div className="foot">
            <span>Fecha de emisión: {formatDateAR(issuedOn)}</span>
            <span>Válido a la fecha de emisión. Presentar junto con el DNI.</span>
          </div>
        </div>
      </body>
    </html>
  );
}
