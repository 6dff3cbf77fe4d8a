import { useId, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useScrollRegion } from "./useScrollRegion";

export type Column<T> = {
  key: string;
  /** Header text (plain text so the AG Grid can use it too). */
  header: string;
  /** Header cell content instead of `header` (e.g. a sort link: see sortableColumn); DataTable only. */
  headerContent?: ReactNode;
  /** aria-sort of the header cell of a sortable column; DataTable only. */
  ariaSort?: "ascending" | "descending" | "none";
  /** Cell content; defaults to String(row[key]). */
  render?: (row: T, index: number) => ReactNode;
  /** Plain value for sorting in DataGrid (and exports); defaults to row[key]. */
  value?: (row: T) => string | number | null | undefined;
  /** How the value compares in DataGrid (grid-rules.ts); by default numbers as numbers, ISO dates as dates, text. */
  sortAs?: "number" | "date" | "text";
  /** The displayed text the DataGrid's filter looks in; defaults to the text of `render`, else the value. */
  text?: (row: T) => string;
  /** False: the DataGrid does not sort by this column (e.g. a column of actions). */
  sortable?: boolean;
  align?: "left" | "center" | "right";
  width?: number | string;
  /** The narrowest the column gets (px), e.g. a name that must stay readable on a phone. */
  minWidth?: number;
  /**
   * How AG Grid lays out the column's texts (docs/decisions/071): by default a text up to 240 px stays on one line
   * and a longer one wraps at its spaces; true: every text may wrap at its spaces (only a word is never broken);
   * false: never wrap (the column is as wide as its widest text). DataGrid only; no text is ever cut.
   */
  wrap?: boolean;
};

export type RowLinkProps = { href: string; className: string; children: ReactNode };

export type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[];
  /** Stable unique key per row: a property name or a function of the row. */
  rowKey: keyof T | ((row: T) => string | number);
  caption?: string;
  /** Keep the caption for screen readers only. */
  captionHidden?: boolean;
  /** Name of the scroll area when there is no caption (default 'Tabla'). */
  scrollLabel?: string;
  emptyText?: string;
  /** Row activation by click or Enter (JavaScript only). */
  onRowClick?: (row: T, index: number) => void;
  /** Row link: the first cell becomes a link (works without JavaScript); clicking the row follows it. */
  rowHref?: (row: T, index: number) => string;
  /** Link renderer, e.g. ({href, ...p}) => <Link to={href} {...p} /> for client navigation. */
  renderLink?: (props: RowLinkProps) => ReactNode;
  /** Extra class per row, e.g. 'ui-row--danger' for red rows. */
  rowClassName?: (row: T, index: number) => string | undefined;
  stickyHeader?: boolean;
  /** Scroll height of the table area (the header stays visible). */
  maxHeight?: number | string;
  className?: string;
};

const DEFAULT_EMPTY_TEXT = "La búsqueda no ha encontrado ningún resultado";

export function keyOf<T>(rowKey: DataTableProps<T>["rowKey"], row: T): string {
  return String(typeof rowKey === "function" ? rowKey(row) : row[rowKey]);
}

export function cellText<T>(column: Column<T>, row: T): string {
  const raw = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
  return raw == null ? "" : String(raw);
}

const defaultLink = ({ href, className, children }: RowLinkProps) => (
  <a href={href} className={className}>
    {children}
  </a>
);

const INTERACTIVE = "a,button,input,select,textarea,label,[role=button]";

/** Server-rendered accessible table (row height 48, header 40). */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, caption, captionHidden, emptyText = DEFAULT_EMPTY_TEXT, onRowClick, rowHref } = props;
  const { renderLink = defaultLink, rowClassName, stickyHeader = true, maxHeight, className } = props;
  const active = Boolean(onRowClick || rowHref);
  const captionId = useId();
  // The wrapper scrolls (overflow: auto): while it does, a keyboard must reach it, named after the caption.
  const region = useScrollRegion<HTMLDivElement>(
    caption ? { "aria-labelledby": captionId } : { "aria-label": props.scrollLabel ?? "Tabla" },
  );

  const activate = (row: T, index: number, target: HTMLElement, rowEl: HTMLElement) => {
    const inner = target.closest(INTERACTIVE);
    if (inner && inner !== rowEl && rowEl.contains(inner)) return; // the inner control handles it
    if (onRowClick) onRowClick(row, index);
    else rowEl.querySelector<HTMLAnchorElement>("a.ui-row-link")?.click();
  };
  const onClick = (row: T, i: number) => (e: MouseEvent<HTMLTableRowElement>) =>
    activate(row, i, e.target as HTMLElement, e.currentTarget);
  const onKeyDown = (row: T, i: number) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.key === "Enter" && e.target === e.currentTarget) {
      e.preventDefault();
      activate(row, i, e.currentTarget, e.currentTarget);
    }
  };

  const wrapStyle: CSSProperties | undefined = maxHeight !== undefined ? { maxHeight } : undefined;
  const colStyle = (c: Column<T>): CSSProperties => ({ width: c.width, minWidth: c.minWidth, textAlign: c.align });

  return (
    <div
      ref={region.ref}
      className={["ui-table-wrap", className].filter(Boolean).join(" ")}
      style={wrapStyle}
      {...region.props}
    >
      <table className={["ui-table", stickyHeader && "ui-table--sticky"].filter(Boolean).join(" ")}>
        {caption && (
          <caption id={captionId} className={captionHidden ? "ui-sr-only" : "ui-table-caption"}>
            {caption}
          </caption>
        )}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" style={colStyle(c)} aria-sort={c.ariaSort}>
                {c.headerContent ?? c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="ui-table-empty">
              <td colSpan={Math.max(1, columns.length)}>{emptyText}</td>
            </tr>
          ) : (
            rows.map((row, i) => {
              const href = rowHref?.(row, i);
              const classes = [active && "ui-row--active", rowClassName?.(row, i)].filter(Boolean).join(" ");
              return (
                <tr
                  key={keyOf(rowKey, row)}
                  className={classes || undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={active ? onClick(row, i) : undefined}
                  onKeyDown={onRowClick ? onKeyDown(row, i) : undefined}
                >
                  {columns.map((c, ci) => {
                    const content = c.render ? c.render(row, i) : cellText(c, row);
                    return (
                      <td key={c.key} style={c.align ? { textAlign: c.align } : undefined}>
                        {href && ci === 0 ? renderLink({ href, className: "ui-row-link", children: content }) : content}
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
