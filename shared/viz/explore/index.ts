// Pure Explore helpers that belong with the plugins: visibility, defaults, validation, viz_type switch.
export * from './controls';
export * from './validateForm';
export * from './switchVizType';
export { standardize } from './standardize';
