import { test, expect } from "vitest";
import { renderToString } from "react-dom/server";
import { Alert, Busy, Chip, DataTable, DateField, Field, Pager, Tabs, type Column } from "./index";
import { GridView } from "./GridView";

type Row = { id: number; apeynom: string; numdoc: string; estado: string };
const rows: Row[] = [
  { id: 1, apeynom: "PEREZ JUAN", numdoc: "20111222", estado: "ACTIVO" },
  { id: 2, apeynom: "GOMEZ ANA", numdoc: "23444555", estado: "INACTIVO" },
];
const columns: Column<Row>[] = [
  { key: "apeynom", header: "APELLIDO Y NOMBRE" },
  { key: "numdoc", header: "DNI", align: "right" },
  {
    key: "estado",
    header: "ESTADO",
    render: (r) => <Chip label={r.estado} tone={r.estado === "ACTIVO" ? "success" : "danger"} />,
  },
];
const count = (html: string, s: string) => html.split(s).length - 1;

test("DataTable renders headers, cells and row classes", () => {
  const html = renderToString(
    <DataTable
      caption="Afiliados"
      columns={columns}
      rows={rows}
      rowKey="id"
      rowClassName={(r) => (r.estado === "INACTIVO" ? "ui-row--danger" : undefined)}
    />,
  );
  expect(html).toContain("<caption");
  expect(count(html, '<th scope="col"')).toBe(3);
  expect(html).toContain("APELLIDO Y NOMBRE");
  expect(html).toContain("PEREZ JUAN");
  expect(html).toContain("23444555");
  expect(html).toContain("ui-chip--danger");
  expect(count(html, "ui-row--danger")).toBe(1);
  expect(html).toContain("ui-table--sticky");
});

test("DataTable shows emptyText in one full-width cell", () => {
  const html = renderToString(<DataTable columns={columns} rows={[]} rowKey="id" />);
  expect(html).toContain("La búsqueda no ha encontrado ningún resultado");
  expect(html).toContain('colSpan="3"');
  const custom = renderToString(
    <DataTable columns={columns} rows={[]} rowKey="id" emptyText="No se encontró resultado" />,
  );
  expect(custom).toContain("No se encontró resultado");
});

test("DataTable rows: rowHref renders a link, onRowClick makes rows focusable", () => {
  const linked = renderToString(
    <DataTable columns={columns} rows={rows} rowKey="id" rowHref={(r) => `/afiliado/${r.id}`} />,
  );
  expect(linked).toContain('href="/afiliado/2"');
  expect(count(linked, "ui-row-link")).toBe(2);
  const clickable = renderToString(<DataTable columns={columns} rows={rows} rowKey="id" onRowClick={() => {}} />);
  expect(clickable.match(/<tr[^>]*tabindex="0"/g)).toHaveLength(2);
});

test("DataGrid without JavaScript: the server table, no AG Grid", () => {
  const html = renderToString(
    <GridView caption="Afiliados" columns={columns} rows={rows} rowKey="id" pageSize={20} search="" hydrated={false} />,
  );
  expect(html).toContain("<table");
  expect(html).toContain("PEREZ JUAN");
  expect(html).not.toContain("ag-root");
});

const bodyOrder = (html: string) =>
  [...html.matchAll(/(PEREZ JUAN|GOMEZ ANA|ÑANDÚ LUZ|ÁLVAREZ EVA)/g)].map((m) => m[1]);
const more: Row[] = [
  ...rows,
  { id: 3, apeynom: "ÑANDÚ LUZ", numdoc: "9000000", estado: "ACTIVO" },
  { id: 4, apeynom: "ÁLVAREZ EVA", numdoc: "30111222", estado: "INACTIVO" },
];

