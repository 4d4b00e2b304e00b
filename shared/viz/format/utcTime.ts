// The few UTC interval floors the smart date formatter needs (d3-time's, without the dependency).
type Floor = { floor: (d: Date) => Date };

const at = (fn: (d: Date) => number): Floor => ({ floor: (d) => new Date(fn(d)) });

export const utcSecond = at((d) => Math.floor(d.getTime() / 1000) * 1000);
export const utcMinute = at((d) => Math.floor(d.getTime() / 60_000) * 60_000);
export const utcHour = at((d) => Math.floor(d.getTime() / 3_600_000) * 3_600_000);
export const utcDay = at((d) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
/** Weeks start on Sunday, as d3's utcWeek. */
export const utcWeek = at((d) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - d.getUTCDay()));
export const utcMonth = at((d) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
export const utcYear = at((d) => Date.UTC(d.getUTCFullYear(), 0, 1));
