// Every function's role grants each action of the AWS SDK commands its real bundle can send: the app
// is synthesized with the real handler modules, each bundle is read for the commands it takes from the
// SDK's client packages (sdkActions.ts), and a command whose action the function's role policies do not
// name is listed with its module.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { actionsOf, functionIdOf, synthApp } from './synthApp';
import { sdkCallsOf } from './sdkActions';

/**
 * Commands a bundle holds that its function never sends, each with the reason (the analysis sees which
 * code a bundle holds, not which branch runs).
 */
const NEVER_SENT: { modules: readonly string[]; command: string; reason: string }[] = [
  {
    modules: ['health', 'eventLog', 'sqllabForm'],
    command: '@aws-sdk/lib-dynamodb QueryCommand',
    reason: 'public routes only: the handler stack reads the role store (security/roleStore.ts) for routes that are not public (http/httpModule.ts)',
  },
  ...['@aws-sdk/client-s3 PutObjectCommand', '@aws-sdk/client-sesv2 SendEmailCommand'].map((command) => ({
    modules: ['chartDataDeadLetter', 'reportDeadLetter'],
    command,
    reason: "a dead-letter worker runs only its job's deadLetter (jobs/queueWorker.ts deadLetterWorker); the job object carries run's code too",
  })),
  {
    modules: ['reportDeadLetter'],
    command: '@aws-sdk/client-secrets-manager GetSecretValueCommand',
    reason: "a dead-letter worker runs only its job's deadLetter; the job object carries run's code (Slack delivery) too",
  },
  {
    modules: ['reports', 'reportWorker'],
    command: '@aws-sdk/client-secrets-manager GetSecretValueCommand',
    reason: 'read only when a Slack token secret is configured (deploy config slackTokenSecret), which grants it on that secret (test/infra/config.test.ts); this synth configures none',
  },
];

const neverSent = (module: string, command: string) => NEVER_SENT.some((n) => n.modules.includes(module) && n.command === command);

let synth: Awaited<ReturnType<typeof synthApp>>;
beforeAll(async () => {
  synth = await synthApp({ realHandlers: true });
});

/** The template holding the module's function, and its id there. */
function functionOf(module: string): { template: Template; id: string } {
  for (const template of Object.values(synth.templates)) {
    try {
      return { template, id: functionIdOf(template, module) };
    } catch {
      // Not in this stack.
    }
  }
  throw new Error(`no function for ${module}`);
}

describe('AWS SDK calls against role grants', () => {
  it('reads the commands of every bundle', () => {
    expect(Object.keys(synth.bundles).length).toBeGreaterThan(20);
    // The login route records failures with the document client.
    expect(sdkCallsOf(synth.bundles.security).map((c) => c.command)).toContain('@aws-sdk/lib-dynamodb PutCommand');
  });

  it('grants every function the actions of the commands its bundle sends', () => {
    const missing: string[] = [];
    for (const [module, bundle] of Object.entries(synth.bundles)) {
      const { template, id } = functionOf(module);
      const granted = new Set(actionsOf(template, id));
      for (const call of sdkCallsOf(bundle).filter((c) => !neverSent(module, c.command))) {
        for (const action of call.actions) if (!granted.has(action)) missing.push(`${module}: ${action} (${call.command}, from ${call.from})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
