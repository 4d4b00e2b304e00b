// What an infra file reads instead of synthesizing the app itself: the variant globalSynth.ts wrote for
// this run, as Templates. Outside the infra project (no globalSetup) it synthesizes in process.
import type { PolicyValidationPluginReport } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { SYNTH_VARIANTS, synthApp, type SynthVariant } from './synthApp';

type Templates = Awaited<ReturnType<typeof synthApp>>['templates'];

export interface Synthesized {
  templates: Templates;
  warnings: string[];
  nag?: PolicyValidationPluginReport;
}

export async function synthesized(variant: SynthVariant): Promise<Synthesized> {
  const dir = inject('infraSynthDir');
  if (!dir) return synthApp(SYNTH_VARIANTS[variant]);
  const saved = JSON.parse(readFileSync(join(dir, `${variant}.json`), 'utf8')) as { templates: Record<string, object> } & Omit<Synthesized, 'templates'>;
  const templates = Object.fromEntries(Object.entries(saved.templates).map(([stack, json]) => [stack, Template.fromJSON(json)])) as Templates;
  return { templates, warnings: saved.warnings, nag: saved.nag };
}
