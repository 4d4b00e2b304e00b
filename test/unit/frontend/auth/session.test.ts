import { beforeEach, describe, expect, it } from 'vitest';
import {
  decodeClaims,
  endSession,
  getToken,
  isSignedIn,
  onSessionEnd,
  session,
  sessionFromToken,
  startSession,
  type SessionEndReason,
} from '../../../../frontend/src/auth/session';
import { safeNextPath } from '../../../../frontend/src/auth/login';

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('session', () => {
  beforeEach(() => endSession('logout'));

  it('reads username, user id and groups from the token claims (unicode safe)', () => {
    const state = sessionFromToken(jwt({ username: 'zoë', user_id: 7, 'cognito:groups': ['Admin', 'sql_lab'], exp: 4102444800 }));
    expect(state).toMatchObject({ username: 'zoë', userId: 7, roles: ['Admin', 'sql_lab'] });
    expect(sessionFromToken(jwt({ username: 'a', sub: '3', 'cognito:groups': 'Gamma sql_lab' })).roles).toEqual(['Gamma', 'sql_lab']);
  });

  it('treats malformed or expired tokens as signed out', () => {
    expect(decodeClaims('garbage')).toBeNull();
    expect(sessionFromToken('a.b@@.c').token).toBeNull();
    expect(sessionFromToken(jwt({ username: 'a', user_id: 1, exp: 1000 }), 2_000_000).token).toBeNull();
    expect(sessionFromToken(jwt({ username: 'a', user_id: 1, exp: 3000 }), 2_000_000).token).not.toBeNull();
  });

  it('start and end: the token is exposed to the client and listeners learn why it ended', () => {
    const reasons: SessionEndReason[] = [];
    const off = onSessionEnd((reason) => reasons.push(reason));
    const token = jwt({ username: 'admin', user_id: 1 });
    startSession(token);
    expect(getToken()).toBe(token);
    expect(isSignedIn()).toBe(true);
    expect(session.username).toBe('admin');
    endSession('expired');
    expect(getToken()).toBeNull();
    expect(isSignedIn()).toBe(false);
    startSession(token);
    endSession('logout');
    // A logout while already signed out tells nobody (no redirect loop).
    endSession('logout');
    off();
    expect(reasons).toEqual(['expired', 'logout']);
  });
});

describe('safeNextPath', () => {
  it('keeps in-app paths and refuses off-site or login targets', () => {
    expect(safeNextPath('/sqllab/?tab=2')).toBe('/sqllab/?tab=2');
    expect(safeNextPath('/superset/dashboard/7/')).toBe('/superset/dashboard/7/');
    expect(safeNextPath('https://evil.example/')).toBe('/sqllab/');
    expect(safeNextPath('//evil.example/')).toBe('/sqllab/');
    expect(safeNextPath('/login/?next=/x')).toBe('/sqllab/');
    expect(safeNextPath(undefined)).toBe('/sqllab/');
  });
});
