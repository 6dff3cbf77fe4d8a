// 'Consulta de Turnos': every column fits at 1366 px with the drawer open, and 390 px stays usable (issue 39 item 7).
import { test } from "./fixtures";
import { checkColumnas, busquedaDeUnDiaPasado } from "./listado-turnos-columnas-support";
import { ADMIN, waitForHydration } from "./support";

test("every header and cell fits at 1366×768 with the drawer open; at 390 px the table scrolls in its frame", async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  const url = busquedaDeUnDiaPasado();
  await signIn(page, ADMIN);
  await waitForHydration(page);
  await checkColumnas(page, url, { axe: true, shot: "consulta-turnos-js" });
});