test("DataGrid's server table sorts by the URL: header links with aria-sort, the other parameters kept", () => {
  const html = renderToString(
    <GridView
      caption="Afiliados"
      columns={columns}
      rows={more}
      rowKey="id"
      search="?estado=X&sort=apeynom&dir=desc"
      hydrated={false}
    />,
  );
  expect(bodyOrder(html)).toEqual(["PEREZ JUAN", "ÑANDÚ LUZ", "GOMEZ ANA", "ÁLVAREZ EVA"]);
  expect(html).toMatch(
    /<th scope="col"[^>]*aria-sort="descending"[^>]*><a href="\?estado=X&amp;sort=apeynom&amp;dir=asc"/,
  );
  expect(html).toMatch(/<th scope="col"[^>]*aria-sort="none"[^>]*><a href="\?estado=X&amp;sort=numdoc&amp;dir=asc"/);
  expect(html).toContain(", ordenar en forma ascendente");
  // numbers as numbers: 9000000 before 20111222
  const byDni = renderToString(
    <GridView caption="Afiliados" columns={columns} rows={more} rowKey="id" search="?sort=numdoc" hydrated={false} />,
  );
  expect(bodyOrder(byDni)).toEqual(["ÑANDÚ LUZ", "PEREZ JUAN", "GOMEZ ANA", "ÁLVAREZ EVA"]);
});

test("DataGrid's server table filters by the URL: a labelled GET form keeping the screen's parameters", () => {
  const html = renderToString(
    <GridView
      caption="Afiliados"
      columns={columns}
      rows={more}
      rowKey="id"
      search="?estado=X&page=2&filtro=alvarez"
      hydrated={false}
    />,
  );
  expect(bodyOrder(html)).toEqual(["ÁLVAREZ EVA"]); // accents and case ignored
  expect(html).toMatch(/<form method="get" class="ui-grid-filter" role="search" aria-label="Filtro de Afiliados">/);
  expect(html).toContain('<input type="hidden" name="estado" value="X"/>');
  expect(html).not.toContain('name="page"'); // a new filter starts on the first page
  expect(html).toMatch(
    /<label for="([^"]+)">Filtrar<\/label><input id="\1" type="search" name="filtro"[^>]*value="alvarez"/,
  );
  expect(html).toMatch(/<button type="submit"[^>]*>Filtrar<\/button>/);
  const none = renderToString(
    <GridView caption="Afiliados" columns={columns} rows={more} rowKey="id" search="?filtro=zzz" hydrated={false} />,
  );
  expect(none).toContain("La búsqueda no ha encontrado ningún resultado");
});

test("DataGrid's server table pages the sorted rows, pinned rows first, a prefix for a second grid", () => {
  const html = renderToString(
    <GridView
      caption="Afiliados"
      columns={columns}
      rows={more}
      rowKey="id"
      pageSize={2}
      paramPrefix="l_"
      pinnedFirst={(r) => r.id === 2}
      search="?sort=apeynom&l_sort=apeynom&l_dir=asc&l_page=1"
      hydrated={false}
    />,
  );
  expect(bodyOrder(html)).toEqual(["GOMEZ ANA", "PEREZ JUAN"]); // pinned, then page 2 of Álvarez, Ñandú, Pérez
  expect(html).toContain('href="?sort=apeynom&amp;l_sort=apeynom&amp;l_dir=asc"'); // 'Atrás': page 1
  expect(html).toContain('name="l_filtro"');
  expect(html).toContain('aria-label="Páginas de Afiliados"');
  const noFilter = renderToString(
    <GridView
      caption="A"
      columns={columns}
      rows={more}
      rowKey="id"
      filter={false}
      search="?filtro=x"
      hydrated={false}
    />,
  );
  expect(noFilter).not.toContain("Filtrar");
  expect(bodyOrder(noFilter)).toHaveLength(4); // the screen filters itself
});

