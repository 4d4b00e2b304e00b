import { describe, expect, it } from 'vitest';
import { hidesNav, isStandalone } from '../../../../frontend/src/app/standalone';

describe('standalone mode', () => {
  it('any standalone value other than 0/false hides the navigation', () => {
    // The router parses ?standalone=1 to the number 1; Superset also uses 2 and 3 (hide title too).
    for (const value of [1, '1', 2, 3, true, 'true']) expect(isStandalone(value)).toBe(true);
    for (const value of [undefined, null, '', 0, '0', false, 'false']) expect(isStandalone(value)).toBe(false);
  });
});

describe('UI-config bitmask', () => {
  it('bit 4 hides the navigation; the other bits (1 title, 2 tabs, 8 chart controls) do not', () => {
    for (const value of [4, '4', 5, 6, 7, 12, 15]) expect(hidesNav(value)).toBe(true);
    for (const value of [undefined, null, '', 0, 1, 2, 3, 8, 11, 'x']) expect(hidesNav(value)).toBe(false);
  });
});
