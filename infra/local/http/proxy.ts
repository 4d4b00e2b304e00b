// Forwards a request to an emulator listening on a private port, streaming both ways.
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Proxy {
  forward(req: IncomingMessage, res: ServerResponse, options?: { dropHeaders?: string[] }): void;
  /** Drops pooled sockets, or the emulator's server.close() would wait for them forever. */
  close(): void;
}

export function proxyTo(port: number, name: string): Proxy {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  return {
    forward(req, res, { dropHeaders = [] } = {}) {
      const headers = { ...req.headers };
      for (const h of dropHeaders) delete headers[h];
      const upstream = request(
        { host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        console.error(`[local ${name}]`, error.message);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `${name} emulator unavailable` }));
      });
      req.pipe(upstream);
    },
    close: () => agent.destroy(),
  };
}
