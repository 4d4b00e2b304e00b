// Saving (overwrite PUT with the version the editor loaded; a stale version asks the user to confirm
// the overwrite, showing what differs; the URL then names the dashboard by its slug or id), save as
// (copy), publish and favorite toggles.
import { toPositionJson } from '../../../../../shared/dashboard/layout/index';
import { api } from '../../../api/client';
import { ApiError } from '../../../api/ApiError';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { dashboardStore } from '../state/dashboardStore';
import { changedFields, saveFailed, saveFinished, saveStarted, setPublished, setStarred } from '../state/dashboardState';

export const SAVE_ERROR = (message: string) => `Sorry, there was an error saving this dashboard: ${message}`;
export const SAVED = 'This dashboard was saved successfully.';
export const NO_PERMISSION = 'You do not have permission to edit this dashboard';

function payload() {
  const info = dashboardStore.info!;
  const metadata = { ...info.metadata, refresh_frequency: dashboardStore.ui.refreshFrequency, color_scheme: dashboardStore.ui.colorScheme ?? undefined };
  return {
    dashboard_title: info.title,
    slug: info.slug,
    css: info.css,
    certified_by: info.certifiedBy,
    certification_details: info.certificationDetails,
    owners: info.owners.map((o) => o.id),
    roles: info.roles.map((r) => r.id),
    position_json: JSON.stringify(toPositionJson(dashboardStore.history.present)),
    json_metadata: JSON.stringify(metadata),
  };
}

/**
 * After a save the address names the dashboard by its slug, or its id without one (Superset replaces
 * the URL the same way), keeping the query (native_filters_key...). Outside the router, as the filter
 * state key is: the dashboard on screen is the one just saved, nothing is to reload.
 */
function replaceDashboardPath(idOrSlug: string) {
  const url = new URL(window.location.href);
  const path = `/superset/dashboard/${encodeURIComponent(idOrSlug)}/`;
  if (url.pathname === path || !url.pathname.startsWith('/superset/dashboard/')) return;
  window.history.replaceState(window.history.state, '', `${path}${url.search}${url.hash}`);
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : error instanceof Error ? error.message : 'Sorry, an unknown error occurred');

export async function saveDashboard(options: { confirmed?: boolean } = {}): Promise<boolean> {
  const info = dashboardStore.info;
  if (!info) return false;
  dashboardStore.ui = saveStarted(dashboardStore.ui);
  const body = payload();
  try {
    const saved = await api.call('dashboard.update', {
      params: { pk: info.id },
      body: { ...body, last_modified_time: dashboardStore.ui.lastModifiedTime, overwrite_confirmed: options.confirmed === true },
    });
    dashboardStore.savedLayout = dashboardStore.history.present;
    dashboardStore.ui = saveFinished(dashboardStore.ui, saved.last_modified_time);
    dashboardStore.overwriteConfirm = null;
    replaceDashboardPath(body.slug || String(info.id));
    addSuccessToast(SAVED);
    return true;
  } catch (error) {
    dashboardStore.ui = saveFailed(dashboardStore.ui);
    if (error instanceof ApiError && error.status === 409) {
      const latest = await api.call('dashboard.get', { params: { pk: String(info.id) } });
      const theirs: Record<string, unknown> = { ...latest.result };
      dashboardStore.overwriteConfirm = { fields: changedFields(body, theirs), changedBy: String(theirs.changed_by_name ?? '') };
      return false;
    }
    addDangerToast(error instanceof ApiError && error.status === 403 ? NO_PERMISSION : SAVE_ERROR(messageOf(error)));
    return false;
  }
}

export function cancelOverwrite() {
  dashboardStore.overwriteConfirm = null;
}

export async function togglePublished() {
  const info = dashboardStore.info;
  if (!info) return;
  const next = !dashboardStore.ui.isPublished;
  try {
    const saved = await api.call('dashboard.update', { params: { pk: info.id }, body: { published: next } });
    dashboardStore.ui = { ...setPublished(dashboardStore.ui, next), lastModifiedTime: saved.last_modified_time };
    addSuccessToast(next ? 'This dashboard is now published' : 'This dashboard is now hidden');
  } catch (error) {
    addDangerToast(error instanceof ApiError && error.status === 403 ? 'You do not have permissions to edit this dashboard.' : SAVE_ERROR(messageOf(error)));
  }
}

export async function toggleFavorite() {
  const info = dashboardStore.info;
  if (!info) return;
  const next = !dashboardStore.ui.isStarred;
  try {
    await api.call(next ? 'dashboard.addFavorite' : 'dashboard.removeFavorite', { params: { pk: info.id } });
    dashboardStore.ui = setStarred(dashboardStore.ui, next);
  } catch {
    addDangerToast('There was an issue favoriting this dashboard.');
  }
}

/** Save as: a copy (POST /{pk}/copy/) with the current layout's metadata; returns the new id. */
export async function saveDashboardAs(title: string, duplicateSlices: boolean): Promise<number | null> {
  const info = dashboardStore.info;
  if (!info) return null;
  try {
    const copy = await api.call('dashboard.copy', {
      params: { pk: info.id },
      body: { dashboard_title: title, css: info.css, json_metadata: payload().json_metadata, duplicate_slices: duplicateSlices },
    });
    addSuccessToast(SAVED);
    return copy.result.id;
  } catch (error) {
    addDangerToast(SAVE_ERROR(messageOf(error)));
    return null;
  }
}
