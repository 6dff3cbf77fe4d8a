// The footer of a form in a dialog: 'Cancelar' (a link to the screen without the dialog: works without JavaScript)
// and the submit button, which reads 'Guardando...' and is disabled while a POST is on its way.
import { Link, useNavigation } from "@remix-run/react";

export type FormActionsProps = {
  /** Where 'Cancelar' goes: the screen's URL without the dialog's query parameters (UrlDialog's closeHref). */
  cancelHref: string;
  /** The submit button's text (default 'Guardar'). */
  label?: string;
  className?: string;
};

export function FormActions({ cancelHref, label = "Guardar", className }: FormActionsProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <div className={["ui-form-actions", className].filter(Boolean).join(" ")}>
      <Link className="ui-button ui-button--secondary" to={cancelHref} preventScrollReset replace>
        Cancelar
      </Link>
      <button type="submit" className="ui-button ui-button--primary" disabled={sending}>
        {sending ? "Guardando..." : label}
      </button>
    </div>
  );
}
