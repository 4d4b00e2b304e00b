// Running the CLIs the deploy scripts drive (npm, cdk, aws), and asking the operator.
import { spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline/promises';

/** Runs a command in the repository with the terminal attached; throws when it fails. */
export function run(command: string, args: string[], options: { capture?: boolean } = {}): string {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: options.capture ? ['inherit', 'pipe', 'inherit'] : 'inherit', encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args[0] ?? ''} exited with ${result.status}`);
  return result.stdout ?? '';
}

/** Asks a yes/no question; without a terminal (CI) the answer is no. */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export async function choose<T extends string>(question: string, choices: readonly T[]): Promise<T | null> {
  if (!process.stdin.isTTY) return null;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (await rl.question(`${question} (${choices.join('/')}) `)).trim() as T;
    return choices.includes(answer) ? answer : null;
  } finally {
    rl.close();
  }
}
