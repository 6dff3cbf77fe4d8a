// A member's agreement (convenio) on /listado-afiliados: a panel in the page without JavaScript (?convenio=ID), a
// dialog with it (loaded by a fetcher).
import type { ComponentProps } from "react";
import { Alert, Dialog, InlinePanel } from "~/components/ui";
import { CONVENIO_TITLE, ConvenioDetalle } from "./ConvenioDetalle";

type Convenio = ComponentProps<typeof ConvenioDetalle>["c"];

/** Without JavaScript: the agreement (or why there is none) in the page, closed by a link. */
export function ConvenioInline(props: { convenio: Convenio | null; msg: string | null; closeHref: string }) {
  if (!props.convenio && !props.msg) return null;
  return (
    <InlinePanel
      id="convenio-inline-title"
      title={CONVENIO_TITLE}
      closeHref={props.closeHref}
      className="convenio-inline"
    >
      {props.convenio ? <ConvenioDetalle c={props.convenio} /> : <Alert severity="error">{props.msg}</Alert>}
    </InlinePanel>
  );
}

/** With JavaScript: the agreement in a dialog (loading, the agreement, or why there is none). */
export function ConvenioDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loading: boolean;
  convenio: Convenio | null;
  msg: string | null;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title={CONVENIO_TITLE} size="large">
      {props.loading ? (
        <p>Cargando...</p>
      ) : props.convenio ? (
        <ConvenioDetalle c={props.convenio} />
      ) : props.msg ? (
        <Alert severity="error">{props.msg}</Alert>
      ) : null}
    </Dialog>
  );
}
