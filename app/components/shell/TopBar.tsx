export function TopBar({ title, apeynom, drawerOpen, onToggleDrawer }: {
  title: string;
  apeynom: string | null;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}) {
  return (
    <header className="topbar">
      <button
        type="button"
        className="topbar-menu"
        aria-controls="drawer"
        aria-expanded={drawerOpen}
        onClick={onToggleDrawer}
        title={drawerOpen ? "Ocultar menú" : "Mostrar menú"}
      >
        <span aria-hidden="true">☰</span>
        <span className="sr-only">{drawerOpen ? "Ocultar menú" : "Mostrar menú"}</span>
      </button>
      <h1 className="topbar-title">{title}</h1>
      {apeynom ? <span className="topbar-user" data-testid="apeynom">{apeynom}</span> : null}
    </header>
  );
}
