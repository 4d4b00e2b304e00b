// The CDK app (`npm run synth`, `npm run deploy`). Synth runs offline and without credentials: the
// environment falls back to placeholders and nothing is looked up from an account.
import { App } from 'aws-cdk-lib';
import { defaultPaths } from './paths';
import { buildSqlscape } from './SqlscapeApp';

const started = Date.now();
// Plain CloudFormation exports between the stacks (the producer cannot drop a value still imported),
// chosen explicitly so the behaviour does not change with CDK's default.
const app = new App({ postCliContext: { '@aws-cdk/core:defaultCrossStackReferences': 'strong' } });
const env = {
  account: process.env.CDK_DEPLOY_ACCOUNT ?? process.env.CDK_DEFAULT_ACCOUNT ?? '000000000000',
  region: process.env.CDK_DEPLOY_REGION ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1',
};
// `cdk deploy -c strict=true` refuses to deploy with handler modules missing or broken.
const strict = String(app.node.tryGetContext('strict')) === 'true';
const athenaPolicyArn = app.node.tryGetContext('athenaPolicyArn') as string | undefined;
const built = await buildSqlscape(app, { paths: defaultPaths(), env, strict, athenaPolicyArn });
app.synth();
// stderr: the CDK CLI reads the app's stdout for nothing, but keeps --quiet output clean.
console.error(`${built.sizeTable()}\n[infra] synthesized in ${((Date.now() - started) / 1000).toFixed(1)} s`);
