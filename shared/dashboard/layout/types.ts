// The dashboard layout (position_json): a flat map of components keyed by id, as Superset stores it.
// Every rule over it (drop, move, delete, tabs, undo) is a pure function in this folder.

export const COMPONENT_TYPES = ['ROOT', 'GRID', 'HEADER', 'CHART', 'ROW', 'COLUMN', 'TABS', 'TAB', 'MARKDOWN', 'DIVIDER', 'DYNAMIC'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

export const ROOT_ID = 'ROOT_ID';
export const GRID_ID = 'GRID_ID';
export const HEADER_ID = 'HEADER_ID';
/** Superset writes this key beside the components; it is not a component. */
export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
export const DASHBOARD_VERSION = 'v2';

export interface ComponentMeta {
  width?: number;
  height?: number;
  background?: string;
  text?: string;
  defaultText?: string;
  headerSize?: string;
  chartId?: number;
  sliceName?: string;
  sliceNameOverride?: string;
  uuid?: string;
  code?: string;
  [key: string]: unknown;
}

export interface LayoutItem {
  id: string;
  type: ComponentType;
  children: string[];
  parents?: string[];
  meta: ComponentMeta;
}

export type Layout = Record<string, LayoutItem>;

/** Makes new component ids; passed in so rules stay pure and tests deterministic. */
export type IdMaker = (type: ComponentType) => string;

/** A rule that refused: the layout is unchanged and the message says why (spec section 5). */
export interface LayoutRefusal {
  ok: false;
  message: string;
}
export interface LayoutChange {
  ok: true;
  layout: Layout;
  /** The id of the component that was dropped or moved (a new one for a drop from the panes). */
  id: string;
  /** A notice for the user that does not undo the change ('This chart has been moved...'). */
  notice?: string;
}
export type LayoutResult = LayoutChange | LayoutRefusal;
