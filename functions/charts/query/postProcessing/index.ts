// Runs Superset's post_processing steps in order on fetched rows. Each operation is a small pure
// function over a frame (columns + rows); prophet is not supported.
import { compare, contribution } from './compare';
import { boxplot, histogram, rank } from './distribution';
import { stepError, type Frame } from './frame';
import { flatten, pivot } from './pivot';
import { aggregate, rename, select, sort } from './reshape';
import { resample } from './resample';
import { cum, diff, rolling } from './window';
import type { PostProcessingStep } from '../../../../shared/schemas/chartData';

export type { Frame, Row } from './frame';
export { joinOffset, parseOffset, shiftBack } from './timeOffsets';

type Operation = (frame: Frame, options: Record<string, unknown>, temporal: string[]) => Frame;

export const OPERATIONS: Record<string, Operation> = {
  aggregate,
  pivot,
  flatten,
  rolling,
  cum,
  diff,
  compare,
  contribution,
  resample,
  sort,
  rename,
  select,
  histogram,
  boxplot,
  rank,
};

export function postProcess(frame: Frame, steps: PostProcessingStep[], temporal: string[] = []): Frame {
  let current = frame;
  for (const step of steps) {
    const operation = OPERATIONS[step.operation];
    if (!operation) throw stepError(`Unsupported post processing operation: ${step.operation}`);
    current = operation(current, step.options ?? {}, temporal);
  }
  return current;
}
