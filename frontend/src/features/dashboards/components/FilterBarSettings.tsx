// The filter bar's settings menu for editors (Superset's gear menu): the cross-filters toggle and the
// bar's orientation, each saved at once through the json_metadata PUT.
import { useSnapshot } from 'valtio';
import { DropdownMenu } from '../../../app/DropdownMenu';
import { announce } from '../../../app/announcer';
import { dashboardStore } from '../state/dashboardStore';
import { setCrossFiltersEnabled, setFilterBarOrientation, type FilterBarOrientation } from '../actions/filterSettings';

const ORIENTATIONS: [FilterBarOrientation, string][] = [
  ['VERTICAL', 'Vertical (Left)'],
  ['HORIZONTAL', 'Horizontal (Top)'],
];

export function FilterBarSettings() {
  const snap = useSnapshot(dashboardStore);
  const meta = snap.info?.metadata ?? {};
  const crossFilters = meta.cross_filters_enabled !== false;
  const orientation: FilterBarOrientation = meta.filter_bar_orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL';
  return (
    <DropdownMenu label="Settings" ariaLabel="Settings of the filter bar" align="end">
      {(close) => (
        <>
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={crossFilters}
            className="dropdown__item"
            onClick={() => {
              close();
              void setCrossFiltersEnabled(!crossFilters).then((ok) => ok && announce(`Cross-filtering ${crossFilters ? 'disabled' : 'enabled'}`));
            }}
          >
            Enable cross-filtering
          </button>
          <div role="group" aria-label="Orientation of filter bar">
          <p className="dropdown__header" aria-hidden="true">Orientation of filter bar</p>
          {ORIENTATIONS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="menuitemradio"
              aria-checked={orientation === value}
              className="dropdown__item"
              onClick={() => {
                close();
                if (value !== orientation) void setFilterBarOrientation(value).then((ok) => ok && announce(`Filter bar ${label}`));
              }}
            >
              {label}
            </button>
          ))}
          </div>
        </>
      )}
    </DropdownMenu>
  );
}
