// Synthesizes one variant of the app (synthApp.ts SYNTH_VARIANTS) and writes what the infra files read
// as JSON: each stack's template, the warnings and cdk-nag's report. Run by globalSynth.ts, one child
// process per variant so that two variants use two cores: node --import tsx synthToFile.ts <variant> <file>
import { writeFileSync } from 'node:fs';
import { SYNTH_VARIANTS, synthApp, type SynthVariant } from './synthApp';

const [variant, file] = process.argv.slice(2) as [SynthVariant, string];
if (!(variant in SYNTH_VARIANTS) || !file) throw new Error(`usage: synthToFile.ts <${Object.keys(SYNTH_VARIANTS).join('|')}> <file>`);
const { templates, warnings, nag } = await synthApp(SYNTH_VARIANTS[variant]);
const json = Object.fromEntries(Object.entries(templates).map(([stack, t]) => [stack, t.toJSON()]));
writeFileSync(file, JSON.stringify({ templates: json, warnings, nag }));
