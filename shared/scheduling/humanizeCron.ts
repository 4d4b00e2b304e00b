// A crontab in words for the report list's schedule column and the report modal's preview (Superset
// shows cron_descriptor's text). Common shapes get a sentence; anything else is shown as written. Pure,
// so the server and the browser say the same thing.
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: string) => n.padStart(2, '0');
const isNum = (s: string) => /^\d+$/.test(s);

export function humanizeCron(crontab: string): string {
  const parts = crontab.trim().split(/\s+/);
  if (parts.length !== 5) return crontab;
  const [min, hour, dom, mon, dow] = parts;
  if (parts.every((p) => p === '*')) return 'Every minute';
  if (/^\*\/\d+$/.test(min) && hour === '*' && dom === '*' && mon === '*' && dow === '*') return `Every ${min.slice(2)} minutes`;
  if (min === '0' && /^\*\/\d+$/.test(hour) && dom === '*' && mon === '*' && dow === '*') return `Every ${hour.slice(2)} hours`;
  if (isNum(min) && hour === '*' && dom === '*' && mon === '*' && dow === '*') return `At ${min} minutes past the hour`;
  if (!isNum(min) || !isNum(hour)) return crontab;
  const at = `At ${pad(hour)}:${pad(min)}`;
  if (dom === '*' && mon === '*' && dow === '*') return at;
  if (dom === '*' && mon === '*' && /^[0-6](,[0-6])*$/.test(dow)) return `${at}, only on ${dow.split(',').map((d) => DAYS[Number(d)]).join(', ')}`;
  if (dom === '*' && mon === '*' && dow === '1-5') return `${at}, Monday through Friday`;
  if (isNum(dom) && mon === '*' && dow === '*') return `${at}, on day ${dom} of the month`;
  return crontab;
}
