// The dashboard's header: title, favorite star, published badge (a toggle for editors),
// certification, owners and last change; in view mode the edit button and the dashboard menu, in edit
// mode undo/redo, discard and save.
import { useSnapshot } from 'valtio';
import { canRedo, canUndo } from '../../../../../shared/dashboard/layout/index';
import { dashboardStore } from '../state/dashboardStore';
import { discardChanges, enterEditMode, redoLayout, undoLayout } from '../actions/layoutActions';
import { saveDashboard, toggleFavorite, togglePublished } from '../actions/saveDashboard';
import { DashboardMenu } from './DashboardMenu';

export function DashboardHeader({ onEditProperties }: { onEditProperties: () => void }) {
  const snap = useSnapshot(dashboardStore);
  const info = snap.info!;
  const { ui } = snap;
  return (
    <div className="dash-head">
      <div className="dash-head__title-row">
        <h1 className="dash-head__title">{info.title}</h1>
        <button type="button" className="dash-head__star" aria-pressed={ui.isStarred} aria-label={ui.isStarred ? 'Remove from favorites' : 'Add to favorites'} onClick={() => void toggleFavorite()}>
          {ui.isStarred ? '★' : '☆'}
        </button>
        {info.canEdit ? (
          <button type="button" className={`badge ${ui.isPublished ? 'badge--success' : 'badge--default'}`} aria-label={ui.isPublished ? 'Published: click to hide' : 'Draft: click to publish'} onClick={() => void togglePublished()}>
            {ui.isPublished ? 'Published' : 'Draft'}
          </button>
        ) : (
          <span className={`badge ${ui.isPublished ? 'badge--success' : 'badge--default'}`}>{ui.isPublished ? 'Published' : 'Draft'}</span>
        )}
        {info.certifiedBy && <span className="badge badge--info" title={info.certificationDetails ?? ''}>{`Certified by ${info.certifiedBy}`}</span>}
      </div>
      <p className="dash-head__meta">
        {info.owners.length > 0 && <span>{`Owners: ${info.owners.map((o) => `${o.first_name} ${o.last_name}`.trim()).join(', ')}`}</span>}
        {info.changedOnHumanized && <span>{`Modified ${info.changedOnHumanized}${info.changedByName ? ` by ${info.changedByName}` : ''}`}</span>}
      </p>
      <div className="dash-head__actions">
        {ui.editMode ? (
          <>
            <button type="button" className="button" onClick={undoLayout} disabled={!canUndo(snap.history as never)}>Undo</button>
            <button type="button" className="button" onClick={redoLayout} disabled={!canRedo(snap.history as never)}>Redo</button>
            <button type="button" className="button" onClick={discardChanges}>Discard</button>
            <button type="button" className="button button--primary" disabled={ui.dashboardIsSaving} onClick={() => void saveDashboard()}>
              {ui.dashboardIsSaving ? 'Saving…' : 'Save'}
            </button>
          </>
        ) : (
          <>
            {info.canEdit && (
              <button type="button" className="button button--primary" onClick={enterEditMode}>
                Edit dashboard
              </button>
            )}
            <DashboardMenu onEditProperties={onEditProperties} />
          </>
        )}
      </div>
    </div>
  );
}
