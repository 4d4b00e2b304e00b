// Line Chart control panel: the timeseries family's panel with the line chart options.
import { timeseriesControlPanel } from '../timeseries/controlPanel';

export const controlPanel = timeseriesControlPanel('line');
