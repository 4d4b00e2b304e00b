// Dashboard layout rules (position_json), pure and shared by the dashboard page, the API's
// validation and the report renderer.
export * from './types';
export * from './constants';
export * from './tree';
export { isValidChild, shouldWrapInRow, isContainer } from './validChild';
export { newComponent, newComponentWithChildren, idMaker } from './factory';
export { dropNewComponent, moveComponent, resizeComponent, type Destination } from './drop';
export { keyboardDestination, type KeyboardMove } from './keyboard';
export { deleteComponent } from './remove';
export { toTopLevelTabs, flattenTopLevelTabs, hasTopLevelTabs } from './tabs';
export { updateMeta } from './edit';
export * from './history';
export { layoutComponents, parseLayoutJson } from './parse';
export { validateLayout, chartIdsOf, type LayoutIssue } from './validate';
export { emptyLayout, layoutOfCharts, toPositionJson } from './defaults';
export { layoutFromPosition, placeOrphans, countingIds } from './fromPosition';
