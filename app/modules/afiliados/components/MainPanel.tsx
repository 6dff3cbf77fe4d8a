// The main panel of the member detail: main data, address, status (with the expiry colour and 'ND'), CUIL or
// the long 'NO REGISTRADO...' message, the certificate button (operation 37), family group and coverages.
import type { ReactNode } from "react";
import { Chip } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { ageOn, checkCuilParts, cuilText, memberStatus } from "~/modules/afiliados/rules";
import { ConstanciaButton } from "./ConstanciaButton";
import { CoveragesTable } from "./CoveragesTable";
import { FamilyTable } from "./FamilyTable";
import type { MemberDetail } from "~/modules/afiliados/rules";

export function InfoList({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="member-info">
      {items.map(([label, value]) => (
        <div key={label} className="member-info-row">
          <dt>{label}</dt>
          <dd>{value === "" || value == null ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function MainPanel({
  detail,
  today,
  constanciaHref,
  familyHref,
}: {
  detail: MemberDetail;
  today: string;
  /** Present only when the user holds operation 37. */
  constanciaHref: string | null;
  familyHref: (idafi: number) => string;
}) {
  const { afiliado: a, domicilio: d } = detail;
  const status = memberStatus(a, today);
  const edad = ageOn(a.baperfenac, today);
  const cuilOk = checkCuilParts(a).kind === "valid";
  const calle = [d?.bedomcalle, d?.bedomnumer].filter(Boolean).join(" ");
  return (
    <div className="member-main">
      <div className="member-cards">
        <section className="member-card" aria-labelledby="mc-datos">
          <h3 id="mc-datos">Datos Principales</h3>
          <InfoList
            items={[
              ["Apellido y Nombre", a.apeynom],
              ["DNI", a.numdoc],
              ["N° de Afiliado", a.nroafi],
              ["Parentesco", a.descparentesco],
              ["Fecha de Nacimiento", `${formatDateAR(a.baperfenac)}${edad != null ? ` (${edad} años)` : ""}`],
              ["Sexo", a.sexocodigo === "F" ? "FEMENINO" : a.sexocodigo === "M" ? "MASCULINO" : a.sexocodigo],
              ["Estado Civil", a.estcivil],
              ["CUIL", cuilOk ? cuilText(a) : <strong className="member-cuil-missing">{cuilText(a, "long")}</strong>],
            ]}
          />
        </section>
        <section className="member-card" aria-labelledby="mc-domicilio">
          <h3 id="mc-domicilio">Domicilio</h3>
          <InfoList
            items={[
              ["Calle y Número", calle],
              ["Localidad", d?.localidad],
              ["Departamento", d?.departamento],
              ["Provincia", d?.provincia],
              ["Código Postal", d?.codpostal],
              ["Teléfono", d?.telefono],
              ["Celular", d?.telcelular],
              ["Email", d?.email],
            ]}
          />
        </section>
        <section className="member-card" aria-labelledby="mc-estado">
          <h3 id="mc-estado">Estado</h3>
          <p className="member-status">
            <Chip label={status.estado} tone={status.estado === "ACTIVO" ? "success" : "danger"} />
          </p>
          {status.detalle && <p className="member-status-detail">{status.detalle}</p>}
          <p className="member-expiry">
            Vencimiento: <Chip label={status.vencimiento.texto} tone={status.vencimiento.tone} />
          </p>
          {constanciaHref && <ConstanciaButton href={constanciaHref} />}
        </section>
      </div>
      <section aria-label="Grupo Familiar" className="member-section">
        <FamilyTable rows={detail.familiares} current={a.idafi} hrefFor={familyHref} />
      </section>
      <section aria-label="Coberturas" className="member-section">
        <CoveragesTable rows={detail.planes} fechbaja={a.fechbaja} today={today} />
      </section>
    </div>
  );
}
