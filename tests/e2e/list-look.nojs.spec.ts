// One look for lists, without JavaScript (issue 28, ADR 056): the server's tables show the same icons and headers
// (axe needs the page's JavaScript: list-look.spec.ts runs it on the same pages).
import { test } from "./fixtures";
import { checkListsLook } from "./list-look-support";
import { ADMIN, adminToken, whenSnapshotReady } from "./support";

test("every list's row actions come from the one map, and every list's headers have the one style", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  await whenSnapshotReady(request, "/api/enrolamiento/enrolamientos/?cod_padron=53", await adminToken(request));
  await signIn(page, ADMIN);
  await checkListsLook(page, { axe: false });
});
