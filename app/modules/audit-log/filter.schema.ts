// The filters of the 'Registro de Auditoría' screen (a GET form). The filters are lenient on purpose: a value that
// cannot be read (a hand-edited address, an impossible date such as 2026-02-30) is dropped and the list shows
// unfiltered by it, as the native date inputs of the screen only ever send real dates. The page is every list's
// (~/lib/table-state): a bad one is refused with its message.
import { z } from "~/lib/zod";
import { blankToUndefined, optionalIsoDate } from "~/lib/input";
import { pageParam } from "~/lib/table-state";

/** Rows a page of the screen shows (its only size). */
export const AUDIT_PAGE_SIZE = 50;

const text = z.preprocess(blankToUndefined, z.string().trim().max(64).optional()).catch(undefined);

export const AuditFilterSchema = z.object({
  usuario: text,
  accion: text,
  desde: optionalIsoDate().catch(undefined),
  hasta: optionalIsoDate().catch(undefined),
  page: pageParam(),
});

export type AuditFilterInput = z.output<typeof AuditFilterSchema>;
