// Column pickers (groupby, columns, x axis, ...): chosen columns as removable chips, a select to add
// one, and a drop zone for columns dragged from the datasource panel.
import type { ControlProps } from './types';
import { asArray, columnLabel } from './types';
import { dropTarget } from '../dragData';

export function ColumnControl({ ctl, value, datasource, onChange, errorId }: ControlProps) {
  const chosen = asArray(value);
  const columns = (datasource?.columns ?? []).filter((c) => ctl.columnKind !== 'temporal' || c.is_dttm);
  const add = (name: string) => {
    if (!name) return;
    if (!ctl.multi) return onChange(name);
    if (!chosen.some((c) => columnLabel(c) === name)) onChange([...chosen, name]);
  };
  const remove = (i: number) => onChange(ctl.multi ? chosen.filter((_, j) => j !== i) : null);
  const known = new Set(columns.map((c) => c.column_name));
  return (
    <div className="dnd-zone" aria-label={`${ctl.label} drop zone`} {...dropTarget((item) => add(item.name), (item) => item.kind === 'column' && known.has(item.name))}>
      {chosen.map((c, i) => (
        <span key={`${columnLabel(c)}-${i}`} className="chip">
          {columnLabel(c)}
          <button type="button" className="chip__remove" aria-label={`Remove ${columnLabel(c)} from ${ctl.label}`} onClick={() => remove(i)}>
            ×
          </button>
        </span>
      ))}
      {(ctl.multi || chosen.length === 0) && (
        <select className="input input--small" aria-label={`Add ${ctl.label}`} aria-describedby={errorId} value="" onChange={(e) => add(e.target.value)}>
          <option value="">{`Drop columns here or click`}</option>
          {columns.map((c) => (
            <option key={c.column_name} value={c.column_name}>
              {c.verbose_name || c.column_name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}
