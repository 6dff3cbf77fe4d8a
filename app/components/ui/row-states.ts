// The one look of an inactive row in every list (issue 39, docs/decisions/078-one-look-for-inactive-rows.md): the
// class 'ui-row--inactivo' (ui.css: red text, as the spec's member lists), while the row's Estado cell says INACTIVO.

/** The class of a list row: inactive or not. */
export const inactiveRow = (inactive: boolean): string | undefined => (inactive ? "ui-row--inactivo" : undefined);
