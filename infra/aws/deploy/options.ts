// The arguments of `npm run deploy` and `npm run destroy`, parsed without side effects (tested in
// test/unit/infra/aws/deploy). Unknown arguments are refused, so a typo never deploys or deletes.

export interface DeployOptions {
  /** Skip the confirmation after the plan (CI). */
  yes: boolean;
  /** Print the plan and stop. */
  planOnly: boolean;
  /** Skip `npm run build` (the frontend is already in dist/web). */
  skipBuild: boolean;
  /** Extra `-c key=value` context for cdk (e.g. athenaPolicyArn=..., strict is always on); --stage and --config add theirs. */
  context: string[];
}

export type DataChoice = 'keep' | 'remove' | 'ask';

export interface DestroyOptions {
  /** The stage to delete (deploy config `stage`): none is the unstaged deployment. */
  stage?: string;
  /** What happens to the stateful stack (tables, buckets, queues, user pool): kept unless asked. */
  data: DataChoice;
  /** No questions (CI): requires --keep-data or --remove-data. */
  yes: boolean;
}

export class UsageError extends Error {}

export const DEPLOY_USAGE = `npm run deploy -- [--config FILE] [--stage NAME] [--yes] [--plan] [--skip-build] [-c key=value ...]
  --config FILE the deployment's settings (infra/aws/README.md, "Configuration")
  --stage NAME  which environment (dev, prod): its own stacks, side by side in one account
  --plan        print what would be created or changed, then stop
  --yes         deploy without asking after the plan (CI)
  --skip-build  use the frontend already built in dist/web
  -c key=value  extra CDK context, e.g. -c athenaPolicyArn=arn:aws:iam::123456789012:policy/athena-data`;

export const DESTROY_USAGE = `npm run destroy -- [--stage NAME] [--keep-data | --remove-data] [--yes]
  --stage NAME   the environment to delete (none: the deployment without a stage)
  --keep-data    delete the app stacks, keep SqlscapeStateful (tables, buckets, queues, users): the default
  --remove-data  also delete SqlscapeStateful and the data it retains (tables, buckets, user pool)
  --yes          no questions (CI); with --remove-data it deletes data without asking`;

export function parseDeployArgs(argv: string[]): DeployOptions {
  const out: DeployOptions = { yes: false, planOnly: false, skipBuild: false, context: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--yes' || arg === '-y') out.yes = true;
    else if (arg === '--plan') out.planOnly = true;
    else if (arg === '--skip-build') out.skipBuild = true;
    else if (arg === '--stage' || arg === '--config') {
      const value = argv[++i];
      if (!value || value.startsWith('-')) throw new UsageError(`${arg} needs a value\n${DEPLOY_USAGE}`);
      out.context.push(`${arg.slice(2)}=${value}`);
    }
    else if (arg === '-c' || arg === '--context') {
      const value = argv[++i];
      if (!value || !/^[A-Za-z][\w.-]*=.+$/.test(value)) throw new UsageError(`${arg} needs key=value\n${DEPLOY_USAGE}`);
      out.context.push(value);
    } else throw new UsageError(`unknown argument ${arg}\n${DEPLOY_USAGE}`);
  }
  return out;
}

export function parseDestroyArgs(argv: string[]): DestroyOptions {
  const out: DestroyOptions = { data: 'ask', yes: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--yes' || arg === '-y') out.yes = true;
    else if (arg === '--stage') {
      const value = argv[++i];
      if (!value || value.startsWith('-')) throw new UsageError(`--stage needs a value\n${DESTROY_USAGE}`);
      out.stage = value;
    }
    else if (arg === '--keep-data' || arg === '--remove-data') {
      const data = arg === '--keep-data' ? 'keep' : 'remove';
      if (out.data !== 'ask' && out.data !== data) throw new UsageError(`--keep-data and --remove-data exclude each other\n${DESTROY_USAGE}`);
      out.data = data;
    } else throw new UsageError(`unknown argument ${arg}\n${DESTROY_USAGE}`);
  }
  // Non-interactive with no choice: the safe one.
  if (out.yes && out.data === 'ask') out.data = 'keep';
  return out;
}