test("DataGrid refuses a bad sort, direction or page of its own (ADR 075): the message and the list without it", () => {
  for (const [search, msg] of [
    ["?estado=X&l_sort=nada&l_page=2", "La columna de orden no es válida"],
    ["?estado=X&l_sort=apeynom&l_dir=abajo", "La dirección del orden debe ser asc o desc"],
    ["?estado=X&l_page=uno", "La página debe ser un número entero mayor o igual a 0"],
  ]) {
    const html = renderToString(
      <GridView caption="A" columns={columns} rows={more} rowKey="id" paramPrefix="l_" search={search} hydrated />,
    );
    expect(html).toContain(msg);
    expect(html).toContain('href="?estado=X">Ver el listado</a>');
    expect(bodyOrder(html)).toEqual([]); // no rows, with or without JavaScript
  }
  // another grid's parameters are not this one's
  const other = renderToString(
    <GridView caption="A" columns={columns} rows={more} rowKey="id" search="?l_sort=nada" hydrated={false} />,
  );
  expect(bodyOrder(other)).toHaveLength(4);
});

test("Pager with links: first page has 'Atrás' disabled", () => {
  const html = renderToString(<Pager page={0} size={20} total={45} hrefFor={(p) => `?page=${p}`} />);
  expect(html).toMatch(/<span[^>]*aria-disabled="true"[^>]*>Atrás<\/span>/);
  expect(html).toContain('href="?page=1"');
  expect(html).toContain("1<!-- --> de <!-- -->3");
  expect(html).toContain("Total: <!-- -->45");
});

test("Pager with a status word: 'Página 2 de 3'", () => {
  const html = renderToString(
    <Pager page={1} size={5} total={15} hrefFor={(p) => `?page=${p}`} statusPrefix="Página" />,
  );
  expect(html).toContain("Página <!-- -->2<!-- --> de <!-- -->3");
});

test("Pager with buttons: last page has 'Siguiente' disabled", () => {
  const html = renderToString(<Pager page={1} size={20} total={40} onPage={() => {}} />);
  expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Siguiente<\/button>/);
  expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Atrás<\/button>/);
  expect(html).toContain("2<!-- --> de <!-- -->2");
});

test("Chip: tone class, span or button", () => {
  expect(renderToString(<Chip label="CONFIRMADO" tone="success" />)).toMatch(/<span class="ui-chip ui-chip--success"/);
  const button = renderToString(<Chip label="Disponible" tone="info" onClick={() => {}} disabled />);
  expect(button).toMatch(
    /<button type="button" class="ui-chip ui-chip--info ui-chip--button is-disabled"[^>]*disabled=""/,
  );
  expect(renderToString(<Chip label="X" />)).toContain("ui-chip--neutral");
});

test("Tabs do not render hidden items", () => {
  const html = renderToString(
    <Tabs
      label="Datos del afiliado"
      items={[
        { value: "afiliacion", label: "Afiliación", content: <p>afiliacion</p>, hidden: true },
        { value: "notas", label: "Notas", content: <p>contenido notas</p> },
        { value: "aportes", label: "Aportes", content: <p>contenido aportes</p> },
      ]}
    />,
  );
  expect(html).not.toContain("Afiliación");
  expect(html).toContain('role="tablist"');
  expect(count(html, 'role="tab"')).toBe(2);
  expect(html).toContain("contenido notas"); // first visible tab is selected
  expect(html).toMatch(/aria-selected="true"[^>]*>Notas/);
});

test("Alert role depends on severity", () => {
  expect(
    renderToString(
      <Alert severity="error" title="Error al obtener información">
        x
      </Alert>,
    ),
  ).toContain('role="alert"');
  expect(renderToString(<Alert severity="success">ok</Alert>)).toContain('role="status"');
});

test("Alert takes an id, so a message can describe the controls it is about", () => {
  expect(
    renderToString(
      <Alert severity="error" id="login-error">
        x
      </Alert>,
    ),
  ).toMatch(/id="login-error"[^>]*role="alert"/);
});

