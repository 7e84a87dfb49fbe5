import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type CreateAppOptions, createApp } from "./app.js";
import type { AppContext } from "./context.js";
import { type AppContextOptions, createAppContext } from "./create-app-context.js";
import { answerClientError } from "./http/client-error.js";

export type StartServerOptions = AppContextOptions & CreateAppOptions;

export interface RunningServer {
  url: string;
  ctx: AppContext;
  server: Server;
  /** Stops accepting, lets in-flight requests finish, stops workers, then closes the database. */
  close(): Promise<void>;
}

const drainTimeoutMs = 10_000;
/**
 * Idle keep-alive connections stay open longer than clients and load balancers keep them
 * (undici: the server's hint minus 2 s; load balancers often 60 s), so the client always
 * closes first. A server that closes first races the client's next request on that socket
 * (ECONNRESET), most of all after the event loop was busy and both timers expired at once.
 */
const keepAliveTimeoutMs = 65_000;

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const running = await createAppContext(options);
  const { ctx } = running;
  const app = createApp(ctx, { contractValidator: options.contractValidator });
  const server = app.listen(config.port, config.host);
  server.on("clientError", answerClientError(ctx.logger));
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Must exceed the keep-alive timeout, or an idle connection's next request can time out early.
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  // PORT=0 binds a free port: links must name the port actually bound.
  if (!config.publicUrlExplicit) {
    config.publicUrl = `http://localhost:${port}`;
    // Google's redirect must come back to the port bound, like every other link.
    if (config.googleOAuth)
      config.googleOAuth.redirectUri = `${config.publicUrl}/api/v1/connections/oauth/callback`;
  }
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    ctx,
    server,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
      await closed;
      clearTimeout(timer);
      await running.close();
    },
  };
}
