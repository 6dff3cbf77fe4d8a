// The list screens' shared pieces: filter fields from a list (labelled, typed values kept, errors under their field),
// the 'Buscar' row, and the paged table whose pager links keep the filter.
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { errorOf, FilterActions, FilterFields, PagedTable, type FilterFieldSpec } from "./index";

const fields: FilterFieldSpec[] = [
  { kind: "select", name: "tipo", label: "Tipo", options: ["NOTA", { value: "X", label: "Equis" }], all: "TODOS" },
  { kind: "text", name: "nro", label: "Número", maxLength: 9, inputMode: "numeric", short: true },
  { kind: "date", name: "desde", label: "Fecha Desde" },
];

test("errorOf: the first of the params with an error", () => {
  const errors = [
    { param: "size", msg: "S" },
    { param: "page", msg: "P" },
  ];
  expect(errorOf(errors, "page", "size")).toBe("P");
  expect(errorOf(errors, "nro")).toBeUndefined();
});

test("FilterFields: each field labelled, values as typed, the 'every value' option first, errors under the field", () => {
  const html = renderToString(
    <FilterFields fields={fields} values={{ tipo: "", nro: "12" }} errors={[{ param: "nro", msg: "Mal número" }]} />,
  );
  expect(html.match(/<label/g)).toHaveLength(3);
  expect(html).toMatch(/<option value="TODOS" selected="">TODOS<\/option><option value="NOTA">NOTA<\/option>/);
  expect(html).toContain('<option value="X">Equis</option>');
  expect(html).toMatch(
    /class="ui-input ui-filter-short" inputMode="numeric" maxLength="9" autoComplete="off"[^>]*value="12"/,
  );
  expect(html).toContain('aria-invalid="true"');
  expect(html).toContain("Mal número");
  expect(html).toContain('type="date"');
});

test("FilterActions: 'Buscar' submits, disabled while busy; no 'Limpiar Filtros' without clearHref", () => {
  const html = renderToString(<FilterActions busy />);
  expect(html).toMatch(/<button type="submit"[^>]*disabled="">Buscar<\/button>/);
  expect(html).not.toContain("Limpiar Filtros");
});

test("PagedTable: hidden caption, the total, and pager links that keep the filter", () => {
  const html = renderToString(
    <PagedTable
      columns={[{ key: "a", header: "A" }]}
      rows={[{ a: "uno" }]}
      rowKey="a"
      caption="Resultados"
      pagerLabel="Paginación"
      path="/x"
      query="q=a+b"
      page={1}
      size={1}
      total={3}
    />,
  );
  expect(html).toContain('class="ui-sr-only"');
  expect(html).toContain("Total: <!-- -->3");
  expect(html).toContain('href="/x?q=a+b&amp;page=0"');
  expect(html).toContain('href="/x?q=a+b&amp;page=2"');
});
