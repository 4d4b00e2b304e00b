// Alerts and reports: /api/v1/report/ CRUD, bulk delete, execution log, related owners (one Lambda).
import { httpModule } from '../http/httpModule';
import { getPorts } from '../ports/index';
import { listReportLogEntries, listReports, reportRelatedUsers } from '../reports/list';
import { listOutbox } from '../reports/outbox';
import { listSlackChannels } from '../reports/slackChannels';
import { bulkDeleteReports, createReport, deleteReport, getReport, updateReport } from '../reports/service';

export const handler = httpModule({
  'report.outbox': (req) => listOutbox(req.user),
  'report.slackChannels': (req) => listSlackChannels(req.user, req.q),
  'report.list': (req) => listReports(getPorts(), req.user, req.q),
  'report.create': (req) => createReport(getPorts(), req.user, req.body),
  'report.bulkDelete': (req) => bulkDeleteReports(getPorts(), req.user, req.q),
  'report.related': (req) => reportRelatedUsers(getPorts(), req.user, req.params.column, req.q),
  'report.get': (req) => getReport(getPorts(), req.user, req.params.pk),
  'report.update': (req) => updateReport(getPorts(), req.user, req.params.pk, req.body),
  'report.delete': (req) => deleteReport(getPorts(), req.user, req.params.pk),
  'report.logs': (req) => listReportLogEntries(getPorts(), req.user, req.params.pk, req.q),
});
