// Member data, filled by 'Buscar': the identity (name, number, relationship, sex) read-only — every save takes it
// from the registry for the DNI (issue 26) —; marital status, address and contact editable (the clerk confirms them
// with the member). Provinces select (default Catamarca); departments select of the 16 Catamarca departments when
// the province is Catamarca (default Capital), free text otherwise.
import { SelectInput, TextInput, toOptions } from "~/components/ui";
import { DEFAULT_PROVINCIA, DEPARTAMENTOS_CATAMARCA, PROVINCIAS } from "~/modules/oncologia/rules";
import { Section } from "./Section";
import type { SectionProps } from "./types";

const DEL_PADRON = "Del padrón de afiliados (Buscar)";

export function MemberData({ fields }: SectionProps) {
  const provincia = typeof fields.afi_provincia.value === "string" ? fields.afi_provincia.value : DEFAULT_PROVINCIA;
  return (
    <Section title="Datos del Afiliado">
      <TextInput
        field={fields.afi_nombre}
        label="Apellido y Nombre"
        maxLength={120}
        required
        readOnly
        hint={DEL_PADRON}
      />
      <TextInput field={fields.afi_nro_afi} label="Nro. Afiliado" maxLength={20} required readOnly hint={DEL_PADRON} />
      <TextInput field={fields.afi_parentesco} label="Parentesco" maxLength={40} required readOnly hint={DEL_PADRON} />
      <TextInput field={fields.afi_sexo} label="Sexo" maxLength={20} required readOnly hint={DEL_PADRON} />
      <TextInput field={fields.afi_estado_civil} label="Estado Civil" maxLength={40} required />
      <TextInput field={fields.afi_domicilio} label="Domicilio" maxLength={200} required />
      <TextInput field={fields.afi_localidad} label="Localidad" maxLength={80} required />
      <SelectInput field={fields.afi_provincia} label="Provincia" options={toOptions(PROVINCIAS)} />
      {provincia === DEFAULT_PROVINCIA ? (
        <SelectInput
          key="dep-select"
          field={fields.afi_departamento}
          label="Departamento"
          options={toOptions(DEPARTAMENTOS_CATAMARCA)}
        />
      ) : (
        <TextInput key="dep-text" field={fields.afi_departamento} label="Departamento" maxLength={80} />
      )}
      <TextInput field={fields.afi_telefono} label="Teléfono" type="tel" maxLength={40} />
      <TextInput field={fields.afi_celular} label="Celular" type="tel" maxLength={40} />
      <TextInput field={fields.afi_email} label="Email" type="email" maxLength={120} />
    </Section>
  );
}
