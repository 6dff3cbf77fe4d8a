// 'Listado MAE': '(inactivo)' as visually hidden text; the title as the registry writes text (issue 39 item 8).
import { test } from "./fixtures";
import { checkListadoMae, fichaConInactivo } from "./mae-listado-support";
import { ADMIN, waitForHydration } from "./support";

test("an inactive student says '(inactivo)' in hidden text; 'Título MAE' and 'Escuela Nivel' in the registry's form", async ({
  page,
  request,
  signIn,
}) => {
  const ficha = await fichaConInactivo(request);
  await signIn(page, ADMIN);
  await waitForHydration(page);
  await checkListadoMae(page, ficha, { axe: true, shot: "mae-listado-js" });
});
