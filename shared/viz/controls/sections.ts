// Sections several panels share: the "one metric by dimensions" query and the legend.
import { override, type ControlPanelSection, type NamedControl } from './types';
import * as c from './sharedControls';

export function metricByDimensionsQuery(opts: { dimensions?: NamedControl; rowLimit?: number; extra?: NamedControl[][] } = {}): ControlPanelSection {
  return {
    label: 'Query',
    expanded: true,
    tab: 'data',
    controlSetRows: [
      [opts.dimensions ?? c.groupby],
      [c.metric],
      ...(opts.extra ?? []),
      [c.adhoc_filters],
      [opts.rowLimit ? override(c.row_limit, { default: opts.rowLimit }) : c.row_limit],
      [c.sort_by_metric],
    ],
  };
}

export const legendSection: ControlPanelSection = {
  label: 'Legend',
  tab: 'customize',
  controlSetRows: [[c.show_legend], [c.legendType, c.legendOrientation]],
};
