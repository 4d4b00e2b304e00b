import { describe, expect, it } from 'vitest';
import { isStandalone } from '../../../../frontend/src/app/standalone';

describe('standalone mode', () => {
  it('any standalone value other than 0/false hides the navigation', () => {
    // The router parses ?standalone=1 to the number 1; Superset also uses 2 and 3 (hide title too).
    for (const value of [1, '1', 2, 3, true, 'true']) expect(isStandalone(value)).toBe(true);
    for (const value of [undefined, null, '', 0, '0', false, 'false']) expect(isStandalone(value)).toBe(false);
  });
});
