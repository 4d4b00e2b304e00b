// `npm run destroy`: deletes a deployment. The app stacks (Web, Schedule, Api, Realtime) always go; the
// stateful stack (tables, buckets, queues, user pool: the users' data) only when asked:
//   --keep-data    keep it (the default; a later `npm run deploy` picks the data up again)
//   --remove-data  delete it too, then the data it retains (cleanup.ts)
// With neither, a terminal is asked and CI keeps the data. --yes skips every question.
import { spawnSync } from 'node:child_process';
import { appStacks, stackName, statefulStack } from '../deployConfig';
import { retainedDataCleanup, type StackResource } from './cleanup';
import { parseDestroyArgs, UsageError, type DataChoice } from './options';
import { choose, confirm, run } from './run';


function stackResources(stack: string, region: string): StackResource[] {
  const out = spawnSync('aws', ['cloudformation', 'describe-stack-resources', '--region', region, '--stack-name', stack, '--output', 'json'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`cannot list ${stack}'s resources: ${out.stderr}`);
  return (JSON.parse(out.stdout) as { StackResources: StackResource[] }).StackResources;
}

async function decide(data: DataChoice, stateful: string): Promise<'keep' | 'remove'> {
  if (data !== 'ask') return data;
  const answer = await choose(`Also delete ${stateful} and all its data (tables, buckets, users)?`, ['keep', 'remove'] as const);
  return answer ?? 'keep';
}

async function main() {
  const options = parseDestroyArgs(process.argv.slice(2));
  const region = process.env.AWS_REGION ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1';
  const STATEFUL_STACK = statefulStack(options.stage);
  const APP_STACKS = appStacks(options.stage);
  const data = await decide(options.data, STATEFUL_STACK);
  const stacks = data === 'remove' ? [...APP_STACKS, STATEFUL_STACK] : APP_STACKS;
  console.log(`Deleting ${stacks.join(', ')} in ${region}${data === 'keep' ? `; ${STATEFUL_STACK} and its data stay` : ', and the data the stateful stack retains'}.`);
  if (!options.yes && !(await confirm('Go ahead?'))) {
    console.log('Nothing deleted (pass --yes to delete without the question).');
    return;
  }
  // The web bucket holds only the built frontend, retained by CloudFormation like every bucket: it goes too.
  const webBucket = stackResources(stackName('Web', options.stage), region).filter((r) => r.LogicalResourceId.startsWith('WebBucket'));
  const retained = retainedDataCleanup([...webBucket, ...(data === 'remove' ? stackResources(STATEFUL_STACK, region) : [])], region);
  run('npx', ['cdk', 'destroy', ...stacks, '--force', ...(options.stage ? ['-c', `stage=${options.stage}`] : [])]);
  for (const [command, ...args] of retained) run(command, args);
  console.log(data === 'keep' ? `Done. ${STATEFUL_STACK} is kept: \`npm run deploy\` brings the app back on the same data.` : 'Done. Nothing of the deployment is left.');
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : `destroy failed: ${error instanceof Error ? error.message : error}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
