import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for `vertexaisearch.cloud.google.com`: the Gemini API's grounding chunks link
 * `https://vertexaisearch.cloud.google.com/grounding-api-redirect/<opaque token>` (python-genai
 * issues 1322 and 1512), and a GET of one answers a 302 whose `Location` is the cited page.
 * Links expire (no documented period): a token this fake never issued, or one `expire`d,
 * answers 404. Every GET is counted by token, so tests see what was asked and what was cached.
 */
export class FakeGroundingRedirects {
  url = "";
  readonly hits = new Map<string, number>();
  /** TCP connections accepted so far (kept-alive clients reuse theirs). */
  connections = 0;
  private readonly targets = new Map<string, string>();
  private server: Server | undefined;

  /** A new redirect link to `target`, as a grounding chunk's `web.uri` carries it. */
  link(target: string): string {
    const token = randomBytes(24).toString("base64url");
    this.targets.set(token, target);
    return `${this.url}/grounding-api-redirect/${token}`;
  }

  /** The link answers 404 from now on (an expired grounding link). */
  expire(link: string): void {
    this.targets.delete(tokenOf(link));
  }

  /** GETs of this link so far. */
  hitsOf(link: string): number {
    return this.hits.get(tokenOf(link)) ?? 0;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const path = req.url ?? "";
      const token = path.startsWith("/grounding-api-redirect/") ? tokenOf(path) : "";
      this.hits.set(token, (this.hits.get(token) ?? 0) + 1);
      const target = req.method === "GET" ? this.targets.get(token) : undefined;
      if (target === undefined) {
        res.writeHead(404, { "content-type": "text/html; charset=UTF-8" });
        res.end("<!DOCTYPE html><title>Error 404 (Not Found)</title>");
        return;
      }
      res.writeHead(302, { location: target, "content-type": "text/html; charset=UTF-8" });
      res.end(`<HTML><BODY><A HREF="${target}">here</A>.</BODY></HTML>`);
    });
    this.server.on("connection", () => {
      this.connections += 1;
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  get port(): number {
    return Number(new URL(this.url).port);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function tokenOf(link: string): string {
  return link.slice(link.indexOf("/grounding-api-redirect/") + "/grounding-api-redirect/".length);
}
