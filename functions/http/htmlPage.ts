// Headers of a page the API renders itself (the form login, a query posted to SQL Lab): HTML that is
// never cached, and a CSP allowing exactly its own inline script and style, by hash, and nothing else.
import { createHash } from 'node:crypto';
import { serverPageCsp } from '../../shared/resources/securityHeaders';

/** The CSP hash source of an inline element's text (without quotes): `sha256-<base64>`. */
export const sha256Source = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

export function htmlPageHeaders(inline: { scripts?: string[]; styles?: string[] } = {}): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': serverPageCsp({ scripts: inline.scripts?.map(sha256Source), styles: inline.styles?.map(sha256Source) }),
  };
}
