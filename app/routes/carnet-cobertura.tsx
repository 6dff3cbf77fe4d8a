// Placeholder until its issue lands: the guard, the title and 'En desarrollo...'.
// Public route (spec §2): no sign-in check.
import { InDevelopment } from "~/components/InDevelopment";

const TITLE = "Carnet de Cobertura";
export const handle = { title: TITLE };

export default function Screen() {
  return <main className="public-page"><InDevelopment title={TITLE} /></main>;
}
