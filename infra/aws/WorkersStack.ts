// The queue workers and their dead-letter drainers (one function per module, fed by its queue with a
// capped concurrency), the function that checks the native layer after a deploy, the SES identity
// report email is sent from when the deployment creates it, and the RDS Proxy when configured.
import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { AppFunction } from './AppFunction';
import type { DeployConfig } from './deployConfig';
import type { HandlerEntry } from './handlerEntries';
import { handlerFunction } from './handlerFunction';
import type { RealtimeStack } from './RealtimeStack';
import { DEAD_LETTER_WORKER_TIMEOUT_SECONDS, type StatefulStack } from './StatefulStack';

/** Dead-lettered messages are few; a batch keeps the drainer cheap, partial failures keep it exact. */
const DEAD_LETTER_BATCH_SIZE = 10;
/** Lambda's smallest SQS maxConcurrency: drainers never need more. */
export const DEAD_LETTER_MAX_CONCURRENCY = 2;
const WORKER_MEMORY_MB = 2048;

export interface WorkersStackProps extends StackProps {
  stateful: StatefulStack;
  realtime: RealtimeStack;
  handlers: ReadonlyMap<string, HandlerEntry>;
  /** The report sender's SES identity (deploy config sesIdentity, sesIdentityExists). */
  email?: Pick<DeployConfig, 'sesIdentity' | 'sesIdentityExists'>;
  /** The native layer's smoke function (infra/aws/smoke), invoked by `npm run deploy`. */
  smoke?: HandlerEntry;
}

export class WorkersStack extends Stack {
  /** Workers and drainers: module -> function. */
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: WorkersStackProps) {
    super(scope, id, props);
    const { stateful, handlers } = props;
    const context = props.realtime.functionContext;
    const targets = { stateful, webSocketApi: props.realtime.webSocketApi };
    for (const { queue, dlq, def } of Object.values(stateful.queues)) {
      const worker = handlers.get(def.worker);
      if (worker) {
        const fn = handlerFunction(this, worker, context, targets, { timeout: Duration.seconds(def.workerTimeoutSeconds), memorySize: WORKER_MEMORY_MB });
        fn.fn.addEventSource(new SqsEventSource(queue, { batchSize: def.batchSize, reportBatchItemFailures: true, maxConcurrency: def.maxConcurrency }));
        this.functions.set(worker.module, fn);
      }
      const drainer = def.deadLetterWorker ? handlers.get(def.deadLetterWorker) : undefined;
      if (drainer) {
        const fn = handlerFunction(this, drainer, context, targets, { timeout: Duration.seconds(DEAD_LETTER_WORKER_TIMEOUT_SECONDS) });
        fn.fn.addEventSource(new SqsEventSource(dlq, { batchSize: DEAD_LETTER_BATCH_SIZE, reportBatchItemFailures: true, maxConcurrency: DEAD_LETTER_MAX_CONCURRENCY }));
        this.functions.set(drainer.module, fn);
      }
    }
    if (props.email?.sesIdentity && !props.email.sesIdentityExists) senderIdentity(this, props.email.sesIdentity);
    if (props.smoke) {
      // No grants: it touches nothing but its own layer (the common environment names resources only).
      const smoke = new AppFunction(this, 'NativeLayerSmoke', {
        handler: props.smoke,
        context,
        memorySize: WORKER_MEMORY_MB,
        timeout: Duration.seconds(60),
        description: 'Loads the native layer (DuckDB, resvg, pdfkit) after each deploy',
      });
      new CfnOutput(this, 'NativeLayerSmokeFunction', { value: smoke.fn.functionName });
    }
  }
}

/**
 * The SES identity reports are sent from: an address (SES mails it a link to click) or a domain (its
 * DKIM records go into DNS; the outputs list them). A new account is in the SES sandbox until AWS
 * grants production access: until then it sends only to verified identities (infra/aws/README.md).
 */
function senderIdentity(scope: Construct, name: string) {
  const isAddress = name.includes('@');
  const identity = new ses.EmailIdentity(scope, 'ReportsSenderIdentity', { identity: isAddress ? ses.Identity.email(name) : ses.Identity.domain(name) });
  new CfnOutput(scope, 'SesIdentity', { value: name, description: isAddress ? 'Click the link SES mailed to this address' : 'Add the DkimRecord outputs to this domain\'s DNS' });
  if (!isAddress) {
    identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(scope, `DkimRecord${i + 1}`, { value: `${record.name} CNAME ${record.value}` });
    });
  }
  return identity;
}
