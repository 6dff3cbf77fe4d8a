// One look for lists, with JavaScript (issue 28, ADR 056): the checks are in list-look-support.ts.
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
  await checkListsLook(page, { axe: true });
});
