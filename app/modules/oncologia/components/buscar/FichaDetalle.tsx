// The whole case of a ficha (spec part 1 §2 detail): affiliate data, prescriber, diagnosis, clinical summary, the
// four treatments with dates and type/scheme, diagnosis, stage, weight, size, body surface, drug table, observations.
// Shown in the full-screen dialog (JavaScript) or as a page section (?ver=N). The drug table's own scroll box is
// keyboard-focusable.
import { useId, type ReactNode } from "react";
import { Chip, scrollRegionProps } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { estadoTone } from "~/modules/oncologia/rules";

type Val = string | number | boolean | null | undefined;

type DetalleMonodroga = {
  id?: number;
  droga: Val;
  mgrs_protocolo: Val;
  cantidad: Val;
  dosis_dia: Val;
  dosis_total: Val;
  presentacion: Val;
  presentacion_cantidad: Val;
  ciclos: Val;
  frecuencia: Val;
};

/** Any ficha detail (loader JSON of getFicha): read by field name. */
export type DetalleFicha = {
  [field: string]: unknown;
  monodrogas: DetalleMonodroga[];
  organo?: { id: number; descripcion: string } | null;
};

const text = (v: unknown): string => (v == null || v === "" ? "—" : String(v));
const date = (v: unknown): string => (typeof v === "string" && formatDateAR(v)) || "—";
const yesNo = (v: unknown): string => (v ? "SI" : "NO");

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "ficha-item ficha-item--wide" : "ficha-item"}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ficha-section">
      <h3>{title}</h3>
      <dl className="ficha-grid">{children}</dl>
    </section>
  );
}

const TREATMENTS = [
  { flag: "cirugia", label: "Cirugía", fecha: "fecha_cirugia", detail: "tipo_cirugia", detailLabel: "Tipo de cirugía" },
  {
    flag: "quimioterapia",
    label: "Quimioterapia",
    fecha: "fecha_quimioterapia",
    detail: "esquema_quimioterapia",
    detailLabel: "Esquema",
  },
  {
    flag: "radioterapia",
    label: "Radioterapia",
    fecha: "fecha_radioterapia",
    detail: "esquema_radioterapia",
    detailLabel: "Esquema",
  },
  {
    flag: "homonoterapia",
    label: "Hormonoterapia",
    fecha: "fecha_homonoterapia",
    detail: "esquema_homonoterapia",
    detailLabel: "Esquema",
  },
] as const;

const DRUG_COLUMNS: [keyof DetalleMonodroga, string][] = [
  ["droga", "Droga"],
  ["mgrs_protocolo", "Mgrs. protocolo"],
  ["cantidad", "Días de protocolo"],
  ["dosis_dia", "Dosis día"],
  ["dosis_total", "Dosis total"],
  ["presentacion", "Presentación"],
  ["presentacion_cantidad", "Cant. presentación"],
  ["ciclos", "Ciclos"],
  ["frecuencia", "Frecuencia (días)"],
];

