// 'Registro de Auditoría' without JavaScript: the same words and lines (issue 39 item 10).
import { test } from "./fixtures";
import { checkRegistro, fichaMaeNueva } from "./registro-auditoria-support";
import { ADMIN } from "./support";

test("'Ingreso', 'Ficha MAE creada' and the detail as 'clave: valor' lines; the filter takes the word", async ({
  page,
  request,
  signIn,
}) => {
  const dni = await fichaMaeNueva(request);
  await signIn(page, ADMIN);
  await checkRegistro(page, dni, { axe: false, shot: "auditoria-nojs" });
});
