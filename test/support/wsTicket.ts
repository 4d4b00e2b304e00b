// The WebSocket URL a signed-in client opens: a single-use ticket from POST /api/v1/async_event/ticket/
// in the query string (the access token itself is never accepted there).
export async function ticketedSocketUrl(cloud: { url: string; wsUrl: string }, token: string): Promise<string> {
  const res = await fetch(`${cloud.url}/api/v1/async_event/ticket/`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`ticket: ${res.status} ${await res.text()}`);
  const { result } = (await res.json()) as { result: { ticket: string } };
  return `${cloud.wsUrl}?ticket=${encodeURIComponent(result.ticket)}`;
}
