// Scatter Plot control panel: the timeseries family's panel with the scatter chart options.
import { timeseriesControlPanel } from '../timeseries/controlPanel';

export const controlPanel = timeseriesControlPanel('scatter');
