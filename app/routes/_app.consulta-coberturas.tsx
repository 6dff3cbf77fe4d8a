// Placeholder until its issue lands: the guard, the title and 'En desarrollo...'.
// Public route (spec §2): no sign-in check.
import { InDevelopment } from "~/components/InDevelopment";

const TITLE = "Consulta de Coberturas";
export const handle = { title: TITLE };

export default function Screen() {
  return <InDevelopment title={TITLE} />;
}
