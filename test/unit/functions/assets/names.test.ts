import { describe, expect, it } from 'vitest';
import { bundleStamp, secureFilename } from '../../../../functions/assets/names';

describe('secureFilename (werkzeug)', () => {
  it('joins words with "_" and drops characters outside [A-Za-z0-9_.-], as Superset names bundle files', () => {
    expect(secureFilename('Cars by origin (bar)')).toBe('Cars_by_origin_bar');
    expect(secureFilename('Max temperature by month')).toBe('Max_temperature_by_month');
    expect(secureFilename('../../etc/passwd')).toBe('etc_passwd');
    expect(secureFilename('Café crème')).toBe('Cafe_creme');
    expect(secureFilename('???')).toBe('');
  });
  it('stamps bundles as YYYYMMDDTHHMMSS', () => {
    expect(bundleStamp(Date.UTC(2026, 10, 24, 20, 9, 29, 353))).toBe('20261124T200929');
  });
});
