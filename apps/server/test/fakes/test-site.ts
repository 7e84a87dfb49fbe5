import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Route = (req: IncomingMessage, res: ServerResponse, site: TestSite) => void;

export interface TestSite {
  port: number;
  /** `http://<host>:<port><path>` */
  url(path?: string): string;
  /** The requests seen: path and user-agent. */
  seen: Array<{ path: string; userAgent: string }>;
  close(): Promise<void>;
}

/** A local HTTP site for fetch tests: one handler per path, 404 otherwise. */
export async function startTestSite(
  routes: Record<string, Route>,
  host = "127.0.0.1",
): Promise<TestSite> {
  const seen: TestSite["seen"] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    seen.push({ path, userAgent: req.headers["user-agent"] ?? "" });
    const route = routes[path.split("?")[0] ?? "/"];
    if (route) route(req, res, site);
    else res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const site: TestSite = {
    port,
    url: (path = "/") => `http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return site;
}

export const html =
  (body: string, headers: Record<string, string> = {}, status = 200): Route =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
  };

export const text =
  (body: string, status = 200): Route =>
  (_req, res) => {
    res.writeHead(status, { "content-type": "text/plain" }).end(body);
  };

export const redirect =
  (location: string, status = 302): Route =>
  (_req, res) => {
    res.writeHead(status, { location }).end();
  };
