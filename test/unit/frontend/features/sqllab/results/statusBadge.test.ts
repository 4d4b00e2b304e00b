import { describe, expect, it } from 'vitest';
import { STATUS_BADGE } from '../../../../../../shared/constants';

describe('status badges', () => {
  it('Status badges: offline, failed, stopped are danger; pending, fetching are info; running is warning; success is success', () => {
    expect([STATUS_BADGE.offline, STATUS_BADGE.failed, STATUS_BADGE.stopped]).toEqual(['danger', 'danger', 'danger']);
    expect([STATUS_BADGE.pending, STATUS_BADGE.fetching]).toEqual(['info', 'info']);
    expect(STATUS_BADGE.running).toBe('warning');
    expect(STATUS_BADGE.success).toBe('success');
  });
});
