// WebSocket tickets: the browser cannot set headers on a WebSocket and a URL ends up in access logs
// (CloudFront keeps query strings), so the access token never goes in the socket URL. An
// authenticated POST gets a random ticket that lives 30 seconds; $connect consumes it (a conditional
// delete, so it opens one connection at most). Only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { KEYS } from '../../shared/resources/keys';
import type { Ports } from '../ports/index';
import { isConditionFailure } from '../ports/tables';

export const WS_TICKET_TTL_SECONDS = 30;

const ticketKey = (ticket: string) => KEYS.wsTicket(createHash('sha256').update(ticket).digest('base64url'));

export async function issueWsTicket(ports: Pick<Ports, 'tables' | 'clock'>, userId: number): Promise<{ ticket: string; expires_in: number }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAtMs = ports.clock.now() + WS_TICKET_TTL_SECONDS * 1000;
  await ports.tables.doc.send(
    new PutCommand({
      TableName: ports.tables.name('main'),
      Item: { ...ticketKey(ticket), user_id: userId, expires_at_ms: expiresAtMs, ttl: Math.ceil(expiresAtMs / 1000) },
    }),
  );
  return { ticket, expires_in: WS_TICKET_TTL_SECONDS };
}

/** The user a ticket was issued to, once: a used, unknown or expired ticket is null. */
export async function consumeWsTicket(ports: Pick<Ports, 'tables' | 'clock'>, ticket: string): Promise<number | null> {
  try {
    const out = await ports.tables.doc.send(
      new DeleteCommand({
        TableName: ports.tables.name('main'),
        Key: ticketKey(ticket),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    const item = out.Attributes as { user_id?: number; expires_at_ms?: number } | undefined;
    if (!item || typeof item.user_id !== 'number' || !(Number(item.expires_at_ms) > ports.clock.now())) return null;
    return item.user_id;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
