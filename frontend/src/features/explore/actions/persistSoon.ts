// Control changes keep the unsaved state under the form_data_key a moment after the last change.
import { saveFormDataKey } from './formDataKey';

let timer: ReturnType<typeof setTimeout> | undefined;

export function scheduleFormDataKey(delayMs = 1000): void {
  clearTimeout(timer);
  timer = setTimeout(() => void saveFormDataKey(), delayMs);
}