export function FichaDetalle({ f }: { f: DetalleFicha }) {
  const estado = String(f.estado_ficha ?? "");
  return (
    <div className="ficha-detalle">
      <Section title="Ficha">
        <Item label="Número de ficha">{text(f.nro_ficha)}</Item>
        <Item label="Fecha">{date(f.fecha)}</Item>
        <Item label="Estado">{estado ? <Chip label={estado} tone={estadoTone(estado)} /> : "—"}</Item>
      </Section>
      <AfiliadoSection f={f} />
      <Section title="Médico Prescriptor">
        <Item label="Hospital">{text(f.hospital)}</Item>
        <Item label="Nombre">{text(f.prescriptor_nombre)}</Item>
        <Item label="Matrícula Profesional">{text(f.prescriptor_matricula_prof)}</Item>
        <Item label="Matrícula Especialista">{text(f.prescriptor_matricula_espe)}</Item>
        <Item label="Email">{text(f.prescriptor_email)}</Item>
      </Section>
      <Section title="Datos del Diagnóstico">
        <Item label="Fecha de diagnóstico">{date(f.fecha_diagnostico)}</Item>
        <Item label="Edad al diagnóstico">{`${text(f.edad_al_dianostico_anios)} años, ${text(f.edad_al_dianostico_meses)} meses`}</Item>
        <Item label="Diagnóstico de Organo">{text(f.organo?.descripcion)}</Item>
        <Item label="Diagnóstico histológico" wide>
          {text(f.diagnostico_histologico)}
        </Item>
      </Section>
      <Section title="Resumen de Historia Clínica">
        <Item label="Resumen de historia clínica" wide>
          {text(f.resumen_historia_clinica)}
        </Item>
        <Item label="Estudios realizados" wide>
          {text(f.estudios_realizados)}
        </Item>
        <Item label="Controles previos" wide>
          {text(f.controles_previos)}
        </Item>
      </Section>
      <Section title="Tratamientos">
        <Item label="Estado actual">{yesNo(f.estado_actual)}</Item>
        <Item label="Adyuvancia">{yesNo(f.estado_adyuvancia)}</Item>
        <Item label="Avanzado">{yesNo(f.estado_avanzado)}</Item>
        {TREATMENTS.map((t) => (
          <Item key={t.flag} label={t.label} wide>
            {f[t.flag] ? `SI — Fecha: ${date(f[t.fecha])} — ${t.detailLabel}: ${text(f[t.detail])}` : "NO"}
          </Item>
        ))}
      </Section>
      <Section title="Diagnóstico">
        <Item label="Diagnóstico" wide>
          {text(f.diagnostico)}
        </Item>
        <Item label="Estadio">{text(f.estadio)}</Item>
        <Item label="Peso (kg)">{text(f.peso)}</Item>
        <Item label="Talla (cm)">{text(f.talla)}</Item>
        <Item label="Superficie corporal (m²)">{text(f.sup_corporal)}</Item>
      </Section>
      <MonodrogasSection monodrogas={f.monodrogas} />
      <Section title="Observaciones">
        <Item label="Observaciones" wide>
          {text(f.observacion)}
        </Item>
      </Section>
    </div>
  );
}

function AfiliadoSection({ f }: { f: DetalleFicha }) {
  return (
    <Section title="Datos del Afiliado">
      <Item label="Apellido y Nombre">{text(f.afi_nombre)}</Item>
      <Item label="DNI">{text(f.afi_dni)}</Item>
      <Item label="Nro. Afiliado">{text(f.afi_nro_afi)}</Item>
      <Item label="Parentesco">{text(f.afi_parentesco)}</Item>
      <Item label="Sexo">{text(f.afi_sexo)}</Item>
      <Item label="Estado Civil">{text(f.afi_estado_civil)}</Item>
      <Item label="Domicilio">{text(f.afi_domicilio)}</Item>
      <Item label="Localidad">{text(f.afi_localidad)}</Item>
      <Item label="Departamento">{text(f.afi_departamento)}</Item>
      <Item label="Provincia">{text(f.afi_provincia)}</Item>
      <Item label="Teléfono">{text(f.afi_telefono)}</Item>
      <Item label="Celular">{text(f.afi_celular)}</Item>
      <Item label="Email">{text(f.afi_email)}</Item>
    </Section>
  );
}

function MonodrogasSection({ monodrogas }: { monodrogas: DetalleMonodroga[] }) {
  const drugsTitle = useId();
  return (
    <section className="ficha-section">
      <h3 id={drugsTitle}>Monodrogas</h3>
      {/* The drug table scrolls sideways on narrow screens: a focusable, named region, so keyboard users can
          scroll it too (axe scrollable-region-focusable; the shared scrollRegionProps). */}
      <div className="ui-table-wrap" {...scrollRegionProps(true, { "aria-labelledby": drugsTitle })}>
        <table className="ui-table" aria-label="Monodrogas de la ficha">
          <thead>
            <tr>
              {DRUG_COLUMNS.map(([k, h]) => (
                <th key={k} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monodrogas.length === 0 ? (
              <tr className="ui-table-empty">
                <td colSpan={DRUG_COLUMNS.length}>Sin monodrogas</td>
              </tr>
            ) : (
              monodrogas.map((m, i) => (
                <tr key={m.id ?? i}>
                  {DRUG_COLUMNS.map(([k]) => (
                    <td key={k}>{text(m[k])}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
