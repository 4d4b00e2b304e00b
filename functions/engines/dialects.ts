// Each engine's dialect by kind, from the light engine specs (no driver loaded): the chart compiler
// writes SQL for a dataset's engine before (or without) opening a connection.
import { ENGINES } from './registry';
import type { Dialect, EngineKind } from './types';

export const DIALECTS = Object.fromEntries(Object.entries(ENGINES).map(([kind, entry]) => [kind, entry.spec.dialect])) as Record<EngineKind, Dialect>;
