// The workspace's channels from Slack's conversations.list (every page), kept a few minutes per
// channel type list: the report modal offers them, and delivery turns a channel name into the id
// that files.completeUploadExternal requires (Slack's file sharing takes ids only).
import { slackCall } from './slackApi';

export interface SlackChannel {
  id: string;
  name: string;
  is_member: boolean;
  is_private: boolean;
}

export const ALL_CHANNEL_TYPES = 'public_channel,private_channel';
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

/** The channels of these types, from the cache unless it is older than a few minutes or `force`. */
export async function slackChannelsOf(types: string, opts: { force?: boolean; nowMs?: number } = {}): Promise<SlackChannel[]> {
  const nowMs = opts.nowMs ?? Date.now();
  const entry = cache.get(types);
  if (entry && !opts.force && nowMs - entry.at <= CACHE_MS) return entry.channels;
  const channels = await fetchChannels(types);
  cache.set(types, { at: nowMs, channels });
  return channels;
}

/** Slack ids are upper case (C…, G…, D…); channel names never have upper-case letters. */
export const isChannelId = (target: string) => /^[CGD][A-Z0-9]+$/.test(target);

/** The id of a channel given as `#name`, `name` or an id; an unknown name is passed on as written (Slack answers the error). */
export async function channelIdFor(target: string): Promise<string> {
  const bare = target.trim().replace(/^#/, '');
  if (isChannelId(bare)) return bare;
  const wanted = bare.toLowerCase();
  const found = (await slackChannelsOf(ALL_CHANNEL_TYPES)).find((c) => c.name.toLowerCase() === wanted);
  return found?.id ?? bare;
}
