// GET /api/v1/report/slack_channels/ (Superset's get_channels_with_search): the workspace's channels
// (deliver/slackDirectory.ts: every conversations.list page, cached for a few minutes unless `force`),
// filtered by one or more comma-separated search terms on name or id. Without a Slack token the list
// is empty, so the report modal simply offers none.
import { unprocessable } from '../../shared/errors';
import { requirePermission } from '../http/authz';
import type { Identity } from '../http/identity';
import { slackConfigured } from './deliver/slackApi';
import { ALL_CHANNEL_TYPES, slackChannelsOf, type SlackChannel } from './deliver/slackDirectory';
import { VIEW } from './service';

export interface SlackChannelsQuery {
  search_string?: string;
  types?: ('public_channel' | 'private_channel')[];
  exact_match?: boolean;
  force?: boolean;
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
  const types = q.types?.length ? q.types.join(',') : ALL_CHANNEL_TYPES;
  let channels: SlackChannel[];
  try {
    channels = await slackChannelsOf(types, { force: q.force, nowMs });
  } catch (error) {
    throw unprocessable(`Slack channels could not be listed: ${(error as Error).message}`);
  }
  const found = searchChannels(channels, q.search_string, q.exact_match ?? false);
  return { result: [...found].sort((a, b) => a.name.localeCompare(b.name)) };
}
