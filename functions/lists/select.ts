// Superset's `columns` rison argument (get and list): keep only the named fields of a result, where a
// dotted name reaches into a related object (`database.id`, `changed_by.first_name`, `owners.id` of each owner).

export function selectColumns(row: Record<string, unknown>, columns: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    const [head, ...rest] = column.split('.');
    if (!(head in row)) continue;
    const value = row[head];
    if (rest.length === 0) {
      out[head] = value;
      continue;
    }
    const pick = (v: unknown) =>
      v && typeof v === 'object' ? selectColumns(v as Record<string, unknown>, [rest.join('.')]) : v;
    const current = out[head];
    if (Array.isArray(value)) {
      const picked = value.map(pick);
      out[head] = Array.isArray(current) ? current.map((c, i) => ({ ...(c as object), ...(picked[i] as object) })) : picked;
    } else {
      const picked = pick(value);
      out[head] = current && typeof current === 'object' && picked && typeof picked === 'object' ? { ...current, ...picked } : picked;
    }
  }
  return out;
}
