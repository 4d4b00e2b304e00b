// Files for the user: a blob saved under a name, and the server's export of a query's full result
// (a file, or a presigned link for one too large for a single answer, which the browser follows).
import { addDangerToast } from '../../toasts/toastStore';
import * as sqllabApi from '../api/sqllabApi';
import { describeError } from '../actions/queryActions';

export function downloadBlob(name: string, data: Blob) {
  const url = URL.createObjectURL(data);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const fileNameOf = (disposition: string | null, fallback: string) => /filename="?([^";]+)"?/.exec(disposition ?? '')?.[1] ?? fallback;

/** Downloads every row of the query's result as the server exports it. */
export async function downloadExport(clientId: string, format: 'csv' | 'xlsx'): Promise<void> {
  try {
    const res = await sqllabApi.exportResult(clientId, format);
    if ((res.headers.get('content-type') ?? '').startsWith('application/json')) {
      const { result_url: url } = (await res.json()) as { result_url: string };
      window.location.assign(url);
      return;
    }
    downloadBlob(fileNameOf(res.headers.get('content-disposition'), `sqllab_${clientId}.${format}`), await res.blob());
  } catch (error) {
    addDangerToast(describeError(error, `The ${format.toUpperCase()} file could not be made`).message);
  }
}
