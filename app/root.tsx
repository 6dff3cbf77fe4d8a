import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { MSG_ERROR_INESPERADO, MSG_SERVICIO_NO_DISPONIBLE } from "~/lib/messages";
import { useNonce } from "~/lib/nonce";
import uiStyles from "./styles/ui.css";
import appStyles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: uiStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Sistema Integral de Consultas OSEP" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text =
    status === 404
      ? "La página solicitada no existe."
      : status === 403
        ? "No tiene permiso para acceder a esta página."
        : status === 405
          ? "Esta página no admite esa operación."
          : status === 503
            ? MSG_SERVICIO_NO_DISPONIBLE
            : MSG_ERROR_INESPERADO;
  return (
    <main className="error-page">
      <h1>{status === 404 ? "Página no encontrada" : "Error"}</h1>
      <p>{text}</p>
      <p>
        <a href="/home">Volver al inicio</a>
      </p>
    </main>
  );
}
