// Which component may sit in which container, and how deep (Superset's isValidChild, as data).
import type { ComponentType } from './types';
import { MAX_DEPTH } from './constants';

/** For each container type, the child types it takes and the deepest depth the child may have. */
const CHILDREN: Partial<Record<ComponentType, Partial<Record<ComponentType, number>>>> = {
  ROOT: { GRID: 1, TABS: 1 },
  GRID: { ROW: 2, HEADER: 2, DIVIDER: 2, TABS: 2 },
  TABS: { TAB: MAX_DEPTH },
  TAB: { ROW: 2, HEADER: 2, DIVIDER: 2, TABS: 2 },
  ROW: { CHART: MAX_DEPTH, MARKDOWN: MAX_DEPTH, COLUMN: 3, DYNAMIC: MAX_DEPTH },
  COLUMN: { CHART: MAX_DEPTH, MARKDOWN: MAX_DEPTH, HEADER: MAX_DEPTH, DIVIDER: MAX_DEPTH, ROW: 4, TABS: 4, DYNAMIC: MAX_DEPTH },
};

/** Chart, markdown and column dropped straight into the grid or a tab get a row around them. */
const WRAP_IN_ROW: Partial<Record<ComponentType, ComponentType[]>> = {
  GRID: ['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'],
  TAB: ['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'],
};

export function shouldWrapInRow(parentType: ComponentType, childType: ComponentType): boolean {
  return WRAP_IN_ROW[parentType]?.includes(childType) ?? false;
}

/**
 * True when `childType` may be a child of `parentType` with the child at `depth`. Chart, markdown and
 * column never sit straight in the grid or a tab: drops put them in a row (shouldWrapInRow).
 */
export function isValidChild(parentType: ComponentType, childType: ComponentType, depth: number): boolean {
  const maxDepth = CHILDREN[parentType]?.[childType];
  return maxDepth !== undefined && depth <= maxDepth;
}

export const isContainer = (type: ComponentType) => CHILDREN[type] !== undefined;
