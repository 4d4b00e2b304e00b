// The X-Ray SDK's automatic mode (a cls-hooked namespace with a process-wide destroy hook) only where
// Powertools Tracer will trace. Loading the tracer in a fresh process shows which mode the SDK took.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { tracerWillTrace } from '../../../../functions/observability/xrayMode';

const ROOT = new URL('../../../../', import.meta.url).pathname;

/** Whether importing functions/observability/tracer.ts in a new process with `env` created the SDK's namespace. */
function namespaceAfterImport(env: Record<string, string>): boolean {
  const script = `await import('./functions/observability/tracer.ts'); console.log(JSON.stringify(Boolean(process.namespaces?.AWSXRay)));`;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(AWS_|POWERTOOLS_TRACE|_X_AMZN)/.test(k)),
  ) as Record<string, string>;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: { ...clean, ...env }, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

describe('X-Ray SDK mode', () => {
  it('follows Powertools Tracer: traces only in Lambda, not under SAM local or Amplify mock, not when turned off', () => {
    const lambda = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' };
    expect(tracerWillTrace(lambda)).toBe(true);
    expect(tracerWillTrace({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(true);
    expect(tracerWillTrace({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
    expect(tracerWillTrace({ ...lambda, AWS_SAM_LOCAL: 'true' })).toBe(false);
    expect(tracerWillTrace({ AWS_EXECUTION_ENV: 'AWS_Lambda_amplify-mock' })).toBe(false);
    expect(tracerWillTrace({})).toBe(false);
  });

  it('creates no async-hook namespace where nothing is traced, and keeps automatic mode in a traced Lambda', () => {
    expect(namespaceAfterImport({})).toBe(false);
    expect(namespaceAfterImport({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x', POWERTOOLS_TRACE_ENABLED: 'false' })).toBe(false);
    expect(namespaceAfterImport({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x', AWS_REGION: 'us-east-1' })).toBe(true);
  });
});
