// The stack outputs of the last `npm run deploy` (cdk deploy --outputs-file), kept in .data: the
// deploy summary reads them, and the next synth takes the app's address from them (app.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths';
import { outputValue, type StackOutputs } from './plan';

export const OUTPUTS_FILE = join(REPO_ROOT, '.data', 'cdk-outputs.json');

/** Each stage keeps its own outputs: `.data/cdk-outputs.json`, `.data/cdk-outputs-prod.json`. */
export const outputsFile = (stage?: string) => (stage ? join(REPO_ROOT, '.data', `cdk-outputs-${stage}.json`) : OUTPUTS_FILE);

export const readOutputs = (file = OUTPUTS_FILE): StackOutputs => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});

/** Where users open the app as last deployed (the web stack's WebUrl), if it was. */
export const deployedWebUrl = (file = OUTPUTS_FILE): string | undefined => outputValue(readOutputs(file), 'WebUrl');
