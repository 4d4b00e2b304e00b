// Every shared control by name, for `sharedControls.metrics` style access.
export * from './queryControls';
export * from './analyticsControls';
export * from './displayControls';
