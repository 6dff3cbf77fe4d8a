// The search form of 'Consulta de Padrón de Afiliados': a GET form (the URL holds the search). The radio picks
// the method; with JavaScript only the chosen input is enabled, without it all three work and the radio decides.
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Field, Radio, useHydrated } from "~/components/ui";
import { NROAFI_HINT, SEARCH_PATH, type ScreenSearch, type SearchMethod } from "~/modules/afiliados/padron.schema";

const METHODS: { value: SearchMethod; label: string; input: string; hint?: string; inputMode?: "numeric" }[] = [
  { value: "dni", label: "DNI", input: "Ingrese el DNI", inputMode: "numeric" },
  {
    value: "nroafi",
    label: "Número de Afiliado",
    input: "Ingrese el número de afiliado",
    hint: NROAFI_HINT,
    inputMode: "numeric",
  },
  { value: "nombre", label: "Apellido y/o Nombre", input: "Ingrese parte del apellido y/o nombre" },
];

export function SearchForm({ search }: { search: ScreenSearch }) {
  const hydrated = useHydrated();
  const [metodo, setMetodo] = useState<SearchMethod>(search.metodo);
  const inputs = useRef<Partial<Record<SearchMethod, HTMLInputElement | null>>>({});
  useEffect(() => setMetodo(search.metodo), [search.metodo]);

  const choose = (m: SearchMethod) => {
    setMetodo(m);
    requestAnimationFrame(() => inputs.current[m]?.focus());
  };

  return (
    <Form method="get" action={SEARCH_PATH} className="padron-form" role="search" aria-label="Buscar afiliados">
      <fieldset className="padron-methods">
        <legend>Buscar por</legend>
        {METHODS.map((m) => (
          <Radio
            key={m.value}
            className="padron-radio"
            label={m.label}
            name="metodo"
            value={m.value}
            checked={metodo === m.value}
            onChange={() => choose(m.value)}
          />
        ))}
      </fieldset>
      <div className="padron-inputs">
        {METHODS.map((m) => (
          <Field
            key={m.value}
            label={m.input}
            name={m.value}
            id={`padron-${m.value}`}
            hint={m.hint}
            className="padron-input"
          >
            <input
              key={`${m.value}-${search[m.value]}`}
              ref={(el) => {
                inputs.current[m.value] = el;
              }}
              className="ui-input"
              defaultValue={search[m.value]}
              inputMode={m.inputMode}
              autoComplete="off"
              maxLength={m.value === "nombre" ? 100 : 30}
              disabled={hydrated && metodo !== m.value}
            />
          </Field>
        ))}
        <button type="submit" className="ui-button ui-button--primary padron-submit">
          Buscar
        </button>
      </div>
    </Form>
  );
}
