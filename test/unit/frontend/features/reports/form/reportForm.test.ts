import { describe, expect, it } from 'vitest';
import { ReportPostBodySchema } from '../../../../../../shared/schemas/reportBody';
import { checkForm, formFromReport, formatsFor, newForm, toBody } from '../../../../../../frontend/src/features/reports/form/reportForm';

const filled = () =>
  newForm('Report', { name: 'Daily cars', contentType: 'chart', chart: 4, crontab: '0 9 * * *', timezone: 'Europe/Berlin', creationMethod: 'charts', recipients: [{ type: 'Email', target: 'a@example.com', ccTarget: '', bccTarget: 'b@example.com' }] });

describe('report form', () => {
  it('lists what is missing in Superset\'s words, in the modal\'s order', () => {
    expect(checkForm(newForm('Report', { recipients: [] })).missing).toEqual(['name', 'content type', 'recipients']);
    expect(checkForm(newForm('Alert', { threshold: '' })).missing).toEqual(['name', 'database', 'sql', 'alert condition', 'content type', 'recipients']);
    expect(checkForm(filled())).toEqual({ missing: [], invalid: {} });
  });

  it('checks recipients, crontab and time zone with the server\'s own rules', () => {
    const f = filled();
    f.recipients = [
      { type: 'Email', target: 'a@example.com, not-an-email', ccTarget: '', bccTarget: '' },
      { type: 'Slack', target: '#data team', ccTarget: '', bccTarget: '' },
      { type: 'Webhook', target: 'ftp//x', ccTarget: '', bccTarget: '' },
    ];
    f.crontab = '0 9 * *';
    f.timezone = 'Mars/Base';
    const { invalid } = checkForm(f);
    expect(invalid['recipients.0.target']).toBe('not-an-email is not a valid email address');
    expect(invalid['recipients.1.target']).toBe('#data team is not a valid Slack channel');
    expect(invalid['recipients.2.target']).toBe('ftp//x is not a valid URL');
    expect(invalid.crontab).toMatch(/five fields/);
    expect(invalid.timezone).toBe('Not a valid IANA time zone');
  });

  it('builds a body the API schema accepts; charts may send CSV, dashboards only images', () => {
    const body = toBody({ ...filled(), reportFormat: 'CSV', customWidth: '1200' });
    const parsed = ReportPostBodySchema.parse(body);
    expect(parsed).toMatchObject({ type: 'Report', chart: 4, dashboard: null, report_format: 'CSV', custom_width: 1200, creation_method: 'charts' });
    expect(parsed.recipients).toEqual([{ type: 'Email', recipient_config_json: { target: 'a@example.com', bccTarget: 'b@example.com' } }]);
    expect(formatsFor('dashboard')).toEqual(['PNG', 'PDF']);
    const dash = toBody({ ...filled(), contentType: 'dashboard', dashboard: 9, reportFormat: 'CSV' });
    expect(dash).toMatchObject({ chart: null, dashboard: 9, report_format: 'PNG' });
  });

  it('sends an alert\'s database, SQL and condition', () => {
    const alert = toBody({ ...filled(), type: 'Alert', database: 1, sql: 'SELECT 1', validatorType: 'operator', op: '>=', threshold: '10' });
    expect(ReportPostBodySchema.parse(alert)).toMatchObject({ database: 1, sql: 'SELECT 1', validator_type: 'operator', validator_config_json: { op: '>=', threshold: 10 } });
  });

  it('reads a stored report back into the form', () => {
    const f = formFromReport({
      type: 'Alert', name: 'Too many', description: null, active: false, crontab: '*/5 * * * *', timezone: 'UTC', chart_id: null, dashboard_id: 2,
      owners: [{ id: 1, first_name: 'a', last_name: 'b' }], recipients: [{ id: 3, type: 'Slack', recipient_config_json: '{"target":"#data"}' }],
      database: { id: 1, database_name: 'examples' }, sql: 'SELECT 1', validator_type: 'operator', validator_config_json: '{"op":"<","threshold":3}',
      log_retention: 30, working_timeout: 600, grace_period: 60, report_format: 'PDF', creation_method: 'alerts_reports', extra: {},
    });
    expect(f).toMatchObject({ type: 'Alert', active: false, contentType: 'dashboard', dashboard: 2, owners: [1], database: 1, op: '<', threshold: '3', logRetention: 30, reportFormat: 'PDF', extra: null });
    expect(f.recipients).toEqual([{ type: 'Slack', target: '#data', ccTarget: '', bccTarget: '' }]);
  });
});
