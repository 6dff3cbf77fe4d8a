// 'Consulta de Turnos' without JavaScript: the same columns fit at 1366 px with the drawer open (issue 39 item 7).
import { test } from "./fixtures";
import { checkColumnas, busquedaDeUnDiaPasado } from "./listado-turnos-columnas-support";
import { ADMIN } from "./support";

test("every header and cell fits at 1366×768 with the drawer open; at 390 px the table scrolls in its frame", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const url = busquedaDeUnDiaPasado();
  await signIn(page, ADMIN);
  await checkColumnas(page, url, { axe: false, shot: "consulta-turnos-nojs" });
});
