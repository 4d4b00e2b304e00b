// Bar Chart control panel: the timeseries family's panel with the bar chart options.
import { timeseriesControlPanel } from '../timeseries/controlPanel';

export const controlPanel = timeseriesControlPanel('bar');
