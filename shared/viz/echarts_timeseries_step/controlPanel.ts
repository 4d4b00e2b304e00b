// Stepped Line control panel: the timeseries family's panel with the step chart options.
import { timeseriesControlPanel } from '../timeseries/controlPanel';

export const controlPanel = timeseriesControlPanel('step');
