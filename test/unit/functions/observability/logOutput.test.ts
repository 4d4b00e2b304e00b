import { describe, expect, it } from 'vitest';
import { prettyLine } from '../../../../functions/observability/logOutput';
import { powertoolsEnv } from '../../../../infra/local/config';

const entry = {
  level: 'INFO',
  message: 'request',
  timestamp: '2026-11-25T04:36:18.601Z',
  service: 'sqlscape',
  function_arn: 'arn:aws:lambda:us-east-1:000000000000:function:x',
  function_request_id: '6292df7a-d1a3-4ba7-b799-8f4db7fef98f',
  route: 'chartData.run',
  status: 200,
  path: '/api/v1/chart/data',
};

describe('local log lines', () => {
  it('pretty: time, level, message and the telling fields, without Lambda boilerplate', () => {
    expect(prettyLine(JSON.stringify(entry))).toBe(
      '04:36:18.601 INFO  request function_request_id=6292df7a route=chartData.run status=200 path=/api/v1/chart/data',
    );
  });

  it('leaves lines that are not log entries (EMF, plain text) as they are', () => {
    const emf = '{"_aws":{"Timestamp":1},"Requests":1}';
    expect(prettyLine(emf)).toBe(emf);
    expect(prettyLine('not json')).toBe('not json');
  });

  it('pretty in a terminal, JSON when piped, unless told; metrics and tracing off unless asked', () => {
    expect(powertoolsEnv({}, true).SQLSCAPE_LOG_FORMAT).toBe('pretty');
    expect(powertoolsEnv({}, false).SQLSCAPE_LOG_FORMAT).toBe('json');
    expect(powertoolsEnv({ SQLSCAPE_LOG_FORMAT: 'json' }, true).SQLSCAPE_LOG_FORMAT).toBe('json');
    expect(powertoolsEnv({}, true)).toMatchObject({ POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_TRACE_ENABLED: 'false', POWERTOOLS_LOG_LEVEL: 'INFO' });
    expect(powertoolsEnv({ POWERTOOLS_METRICS_DISABLED: 'false' }, true).POWERTOOLS_METRICS_DISABLED).toBe('false');
  });
});
