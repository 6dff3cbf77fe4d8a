// The period pair every report's form shows: the names periodSchema reads, the values and the errors by name.
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { PeriodFields } from "./PeriodFields";

const count = (html: string, s: string) => html.split(s).length - 1;

test("two required date fields named fecha_desde / fecha_hasta with their values and the error under 'hasta'", () => {
  const html = renderToString(
    <PeriodFields
      values={{ fecha_desde: "2025-03-01", fecha_hasta: "2025-02-01" }}
      errors={{ fecha_hasta: "La fecha desde no puede ser posterior a la fecha hasta" }}
      required
    />,
  );
  expect(count(html, 'type="date"')).toBe(2);
  expect(count(html, 'required=""')).toBe(2);
  expect(html).toMatch(/Fecha Desde[\s\S]*name="fecha_desde"[\s\S]*Fecha Hasta[\s\S]*name="fecha_hasta"/);
  expect(html).toContain('value="2025-03-01"');
  expect(html).toContain('value="2025-02-01"');
  expect(count(html, 'aria-invalid="true"')).toBe(1);
  expect(html).toContain("La fecha desde no puede ser posterior a la fecha hasta");
});

test("a second period on one screen: its own names and ids", () => {
  const html = renderToString(
    <PeriodFields
      names={["ranking_desde", "ranking_hasta"]}
      ids={["ranking-desde", "ranking-hasta"]}
      values={{ ranking_desde: "2025-05-01" }}
      errors={{ ranking_desde: "Todos los campos son obligatorios" }}
    />,
  );
  expect(html).toContain('name="ranking_desde"');
  expect(html).toContain('name="ranking_hasta"');
  expect(html).toContain('id="ranking-desde"');
  expect(html).toContain('id="ranking-hasta"');
  expect(html).not.toContain('required=""');
  expect(html).toContain("Todos los campos son obligatorios");
});
