// axe-core (pinned in package.json) run inside the page under test: its source is evaluated through
// the DevTools protocol (a script tag would be refused by the pages' CSP, which allows no inline
// script), then `axe.run` checks the whole document against the WCAG 2.0/2.1 A and AA rules. Only serious
// and critical violations fail an audit; each is reported with its rule, help text and the nodes hit.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

let source: Promise<string> | undefined;
const axeSource = () => (source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

interface AxeRawViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe on the page as it is now and answers its serious and critical WCAG A/AA violations. */
export async function auditPage(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource());
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations;
  }, WCAG_TAGS);
  return (violations as AxeRawViolation[])
    .filter((v) => v.impact && FAILING_IMPACTS.has(v.impact))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), html: n.html.slice(0, 200), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300) })),
    }));
}

/** One line per node, readable in a failed assertion. */
export const describeFindings = (findings: AxeFinding[]) =>
  findings.flatMap((f) => f.nodes.map((n) => `${f.impact} ${f.rule} (${f.help}) at ${n.target}: ${n.html} -- ${n.summary}`)).join('\n');
