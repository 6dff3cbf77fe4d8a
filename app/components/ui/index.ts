export { Alert, useAutoHide, type AlertProps, type Severity } from "./Alert";
export { Busy, Spinner, type BusyProps, type SpinnerProps } from "./Busy";
export { Chip, type ChipProps, type Tone } from "./Chip";
export { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog";
export { DataGrid, type DataGridProps } from "./DataGrid";
export { DataTable, DEFAULT_EMPTY_TEXT, type Column, type DataTableProps, type RowLinkProps } from "./DataTable";
export { DateField, type DateFieldProps } from "./DateField";
export { Dialog, DialogClose, type DialogProps } from "./Dialog";
export { Field, type ControlProps, type FieldProps } from "./Field";
export {
  Checkbox,
  CheckboxInput,
  Radio,
  ReadOnlyContext,
  SelectInput,
  TextArea,
  TextInput,
  toOptions,
  type AnyField,
  type ChoiceProps,
  type Option,
  type TextInputProps,
} from "./inputs";
export { checkFormWith } from "./check-form";
export { FormActions, type FormActionsProps } from "./FormActions";
export {
  errorOf,
  FilterActions,
  FilterFields,
  FilterMessage,
  type FilterActionsProps,
  type FilterError,
  type FilterFieldSpec,
  type FilterFieldsProps,
  type FilterOption,
} from "./FilterForm";
export { Pager, type PagerProps } from "./Pager";
export { pageHref, pageInfo, type PageInfo } from "./pager-rules";
export { PagedTable, type PagedTableProps } from "./PagedTable";
export { Tabs, type TabItem, type TabsProps } from "./Tabs";
export { useHydrated } from "./useHydrated";
export { scrollRegionProps, useScrollRegion } from "./useScrollRegion";
export { InlinePanel, type InlinePanelProps } from "./InlinePanel";
export { UrlDialog, type UrlDialogProps } from "./UrlDialog";
export { PageSizeSelect, type PageSizeSelectProps } from "./PageSizeSelect";
export {
  SortableHeader,
  ariaSortOf,
  sortableColumn,
  type AriaSort,
  type SortableHeaderProps,
  type SortState,
} from "./SortableHeader";
export { TransferList, type TransferItem } from "./TransferList";
