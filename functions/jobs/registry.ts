// What the every-minute tick runs. Adding a kind of scheduled work (reports next) is one entry here:
// a DueWorkProvider from the feature's own folder (see dueWork.ts), with its schedule stored as the
// next run in epoch ms computed by shared/scheduling/cron.ts.
import type { DueWorkProvider } from './dueWork';
import { scheduledQueries } from '../sqllab/scheduler';
import { reportSchedules } from '../reports/schedule';

export const DUE_WORK_PROVIDERS: readonly DueWorkProvider[] = [scheduledQueries, reportSchedules];
