// 'Consulta de Turnos' without JavaScript: the same columns fit at 1366 px with the drawer open (issue 39 item 7).
import { test } from "@playwright/test";
import { checkColumnas, busquedaDeUnDiaPasado } from "./listado-turnos-columnas-support";
import { ADMIN, login } from "./support";

test("every header and cell fits at 1366×768 with the drawer open; at 390 px the table scrolls in its frame", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const url = busquedaDeUnDiaPasado();
  await login(page, ADMIN.usuario, ADMIN.password, { hydrate: false });
  await checkColumnas(page, url, { axe: false, shot: "consulta-turnos-nojs" });
});
