// The member status certificate (constancia de estado de afiliación): A5 landscape, rendered to HTML on the
// server and printed by Chromium. Inline styles only (the PDF renderer blocks every URL).
// Institution header and address: docs/decisions/006-status-certificate.md.

const INSTITUCION = {
  nombre: "OBRA SOCIAL DE LOS EMPLEADOS PÚBLICOS (OSEP)",
  provincia: "Provincia de Catamarca",
  domicilio: "Chacabuco 469 – (K4700) San Fernando del Valle de Catamarca – Catamarca",
  telefono: "Tel. (0383) 443-7900",
};

export type ConstanciaData = {
  apeynom: string;
  numdoc: string;
  cuil: string;
  nroafi: string;
  estado: "ACTIVO" | "INACTIVO";
  detalle: string | null;
  /** dd/mm/yyyy */
  fecha: string;
  /** HH:mm */
  hora: string;
};

const css = `
@page { size: A5 landscape; margin: 10mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 11pt; color: #111; }
.c { height: 124mm; display: flex; flex-direction: column; }
header { display: flex; align-items: center; gap: 12px; border-bottom: 2px solid #0d47a1; padding-bottom: 6px; }
.logo { width: 46px; height: 46px; flex: none; border-radius: 50%; background: #0d47a1; color: #fff; font-weight: 700;
  display: flex; align-items: center; justify-content: center; font-size: 8.5pt; }
.inst { line-height: 1.25; }
.inst strong { font-size: 12pt; color: #0d47a1; }
.inst span { display: block; font-size: 8.5pt; color: #333; }
h1 { text-align: center; font-size: 14pt; letter-spacing: 0.5px; margin: 14px 0 10px; }
.body { flex: 1; line-height: 1.55; text-align: justify; }
table { border-collapse: collapse; margin: 6px 0 10px; }
td { padding: 2px 10px 2px 0; vertical-align: top; }
td:first-child { font-weight: 700; white-space: nowrap; }
.estado { font-weight: 700; }
.ACTIVO { color: #1b5e20; }
.INACTIVO { color: #b71c1c; }
footer { border-top: 1px solid #999; padding-top: 4px; font-size: 7.5pt; color: #444; text-align: center; }
`;

/** The whole certificate as a document body (see constancia.server.tsx for the HTML wrapper). */
export function Constancia({ data }: { data: ConstanciaData }) {
  return (
    <div className="c">
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <header>
        <div className="logo" aria-hidden="true">
          OSEP
        </div>
        <div className="inst">
          <strong>{INSTITUCION.nombre}</strong>
          <span>{INSTITUCION.provincia}</span>
          <span>{INSTITUCION.domicilio}</span>
          <span>{INSTITUCION.telefono}</span>
        </div>
      </header>
      <h1>CONSTANCIA DE ESTADO DE AFILIACIÓN</h1>
      <div className="body">
        <p>
          Se deja constancia de que la persona cuyos datos se detallan registra el siguiente estado en el padrón de
          afiliados de la Obra Social:
        </p>
        <table>
          <tbody>
            <tr>
              <td>Apellido y Nombre:</td>
              <td>{data.apeynom}</td>
            </tr>
            <tr>
              <td>DNI:</td>
              <td>{data.numdoc}</td>
            </tr>
            <tr>
              <td>CUIL:</td>
              <td>{data.cuil}</td>
            </tr>
            <tr>
              <td>N° de Afiliado:</td>
              <td>{data.nroafi}</td>
            </tr>
            <tr>
              <td>Estado:</td>
              <td>
                <span className={`estado ${data.estado}`}>{data.estado}</span>
                {data.detalle ? ` – ${data.detalle}` : ""}
              </td>
            </tr>
          </tbody>
        </table>
        <p>
          La presente constancia es válida a la fecha de emisión: {data.fecha} a las {data.hora} hs.
        </p>
      </div>
      <footer>
        Documento emitido por el Sistema Integral de Consultas OSEP. No requiere firma ni sello: su validez se limita a
        la fecha y hora de emisión.
      </footer>
    </div>
  );
}
