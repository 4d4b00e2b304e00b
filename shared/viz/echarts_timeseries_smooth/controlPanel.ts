// Smooth Line control panel: the timeseries family's panel with the smooth chart options.
import { timeseriesControlPanel } from '../timeseries/controlPanel';

export const controlPanel = timeseriesControlPanel('smooth');
