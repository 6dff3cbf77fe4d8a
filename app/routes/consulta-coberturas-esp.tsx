// Public 'CONSULTA DE COBERTURAS ESPECIALES' (spec part 1 §2). No sign-in check.
// Placeholder until the members issue lands: the title, 'En desarrollo...' and the support footer.
import { InDevelopment } from "~/components/InDevelopment";

export const handle = { title: "CONSULTA DE COBERTURAS ESPECIALES" };

export default function ConsultaCoberturasEsp() {
  return (
    <main className="public-page">
      <InDevelopment title="CONSULTA DE COBERTURAS ESPECIALES" />
    </main>
  );
}
