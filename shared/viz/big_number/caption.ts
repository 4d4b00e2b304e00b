// The lines under a big number, as the chart shows them in the browser and in reports: the
// subheader (which already says the change against the compared period, or the last value's date),
// else the change on its own; then the timestamp. The change is never said twice.
import type { BigNumberProps } from '../types';

export interface BigNumberCaption {
  subheader: string | null;
  /** The percent change ("+133.6%") when the subheader does not already say it. */
  change: { text: string; up: boolean } | null;
  timestamp: string | null;
}

export function bigNumberCaption(props: Pick<BigNumberProps, 'subheader' | 'percentChange' | 'formattedTimestamp'>): BigNumberCaption {
  const change = props.subheader || props.percentChange === null ? null : props.percentChange;
  return {
    subheader: props.subheader || null,
    change: change === null ? null : { text: `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`, up: change >= 0 },
    timestamp: props.formattedTimestamp,
  };
}
