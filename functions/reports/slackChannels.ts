// GET /api/v1/report/slack_channels/ (Superset's get_channels_with_search): the workspace's channels
// through conversations.list (every page), filtered by one or more comma-separated search terms on
// name or id, cached for a few minutes unless `force`. Without a Slack token the list is empty, so the
// report modal simply offers none.
import { unprocessable } from '../../shared/errors';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { slackCall, slackConfigured } from './deliver/slackApi';
import { VIEW } from './service';

export interface SlackChannel {
  id: string;
  name: string;
  is_member: boolean;
  is_private: boolean;
}
export interface SlackChannelsQuery {
  search_string?: string;
  types?: ('public_channel' | 'private_channel')[];
  exact_match?: boolean;
  force?: boolean;
}

const CACHE_MS = 5 * 60_000;
const MAX_PAGES = 50;
const cache = new Map<string, { at: number; channels: SlackChannel[] }>();

async function fetchChannels(types: string): Promise<SlackChannel[]> {
  const out: SlackChannel[] = [];
  let cursor = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await slackCall('conversations.list', { types, exclude_archived: true, limit: 999, ...(cursor ? { cursor } : {}) }, true);
    for (const c of (answer.channels ?? []) as Record<string, unknown>[]) {
      if (typeof c.id !== 'string' || typeof c.name !== 'string') continue;
      out.push({ id: c.id, name: c.name, is_member: c.is_member === true, is_private: c.is_private === true });
    }
    cursor = String((answer.response_metadata as { next_cursor?: string } | undefined)?.next_cursor ?? '');
    if (!cursor) break;
  }
  return out;
}

/** Pure: the channels matching any of the comma-separated terms (name or id; contains, or equals with exact_match). */
export function searchChannels(channels: SlackChannel[], search: string | undefined, exact: boolean): SlackChannel[] {
  const terms = (search ?? '').split(',').map((t) => t.trim().replace(/^#/, '').toLowerCase()).filter(Boolean);
  if (!terms.length) return channels;
  return channels.filter((c) => {
    const keys = [c.name.toLowerCase(), c.id.toLowerCase()];
    return terms.some((t) => keys.some((k) => (exact ? k === t : k.includes(t))));
  });
}

export async function listSlackChannels(user: Identity, q: SlackChannelsQuery, nowMs = Date.now()) {
  requirePermission(user, 'can_read', VIEW);
  if (!slackConfigured()) return { result: [] as SlackChannel[] };
  const types = (q.types?.length ? q.types : ['public_channel', 'private_channel']).join(',');
  let entry = cache.get(types);
  if (!entry || q.force || nowMs - entry.at > CACHE_MS) {
    try {
      entry = { at: nowMs, channels: await fetchChannels(types) };
    } catch (error) {
      throw unprocessable(`Slack channels could not be listed: ${(error as Error).message}`);
    }
    cache.set(types, entry);
  }
  const found = searchChannels(entry.channels, q.search_string, q.exact_match ?? false);
  return { result: [...found].sort((a, b) => a.name.localeCompare(b.name)) };
}
