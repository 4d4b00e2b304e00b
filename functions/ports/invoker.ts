// Names the calling function on every AWS request the functions' SDK clients send, when a host has set
// where that name comes from. The local cloud does: its functions share one process and one set of
// credentials, so its AWS endpoints learn from this header whose role to check, as AWS learns a call's
// role from its signature. In Lambda no source is set and requests go out unchanged.
import type { MiddlewareStack } from '@smithy/types';

export const INVOKER_HEADER = 'x-sqlscape-invoker';

type InvokerSource = () => string | undefined;
const nobody: InvokerSource = () => undefined;
let source: InvokerSource = nobody;

/** Where the name of the function making a call comes from (undefined: outside any function); none resets it. */
export function setInvokerSource(next: InvokerSource | undefined) {
  source = next ?? nobody;
}

/** Adds the invoker header to each request `client` builds (before signing, so a signature covers it). */
export function nameInvoker<C extends { middlewareStack: MiddlewareStack<any, any> }>(client: C): C {
  client.middlewareStack.add(
    (next) => async (args) => {
      const name = source();
      const request = args.request as { headers?: Record<string, string> } | undefined;
      if (name && request?.headers) request.headers[INVOKER_HEADER] = name;
      return next(args);
    },
    { step: 'build', name: 'sqlscapeInvoker', override: true },
  );
  return client;
}
