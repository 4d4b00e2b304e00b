// What e2e files need besides the browser, in one place: the API called with a user's token (JSON in
// and out) and a fresh page signed in through the login form. The cloud, token and browser are read
// when a helper is called, since a file sets them in its beforeAll:
//   const { api, apiOk, signedIn } = e2eSession(() => ({ cloud, token, browser }));
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LocalCloud } from '../../support/localCloud';
import { signedIn as signInPage, type TestBrowser } from './browser';

export type Json = Record<string, any>;

export interface ApiInit extends Omit<RequestInit, 'headers'> {
  /** Sent as the JSON body. */
  json?: unknown;
  headers?: Record<string, string>;
}

/** An answer's status and JSON body (null when the body is empty or not JSON). */
export interface ApiAnswer {
  status: number;
  body: Json;
}

export interface SessionParts {
  cloud: LocalCloud;
  token?: string;
  browser?: TestBrowser;
}

export function e2eSession(parts: () => SessionParts) {
  /** The raw Response of an API call with the token (files, headers). */
  const fetchApi = (path: string, init: ApiInit = {}): Promise<Response> => {
    const { json, headers, ...rest } = init;
    const { cloud, token } = parts();
    return fetch(`${cloud.url}${path}`, {
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json', ...headers },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  };

  /** Status and JSON body of an API call, whatever the status. */
  const api = async (path: string, init: ApiInit = {}): Promise<ApiAnswer> => {
    const res = await fetchApi(path, init);
    const text = await res.text();
    let body: Json | null = null;
    try {
      body = text ? (JSON.parse(text) as Json) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body: body as Json };
  };

  /** The JSON body of an API call that must succeed (any 2xx). */
  const apiOk = async (path: string, init: ApiInit = {}): Promise<Json> => {
    const { status, body } = await api(path, init);
    expect(status, `${init.method ?? 'GET'} ${path}: ${JSON.stringify(body)?.slice(0, 300)}`).toBeLessThan(300);
    return body;
  };

  /** A new page signed in as the user, with no cookies or local storage left by an earlier test. */
  const signedIn = async (user = 'admin', password = 'admin'): Promise<Page> => {
    const { cloud, browser } = parts();
    if (!browser) throw new Error('e2eSession: no browser to open a page in');
    await browser.context.clearCookies();
    return signInPage(browser, cloud.url, user, password);
  };

  return { fetchApi, api, apiOk, signedIn };
}
