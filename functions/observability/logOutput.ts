// Where Powertools' log lines go. In Lambda: stdout, one JSON object a line (CloudWatch Logs reads
// them as structured logs). In a terminal (`npm start`, SQLSCAPE_LOG_FORMAT=pretty): one readable line
// per entry. Tests read the very lines Powertools printed through captureLines().
//
// Powertools' Logger and Metrics print through a private `console` they build at construction; it is
// replaced here, the one place that knows about it, with an object offering the same methods.

type Method = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'trace';
export type LineConsole = Record<Method, (line: string) => void>;

const stdoutLine = (line: string) => void process.stdout.write(`${line}\n`);
const stderrLine = (line: string) => void process.stderr.write(`${line}\n`);

/** Plain JSON lines, as Lambda prints them (errors and warnings on stderr, like console does). */
export const jsonConsole = (): LineConsole => ({
  log: stdoutLine,
  info: stdoutLine,
  debug: stdoutLine,
  trace: stdoutLine,
  warn: stderrLine,
  error: stderrLine,
});

// Keys every entry carries that say nothing to someone watching a terminal.
const QUIET_KEYS = new Set([
  'level', 'message', 'timestamp', 'service', 'sampling_rate', 'xray_trace_id',
  'function_arn', 'function_memory_size', 'function_name', 'function_version',
]);
const COLORS: Record<string, string> = { DEBUG: '\x1b[90m', INFO: '\x1b[36m', WARN: '\x1b[33m', ERROR: '\x1b[31m', CRITICAL: '\x1b[41m' };

const shown = (value: unknown) => (typeof value === 'string' ? (/\s/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value));

/** `12:03:04.123 INFO  request route=chartData.run status=200 …`; not JSON lines (EMF) pass through. */
export function prettyLine(line: string, color = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object' || typeof entry.level !== 'string') return line;
  const time = typeof entry.timestamp === 'string' ? entry.timestamp.slice(11, 23) : '';
  const level = entry.level.padEnd(5);
  const fields = Object.entries(entry)
    .filter(([key, value]) => !QUIET_KEYS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${shown(key === 'function_request_id' ? String(value).slice(0, 8) : value)}`);
  const head = color ? `${COLORS[entry.level] ?? ''}${level}\x1b[0m` : level;
  return [time, head, String(entry.message ?? ''), ...fields].filter(Boolean).join(' ');
}

export const prettyConsole = (color = process.stdout.isTTY === true): LineConsole => {
  const write = (line: string) => void process.stdout.write(`${prettyLine(line, color)}\n`);
  return { log: write, info: write, debug: write, trace: write, warn: write, error: write };
};

/** The console a new Logger should print to, by SQLSCAPE_LOG_FORMAT (json unless "pretty"). */
export const consoleForEnv = (env: NodeJS.ProcessEnv = process.env): LineConsole =>
  env.SQLSCAPE_LOG_FORMAT === 'pretty' ? prettyConsole() : jsonConsole();

/** Points a Powertools Logger or Metrics instance at `out`. */
export function printTo(target: object, out: LineConsole): void {
  (target as { console: LineConsole }).console = out;
}

/** Where a Powertools instance prints now (so a metric built for one line prints where the others do). */
export const outputOf = (target: object): LineConsole => (target as { console: LineConsole }).console;

/** Collects the lines of `targets` until restore() (unit tests of what gets logged). */
export function captureLines(...targets: object[]) {
  const lines: string[] = [];
  const previous = targets.map((t) => (t as { console: LineConsole }).console);
  const keep = (line: string) => void lines.push(line);
  for (const t of targets) printTo(t, { log: keep, info: keep, debug: keep, trace: keep, warn: keep, error: keep });
  return {
    lines,
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    restore: () => targets.forEach((t, i) => printTo(t, previous[i])),
  };
}
