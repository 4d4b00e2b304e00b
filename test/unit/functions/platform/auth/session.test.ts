import { describe, expect, it } from 'vitest';
import { checkSessionCsrf, cookie, readCookies, secondsLeft } from '../../../../../functions/platform/auth/session';

describe('session cookies', () => {
  it('reads cookies from the v2 cookies array or the Cookie header (first wins)', () => {
    expect(readCookies({ cookies: ['a=1', 'b=x%20y', 'a=2'] })).toEqual({ a: '1', b: 'x y' });
    expect(readCookies({ headers: { cookie: 'session=t; csrf_token=c' } })).toEqual({ session: 't', csrf_token: 'c' });
  });
  it('is HttpOnly and SameSite=Lax, and Secure except on plain local hosts', () => {
    expect(cookie('session', 'v', { host: 'localhost:8088', maxAgeSeconds: 5 })).toBe('session=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=5');
    expect(cookie('session', 'v', { host: 'abc.execute-api.eu-west-1.amazonaws.com' })).toBe('session=v; Path=/; HttpOnly; SameSite=Lax; Secure');
  });
  it('asks cookie-authenticated writes for the csrf cookie as X-CSRFToken, and no one else', () => {
    const cookies = { csrf_token: 'abc' };
    const check = (method: string, viaSession: boolean, headers: Record<string, string>) => () => checkSessionCsrf({ method, viaSession, cookies, headers });
    expect(check('POST', true, { 'x-csrftoken': 'abc' })).not.toThrow();
    expect(check('GET', true, {})).not.toThrow();
    expect(check('POST', false, {})).not.toThrow();
    expect(check('POST', true, {})).toThrow('The CSRF token is missing.');
    expect(check('DELETE', true, { 'x-csrftoken': 'abd' })).toThrow('The CSRF tokens do not match.');
  });
  it('keeps the session as long as its token', () => {
    const token = `h.${Buffer.from(JSON.stringify({ exp: 2000 })).toString('base64url')}.s`;
    expect(secondsLeft(token, 1_000_000)).toBe(1000);
    expect(secondsLeft('garbage', 0)).toBe(3600);
  });
});
