// X-Ray through Powertools Tracer: the handler segment (middleware.ts), the AWS SDK clients
// (functions/ports/awsClients.ts) and subsegments around engine calls (traced()). Tracer turns itself
// off outside Lambda, so locally every helper here is a plain call.
// First: decides the X-Ray SDK's mode before Powertools Tracer loads it (see xrayMode.ts).
import './xrayMode';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { METRICS } from '../../shared/resources/metrics';

export const tracer = new Tracer({ serviceName: METRICS.service });

/** The SDK client, its calls recorded as subsegments when tracing is on (the client itself otherwise). */
export const captureClient = <T>(client: T): T => tracer.captureAWSv3Client(client);

/** Runs `fn` in a subsegment `name` with these annotations (searchable in X-Ray); just runs it when tracing is off. */
export async function traced<T>(name: string, annotations: Record<string, string | number | boolean>, fn: () => Promise<T>): Promise<T> {
  const parent = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (!parent) return fn();
  const sub = parent.addNewSubsegment(name);
  for (const [key, value] of Object.entries(annotations)) sub.addAnnotation(key, value);
  tracer.setSegment(sub);
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Error) sub.addError(error);
    throw error;
  } finally {
    sub.close();
    tracer.setSegment(parent);
  }
}
