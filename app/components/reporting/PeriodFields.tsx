// The reporting period of a report's GET form: 'Fecha Desde' and 'Fecha Hasta', each a DateField with its error.
// The server reads the same two names with agregadoPeriodSchema / listadoPeriodSchema (app/lib/period.ts), which
// report the order and length problems on the 'to' field.
import { DateField } from "~/components/ui";

export type PeriodFieldsProps = {
  /** The two field names (default fecha_desde / fecha_hasta; a second period on one screen uses others). */
  names?: readonly [from: string, to: string];
  /** Element ids when the default (the name) would repeat on the page. */
  ids?: readonly [from: string, to: string];
  /** Initial values by field name, ISO yyyy-mm-dd. */
  values: Readonly<Record<string, string | undefined>>;
  /** Messages by field name (the loader's parseInput errors). */
  errors: Readonly<Record<string, string | undefined>>;
  required?: boolean;
};

export function PeriodFields({
  names = ["fecha_desde", "fecha_hasta"],
  ids,
  values,
  errors,
  required,
}: PeriodFieldsProps) {
  const [from, to] = names;
  return (
    <>
      <DateField
        label="Fecha Desde"
        name={from}
        id={ids?.[0]}
        defaultValue={values[from]}
        error={errors[from]}
        required={required}
      />
      <DateField
        label="Fecha Hasta"
        name={to}
        id={ids?.[1]}
        defaultValue={values[to]}
        error={errors[to]}
        required={required}
      />
    </>
  );
}
