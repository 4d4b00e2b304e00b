// Imported by tracer.ts before Powertools Tracer, and so before the X-Ray SDK loads. In its default
// (automatic) mode the SDK creates a cls-hooked namespace as it loads, which installs an async hook
// with a destroy hook for the whole process: every promise created afterwards (the SDK's middleware,
// dynalite, s3rver, our own awaits) is tracked with a weak reference until it is collected, which cost
// about a tenth of the CPU of a cached chart data request in the local cloud. That namespace carries
// the current segment only when Tracer traces; when it will not (outside Lambda, under SAM local or
// Amplify's mock, or POWERTOOLS_TRACE_ENABLED=false: Powertools' own rules), the SDK is started in
// manual mode, which creates no hook. An explicit AWS_XRAY_MANUAL_MODE is left as it is.

/** Whether Powertools Tracer will trace in this environment (its setTracingEnabled rules). */
export function tracerWillTrace(env: NodeJS.ProcessEnv): boolean {
  if ((env.POWERTOOLS_TRACE_ENABLED ?? '').toLowerCase() === 'false') return false;
  const executionEnv = env.AWS_EXECUTION_ENV ?? '';
  if (executionEnv === '' || executionEnv === 'AWS_Lambda_amplify-mock') return false;
  return (env.AWS_SAM_LOCAL ?? '') === '';
}

if (process.env.AWS_XRAY_MANUAL_MODE === undefined && !tracerWillTrace(process.env)) process.env.AWS_XRAY_MANUAL_MODE = '1';
