// globalSetup of the infra project: the app is synthesized once per run, both variants at once in two
// child processes, instead of once per test file; the files read the result (synthesized.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../infra/aws/paths';
import { SYNTH_VARIANTS, type SynthVariant } from './synthApp';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where globalSynth.ts wrote <variant>.json. */
    infraSynthDir: string;
  }
}

function synthesize(variant: SynthVariant, file: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'test/infra/synthToFile.ts'), variant, file], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`synthesizing the ${variant} variant failed (${code}):\n${stderr}`))));
  });
}

export default async function setup(project: TestProject) {
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(REPO_ROOT, '.tmp', 'infra-synth-'));
  await Promise.all((Object.keys(SYNTH_VARIANTS) as SynthVariant[]).map((v) => synthesize(v, join(dir, `${v}.json`))));
  project.provide('infraSynthDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