test("Field with errorShownElsewhere: invalid and described by the message elsewhere, without repeating it", () => {
  const html = renderToString(
    <Field
      label="Usuario"
      name="usuario"
      id="u"
      errorId="login-error"
      error={["Todos los campos son obligatorios!"]}
      errorShownElsewhere
    >
      <input type="text" />
    </Field>,
  );
  expect(html).toContain('aria-invalid="true"');
  expect(html).toContain('aria-describedby="login-error"');
  expect(html).toContain("ui-field--invalid");
  expect(html).not.toContain("Todos los campos son obligatorios!");
  expect(html).not.toContain("ui-field-error");
  // without an error nothing points at the message
  const valid = renderToString(
    <Field label="Usuario" name="usuario" id="u" errorId="login-error" errorShownElsewhere>
      <input type="text" />
    </Field>,
  );
  expect(valid).not.toContain("aria-invalid");
  expect(valid).not.toContain("aria-describedby");
});

test("Busy marks the area busy and announces 'Cargando...'", () => {
  const html = renderToString(<Busy busy>contenido</Busy>);
  expect(html).toContain('aria-busy="true"');
  expect(html).toContain("Cargando...");
  expect(renderToString(<Busy busy={false}>contenido</Busy>)).not.toContain("Cargando...");
});

test("Field links the error; DateField submits ISO and hints dd/mm/yyyy", () => {
  const field = renderToString(<Field label="DNI" name="afi_dni" id="dni" error="Debe buscar un afiliado" />);
  expect(field).toContain('for="dni"');
  expect(field).toContain('aria-invalid="true"');
  expect(field).toContain('aria-describedby="dni-error"');
  expect(field).toContain('id="dni-error"');
  const date = renderToString(<DateField label="Fecha Desde" name="fecha_desde" id="fd" defaultValue="2026-05-10" />);
  expect(date).toContain('type="date"');
  expect(date).toContain('value="2026-05-10"');
  expect(date).toContain('name="fecha_desde"');
  expect(date).toContain("10/05/2026");
  expect(date).toContain('aria-describedby="fd-hint"');
});

test("DataTable: its scroll wrapper is a focusable region named by the caption (axe scrollable-region-focusable)", () => {
  const html = renderToString(
    <DataTable caption="Aportes" columns={columns} rows={rows} rowKey="id" maxHeight={300} />,
  );
  const wrap = /<div([^>]*class="ui-table-wrap"[^>]*)>/.exec(html)![1];
  expect(wrap).toContain('role="region"');
  expect(wrap).toContain('tabindex="0"');
  const labelledby = /aria-labelledby="([^"]+)"/.exec(wrap)![1];
  expect(html).toContain(`<caption id="${labelledby}"`);
  const bare = renderToString(<DataTable columns={columns} rows={rows} rowKey="id" />);
  expect(bare).toMatch(/<div[^>]*class="ui-table-wrap"[^>]*aria-label="Tabla"/);
});

test("sortable headers: aria-sort of each column from the table's sort", async () => {
  const { ariaSortOf } = await import("~/lib/table-state");
  expect(ariaSortOf("numdoc", { sort: "numdoc", dir: "asc" })).toBe("ascending");
  expect(ariaSortOf("numdoc", { sort: "numdoc", dir: "desc" })).toBe("descending");
  expect(ariaSortOf("apeynom", { sort: "numdoc", dir: "desc" })).toBe("none");
});

test("DataTable: a column's header content and aria-sort", () => {
  const cols: Column<Row>[] = [
    { ...columns[0], headerContent: <a href="?sort=apeynom">APELLIDO</a>, ariaSort: "ascending" },
    columns[1],
  ];
  const html = renderToString(<DataTable columns={cols} rows={rows} rowKey="id" />);
  expect(html).toContain('aria-sort="ascending"');
  expect(count(html, "aria-sort=")).toBe(1);
  expect(html).toContain('<a href="?sort=apeynom">APELLIDO</a>');
});
