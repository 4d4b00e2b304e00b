// The header's chart actions: the favorite star (POST/DELETE /api/v1/chart/{pk}/favorites/) and the
// permalink (POST /api/v1/explore/permalink) copied to the clipboard.
import { api } from '../../../api/client';
import { addDangerToast, addSuccessToast } from '../../toasts/toastStore';
import { exploreStore } from '../state/exploreStore';

export async function refreshFavorite(): Promise<void> {
  const id = exploreStore.slice?.slice_id;
  if (!id) return;
  try {
    const answer = await api.call('chart.favoriteStatus', { q: [id] });
    exploreStore.isFavorite = answer.result.some((r) => r.id === id && r.value);
  } catch {
    exploreStore.isFavorite = false;
  }
}

export async function toggleFavorite(): Promise<void> {
  const id = exploreStore.slice?.slice_id;
  if (!id) return;
  const next = !exploreStore.isFavorite;
  try {
    await api.call(next ? 'chart.addFavorite' : 'chart.removeFavorite', { params: { pk: id } });
    exploreStore.isFavorite = next;
  } catch (error) {
    addDangerToast(error instanceof Error ? error.message : 'There was an issue favoriting this chart.');
  }
}

export async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('Sorry, your browser does not support copying.');
  }
}

export async function copyPermalink(): Promise<void> {
  try {
    const formData = exploreStore.slice ? { ...exploreStore.formData, slice_id: exploreStore.slice.slice_id } : exploreStore.formData;
    const answer = await api.call('explore.permalinkCreate', { body: { formData } });
    exploreStore.permalink = answer.url;
    await copyToClipboard(answer.url);
    addSuccessToast('Copied to clipboard!');
  } catch (error) {
    addDangerToast(error instanceof Error ? error.message : 'Sorry, something went wrong. Try again later.');
  }
}
