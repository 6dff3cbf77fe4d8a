// Footer of the public coverage screen: support phone lines and hours (spec part 1 §2). The numbers are
// demo values (docs/decisions/009-public-coverage-lookup.md).
const SUPPORT_LINES = ["(0383) 443-7650", "(0383) 443-7651", "(0383) 443-7652"] as const;
const SUPPORT_HOURS = "Lunes a Viernes de 7:30 a 13 hs.";

export function SoporteFooter() {
  return (
    <footer className="cob-footer" aria-label="Atención a afiliados">
      <p>
        <strong>Consultas y soporte:</strong>{" "}
        {SUPPORT_LINES.map((n, i) => (
          <span key={n}>
            {i > 0 ? " / " : ""}
            <a href={`tel:+54${n.replace(/\D/g, "").replace(/^0/, "")}`}>{n}</a>
          </span>
        ))}
      </p>
      <p>Horario de atención: {SUPPORT_HOURS}</p>
    </footer>
  );
}
