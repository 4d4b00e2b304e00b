// `npm run deploy`: build, show what will be created or changed, deploy every stack, print the outputs.
//   1. vite build (unless --skip-build) and the DuckDB layer (infra/aws/duckdbLayer.ts)
//   2. cdk synth (strict: a missing handler refuses) -> the resources per stack (plan.ts), then
//      cdk diff against what is deployed
//   3. after a yes (or --yes in CI): cdk deploy --all, outputs to .data/cdk-outputs.json; on a first
//      deploy once more with -c webappUrl=<the web stack's URL>, for the links reports send
//   4. a smoke invoke that loads the native layer's linux-arm64 modules (smoke.ts); a failure fails the deploy
//   5. the app URL, user pool and how to create the first Admin
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths';
import { parseDeployArgs, UsageError } from './options';
import { readDeployConfig } from '../deployConfig';
import { deployedWebUrl, outputsFile, readOutputs } from './outputs';
import { outputsSummary, outputValue, planSummary } from './plan';
import { smokeVerdict } from './smoke';
import { confirm, run } from './run';

const CDK_OUT = join(REPO_ROOT, 'cdk.out');

function templates() {
  const out: Record<string, { Resources?: Record<string, { Type: string }> }> = {};
  for (const file of readdirSync(CDK_OUT).filter((f) => f.endsWith('.template.json'))) {
    out[file.replace(/\.template\.json$/, '')] = JSON.parse(readFileSync(join(CDK_OUT, file), 'utf8'));
  }
  return out;
}

async function main() {
  const options = parseDeployArgs(process.argv.slice(2));
  const context = ['-c', 'strict=true', ...options.context.flatMap((c) => ['-c', c])];
  // Read here as synth will (refusing a bad config before building anything): the stage names the outputs file.
  const given = new Map(options.context.map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]));
  const config = readDeployConfig((key) => given.get(key));
  const OUTPUTS_FILE = outputsFile(config.stage);
  if (!options.skipBuild) run('npm', ['run', 'build']);
  run('node', ['--import', 'tsx', 'infra/aws/duckdbLayer.ts']);
  run('npx', ['cdk', 'synth', '--quiet', ...context]);
  console.log('\nWhat this deployment holds:');
  for (const line of planSummary(templates())) console.log(`  ${line}`);
  console.log('\nChanges against what is deployed (all of it on a first deploy):');
  // cdk diff exits 1 when there are differences with --fail; without it, 0 either way.
  run('npx', ['cdk', 'diff', '--all', ...context]);
  if (options.planOnly) return;
  if (!options.yes && !(await confirm('Deploy these changes?'))) {
    console.log('Nothing deployed (pass --yes to deploy without the question).');
    return;
  }
  mkdirSync(join(REPO_ROOT, '.data'), { recursive: true });
  const knewAddress = config.webappUrl !== undefined || deployedWebUrl(OUTPUTS_FILE) !== undefined;
  run('npx', ['cdk', 'deploy', '--all', ...context, '--require-approval', 'never', '--outputs-file', OUTPUTS_FILE]);
  const webUrl = deployedWebUrl(OUTPUTS_FILE);
  if (!knewAddress && webUrl) {
    // A first deploy: the web stack's address exists only now. The functions get it for the links
    // reports send (the web stack depends on the API, so it cannot be a reference between them).
    console.log(`\nLinks in reports: pointing the functions at ${webUrl}`);
    run('npx', ['cdk', 'deploy', '--all', ...context, '-c', `webappUrl=${webUrl}`, '--require-approval', 'never', '--outputs-file', OUTPUTS_FILE]);
  }
  const outputs = readOutputs(OUTPUTS_FILE);
  const smoke = outputValue(outputs, 'NativeLayerSmokeFunction');
  if (smoke) {
    const payloadFile = join(mkdtempSync(join(tmpdir(), 'sqlscape-smoke-')), 'payload.json');
    const printed = run('aws', ['lambda', 'invoke', '--function-name', smoke, '--cli-binary-format', 'raw-in-base64-out', '--payload', '{}', payloadFile, '--output', 'json'], { capture: true });
    const problem = smokeVerdict(JSON.parse(printed), readFileSync(payloadFile, 'utf8'));
    if (problem) throw new Error(`the native layer does not load on Lambda: ${problem} (rebuild it: node --import tsx infra/aws/duckdbLayer.ts, then deploy again)`);
    console.log('Native layer: DuckDB, resvg and pdfkit load on Lambda.');
  }
  console.log('\nDeployed.');
  for (const line of outputsSummary(outputs, process.env.AWS_REGION ?? process.env.CDK_DEFAULT_REGION)) console.log(line);
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : `deploy failed: ${error instanceof Error ? error.message : error}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
