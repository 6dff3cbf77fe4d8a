// The filters of the 'Registro de Auditoría' screen (a GET form). Lenient on purpose: a value that cannot be read
// (a hand-edited address, an impossible date such as 2026-02-30) is dropped and the list shows unfiltered by it,
// as the native date inputs of the screen only ever send real dates.
import { z } from "~/lib/zod";
import { blankToUndefined, optionalIsoDate } from "~/lib/input";

export const AUDIT_PAGE_SIZE = 50;

const text = z.preprocess(blankToUndefined, z.string().trim().max(64).optional()).catch(undefined);

export const AuditFilterSchema = z.object({
  usuario: text,
  accion: text,
  desde: optionalIsoDate().catch(undefined),
  hasta: optionalIsoDate().catch(undefined),
  page: z.coerce.number().int().min(0).max(100_000).catch(0),
});

export type AuditFilterInput = z.output<typeof AuditFilterSchema>;
