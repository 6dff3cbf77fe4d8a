export { ActionIcon, ActionIcons } from "./ActionIcon";
export { Alert, useAutoHide } from "./Alert";
export { Busy, Spinner } from "./Busy";
export { Chip, type Tone } from "./Chip";
export { ConfirmDialog } from "./ConfirmDialog";
export { DataGrid } from "./DataGrid";
export { DataTable, type Column, type RowLinkProps } from "./DataTable";
export { DateField } from "./DateField";
export { Dialog, DialogClose } from "./Dialog";
export { Field } from "./Field";
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
  type Option,
} from "./inputs";
export { checkFormWith } from "./check-form";
export { FormActions } from "./FormActions";
export { errorOf, FilterActions, FilterFields, FilterMessage, type FilterFieldSpec } from "./FilterForm";
export { Pager } from "./Pager";
export { RefusedView } from "./RefusedView";
export { pageHref } from "./pager-rules";
export { PagedTable } from "./PagedTable";
export { Tabs } from "./Tabs";
export { useHydrated } from "./useHydrated";
export { scrollRegionProps, useScrollRegion } from "./useScrollRegion";
export { InlinePanel } from "./InlinePanel";
export { UrlDialog } from "./UrlDialog";
export { linkTo, useFocusBack } from "./useFocusBack";
export { inactiveRow } from "./row-states";
export { PageSizeSelect } from "./PageSizeSelect";
export { sortableColumn, type SortState } from "./SortableHeader";
export { TransferList } from "./TransferList";
export type { TransferItem } from "./transfer-item";
