// Grid sizes of the dashboard (spec section 9; Superset's dashboard/util/constants).

export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 2 * GRID_BASE_UNIT;
export const GRID_COLUMN_COUNT = 12;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_MAX_ROW_UNITS = 65535;
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const GRID_DEFAULT_CHART_HEIGHT = 50;
/** Deepest nesting of containers (tabs and tab do not count): root > grid > row > column > row > leaf. */
export const MAX_DEPTH = 5;

/** Undo slots; the history keeps two more (the present and the state before the first change). */
export const UNDO_LIMIT = 50;
export const HISTORY_LENGTH = UNDO_LIMIT + 2;

export const NEW_HEADER_TEXT = 'New header';
export const NEW_TAB_TEXT = 'Tab title';
export const BACKGROUND_TRANSPARENT = 'BACKGROUND_TRANSPARENT';
export const BACKGROUND_WHITE = 'BACKGROUND_WHITE';

export const MESSAGES = {
  noSpace: 'There is not enough space for this component. Try decreasing its width, or increasing the destination width.',
  topLevelTabIntoNested: 'Can not move top level tab into nested tabs',
  movedScope: 'This chart has been moved to a different filter scope.',
  invalidDrop: 'This component cannot be placed here.',
  undoExhausted: (historyLength: number) =>
    `You have used all ${historyLength} undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.`,
} as const;
