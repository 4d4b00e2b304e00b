// Superset's parse_human_datetime: 'now', 'today', 'yesterday', 'tomorrow', ISO dates and datetimes,
// '7 days ago', '2 weeks from now', 'last Monday', 'next Friday', 'last week', 'next year'. Relative
// expressions in whole days or more fall on midnight; hours, minutes and seconds keep the clock time.
import { addUnits, startOfDay, truncate, unitOf } from './calendar';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const SUB_DAY = new Set(['hour', 'minute', 'second']);

/** ISO date or datetime (space or T, optional seconds/fraction, optional Z or offset); naive means UTC. */
function parseIso(text: string): Date | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = match;
  const ms = Math.round(Number(`0.${frac}`) * 1000);
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(time);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23) return null;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return new Date(time);
}

function weekday(now: Date, name: string, direction: -1 | 1): Date {
  const target = WEEKDAYS.indexOf(name);
  const today = startOfDay(now);
  let delta = (target - today.getUTCDay()) * direction;
  if (delta <= 0) delta += 7;
  return addUnits(today, delta * direction, 'day');
}

/** The instant a human expression names, or null when it names none. */
export function parseHumanDatetime(text: string, now: Date): Date | null {
  const value = text.trim().replace(/\s+/g, ' ');
  const lower = value.toLowerCase();
  if (lower === 'now') return new Date(now.getTime());
  if (lower === 'today') return startOfDay(now);
  if (lower === 'yesterday') return addUnits(startOfDay(now), -1, 'day');
  if (lower === 'tomorrow') return addUnits(startOfDay(now), 1, 'day');
  const iso = parseIso(value);
  if (iso) return iso;
  const relative = /^(\d+|an?|one) ([a-z]+?)s? (ago|from now|later|hence)$/.exec(lower);
  if (relative) {
    const unit = unitOf(relative[2]);
    if (!unit) return null;
    const amount = /^\d+$/.test(relative[1]) ? Number(relative[1]) : 1;
    const sign = relative[3] === 'ago' ? -1 : 1;
    const base = SUB_DAY.has(unit) ? now : startOfDay(now);
    return addUnits(base, sign * amount, unit);
  }
  const stepped = /^(last|next|this) ([a-z]+)$/.exec(lower);
  if (stepped) {
    const [, which, word] = stepped;
    if (WEEKDAYS.includes(word)) {
      if (which === 'this') return weekday(addUnits(now, -1, 'day'), word, 1);
      return weekday(now, word, which === 'last' ? -1 : 1);
    }
    const unit = unitOf(word);
    if (!unit) return null;
    const base = SUB_DAY.has(unit) ? now : startOfDay(now);
    if (which === 'this') return truncate(base, unit);
    return addUnits(base, which === 'last' ? -1 : 1, unit);
  }
  return null;
}
