import { Alert } from "./Alert";

/**
 * A value of the URL a table refuses (~/lib/table-state's one rule, ADR 075), shown instead of its rows: the message
 * and 'Ver el listado', the table without the refused parameters.
 */
export function RefusedView({ msg, href }: { msg: string; href: string }) {
  return (
    <Alert severity="error">
      {msg}. <a href={href}>Ver el listado</a>
    </Alert>
  );
}
