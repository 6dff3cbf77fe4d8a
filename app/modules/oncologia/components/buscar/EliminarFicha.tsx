// Deleting a ficha (spec part 1 §4, §6): the confirmation texts of operation 7, as a dialog (JavaScript) or as a
// page section with a POST form (?eliminar=N without JavaScript), and the 'Eliminada!' message afterwards.
import { Form, Link } from "@remix-run/react";
import { ConfirmDialog } from "~/components/ui";
import { DELETE_INTENT, type DeleteTarget } from "~/modules/oncologia/fichas.schema";

const DELETE_TITLE = "Está seguro de eliminar la ficha?";
const DELETE_TEXT = "No será posible revertir la operación!";
const DELETE_CONFIRM = "Si, eliminar la ficha!";
export const DELETED_TITLE = "Eliminada!";

/** Without JavaScript: the confirmation as a section; the form posts to `action` (the list's URL). */
export function ConfirmarEliminacion({
  target,
  action,
  cancelHref,
}: {
  target: DeleteTarget;
  action: string;
  cancelHref: string;
}) {
  return (
    <section
      className="buscar-ficha-confirm"
      role="alertdialog"
      aria-labelledby="eliminar-ficha-title"
      aria-describedby="eliminar-ficha-text"
    >
      <h2 id="eliminar-ficha-title">{DELETE_TITLE}</h2>
      <p id="eliminar-ficha-text">{DELETE_TEXT}</p>
      <p className="buscar-ficha-confirm-which">
        Ficha {target.nro_ficha} — {target.afi_nombre}
      </p>
      <Form method="post" action={action} className="buscar-ficha-confirm-actions">
        <input type="hidden" name="intent" value={DELETE_INTENT} />
        <input type="hidden" name="id" value={target.id} />
        <Link className="ui-button ui-button--secondary" to={cancelHref}>
          Cancelar
        </Link>
        <button type="submit" className="ui-button ui-button--danger">
          {DELETE_CONFIRM}
        </button>
      </Form>
    </section>
  );
}

/** With JavaScript: the confirmation dialog. */
export function EliminarDialog({
  target,
  onConfirm,
  onClose,
}: {
  target: DeleteTarget | null;
  onConfirm: (t: DeleteTarget) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={target != null}
      onOpenChange={(open) => !open && onClose()}
      title={DELETE_TITLE}
      text={DELETE_TEXT}
      confirmLabel={DELETE_CONFIRM}
      tone="danger"
      onConfirm={() => target && onConfirm(target)}
    />
  );
}
