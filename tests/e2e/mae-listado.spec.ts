// 'Listado MAE': '(inactivo)' as visually hidden text; the title as the registry writes text (issue 39 item 8).
import { test } from "@playwright/test";
import { checkListadoMae, fichaConInactivo } from "./mae-listado-support";
import { ADMIN, login, waitForHydration } from "./support";

test("an inactive student says '(inactivo)' in hidden text; 'Título MAE' and 'Escuela Nivel' in the registry's form", async ({
  page,
  request,
}) => {
  const ficha = await fichaConInactivo(request);
  await login(page, ADMIN.usuario, ADMIN.password);
  await waitForHydration(page);
  await checkListadoMae(page, ficha, { axe: true, shot: "mae-listado-js" });
});
