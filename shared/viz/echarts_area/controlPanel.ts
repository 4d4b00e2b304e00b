// Area Chart control panel: the timeseries family's panel with the area chart options.
import { timeseriesControlPanel } from '../timeseries/controlPanel';

export const controlPanel = timeseriesControlPanel('area');
