// After a deploy: invoke the native layer's smoke function (infra/aws/smoke/nativeLayerSmoke.ts) and
// refuse to call the deploy done unless it loaded DuckDB, resvg and pdfkit. The verdict is a pure
// function of what `aws lambda invoke` printed and wrote, so it is tested without AWS.

export interface InvokeOutput {
  StatusCode?: number;
  FunctionError?: string;
}

/** Null when the layer works, else why it does not. */
export function smokeVerdict(invoke: InvokeOutput, payloadText: string): string | null {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(payloadText);
  } catch {
    return `the smoke function answered something that is not JSON: ${payloadText.slice(0, 200)}`;
  }
  if (invoke.FunctionError) return `the smoke function failed (${invoke.FunctionError}): ${String(payload.errorMessage ?? payloadText).slice(0, 500)}`;
  if (invoke.StatusCode !== 200) return `the smoke invoke answered ${invoke.StatusCode}`;
  if (payload.duckdb !== 42) return `DuckDB did not answer 42 (got ${JSON.stringify(payload.duckdb)})`;
  if (!(Number(payload.pngBytes) > 0)) return 'resvg drew no PNG';
  if (!(Number(payload.pdfBytes) > 0)) return 'pdfkit wrote no PDF';
  return null;
}
