// New component ids like Superset's (`CHART-x7Yq2Lm9`).
import { idMaker } from '../../../../../shared/dashboard/layout/index';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export const makeId = idMaker(() => {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
});
