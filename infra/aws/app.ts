// The CDK app (`npm run synth`, `npm run deploy`). Synth runs offline and without credentials: the
// environment falls back to placeholders and nothing is looked up from an account.
import { App } from 'aws-cdk-lib';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { defaultPaths, REPO_ROOT } from './paths';
import { buildSqlscape } from './SqlscapeApp';
import { deployedWebUrl, outputsFile } from './deploy/outputs';
import { readDeployConfig } from './deployConfig';

const started = Date.now();
// Plain CloudFormation exports between the stacks (the producer cannot drop a value still imported),
// chosen explicitly so the behaviour does not change with CDK's default.
const app = new App({ postCliContext: { '@aws-cdk/core:defaultCrossStackReferences': 'strong' } });
const env = {
  account: process.env.CDK_DEPLOY_ACCOUNT ?? process.env.CDK_DEFAULT_ACCOUNT ?? '000000000000',
  region: process.env.CDK_DEPLOY_REGION ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1',
};
// The operator's configuration: `-c config=FILE` and single `-c key=value` (infra/aws/deployConfig.ts).
// `strict` refuses to deploy with handler modules missing or broken.
const config = readDeployConfig((key) => app.node.tryGetContext(key));
const strict = config.strict === true;
const athenaPolicyArn = config.athenaPolicyArn;
// Where users open the app (report links): `-c webappUrl=https://...` for a domain of your own, else
// the web stack's URL as the last `npm run deploy` of this stage recorded it.
const webappUrl = config.webappUrl ?? deployedWebUrl(outputsFile(config.stage));
// Bundles go to a scratch folder: synth copies them into cdk.out as assets, then they can go.
mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
const bundleDir = mkdtempSync(join(REPO_ROOT, '.tmp', 'lambda-bundles-'));
try {
  const built = await buildSqlscape(app, { paths: defaultPaths(), bundleDir, env, strict, athenaPolicyArn, webappUrl, config });
  app.synth();
  // stderr: keeps the CLI's --quiet output clean.
  console.error(`${built.sizeTable()}\n[infra] synthesized in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  rmSync(bundleDir, { recursive: true, force: true });
}
