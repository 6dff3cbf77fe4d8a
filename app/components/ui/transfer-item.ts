// An item of a TransferList ('Disponibles' / 'Agregadas'): what the list shows and posts. Browser-safe, and the type
// the screen adapters that fill the lists name (a server module imports no .tsx file, ADR 083).
export type TransferItem = { value: string; label: string };
