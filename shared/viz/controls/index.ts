// Shared control definitions; plugins compose their panels from these (with `override` for changes).
export * from './types';
export * from './validators';
export * from './choices';
export * as sharedControls from './sharedControls';
