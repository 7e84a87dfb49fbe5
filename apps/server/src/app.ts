import { AsyncResource } from "node:async_hooks";
import { withRequestPriority } from "@geopulse/db";
import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
import { pinoHttp } from "pino-http";
import type { AppContext } from "./context.js";
import { errors } from "./errors/app-error.js";
import { errorHandler } from "./errors/error-handler.js";
import { authenticate, requestAuth } from "./http/authenticate.js";
import { checkHost } from "./http/check-host.js";
import { contractValidator } from "./http/contract-validator.js";
import { guardInput } from "./http/guard-input.js";
import { mountOperations } from "./http/mount-operations.js";
import { requestIdFor } from "./http/request-id.js";
import { serializeError } from "./logger.js";
import { billingPage } from "./pages/billing-page.js";
import { contractScopes, devicePage } from "./pages/device-page.js";
import { sendPage } from "./pages/render-page.js";
import { signInPage } from "./pages/sign-in-page.js";
import { webApp } from "./pages/web-app.js";
import { handlers } from "./routes/index.js";

/** The policy of an answer that sets none of its own (JSON, errors): nothing may load or frame it. */
const defaultCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export interface CreateAppOptions {
  /** A contract validator built before (contractValidator()), shared with other servers. */
  contractValidator?: RequestHandler[];
}

/** Assembles the Express application; the order of the middleware is the request's path. */
export function createApp(ctx: AppContext, options: CreateAppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  // Routes match exactly as the contract's operation index does (http/operation-index.ts):
  // case-sensitive, and a trailing slash is another path. What authenticate matched and
  // authorized is then the route Express dispatches (mount-operations.ts checks it).
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
  app.set("query parser", "simple");
  // Every response is Cache-Control: no-store, so an ETag would never be revalidated; without
  // one, Express writes a small body with its headers in one write instead of a writev.
  app.set("etag", false);
  // req.ip is the socket address unless a configured proxy vouches for X-Forwarded-For.
  app.set("trust proxy", ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false);

  // The request's statements go ahead of background work's on the embedded database.
  app.use((_req: Request, _res: Response, next: NextFunction) => withRequestPriority(next));
  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const id = requestIdFor(req);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customAttributeKeys: { reqId: "requestId" },
      serializers: {
        req: (req: { id: string; method: string; url: string; raw: { res?: Response } }) => ({
          requestId: req.id,
          method: req.method,
          // authenticate() already matched the operation; match again only when it threw first.
          route:
            (req.raw.res && requestAuth(req.raw.res)?.operation.pathTemplate) ??
            ctx.operations.match(req.method, req.url.split("?")[0] ?? "")?.operation.pathTemplate ??
            "(unmatched)",
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    }),
  );

  // Hosted behind https: browsers keep to https for a year (not includeSubDomains: the
  // operator's other hosts are not ours to decide). A local install never sends it.
  const hsts =
    ctx.config.operatorMode === "hosted" && ctx.config.publicUrl.startsWith("https:")
      ? "max-age=31536000"
      : undefined;
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "no-referrer");
    // No answer of this origin is framed by another site. A page sets its own policy (with
    // frame-ancestors 'none' too), replacing this default one, which allows nothing.
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Content-Security-Policy", defaultCsp);
    if (hsts) res.setHeader("Strict-Transport-Security", hsts);
    next();
  });

  // Local mode answers only under its own names (421 misdirected_request): DNS rebinding.
  app.use(checkHost(ctx.config));

  // Browser pages outside the API (the contract covers /api only).
  app.get("/sign-in", (_req: Request, res: Response) => sendPage(res, signInPage));
  // The web dashboard (apps/web's build), when present: its files and its client routes, which
  // include device approval (/device) and Stripe Checkout's success_url and cancel_url
  // (/workspaces/<slug>/billing, services/billing/create-checkout-session.ts). Without a build,
  // small self-contained pages answer those two paths, so the CLI's login and a checkout's
  // return still work on an API-only server.
  const dashboard = webApp(ctx.config.webDir);
  if (dashboard) app.use(dashboard);
  else {
    const device = devicePage(contractScopes(ctx.openApiDocument));
    app.get("/device", (_req: Request, res: Response) => sendPage(res, device));
    app.get("/workspaces/:workspace/billing", (_req: Request, res: Response) =>
      sendPage(res, billingPage),
    );
  }

  // Who is calling, and may they, before anything reads the body.
  app.use(authenticate(ctx));

  // Bodies are read only for operations that declare one (anything else is left unread),
  // within GEO_BODY_LIMIT_BYTES. Webhooks are verified against their exact bytes, so they
  // keep the raw body; prompt imports also accept CSV, which their handler parses.
  const limit = ctx.config.bodyLimitBytes;
  const readRaw = express.raw({ type: () => true, limit });
  const readJson = express.json({
    limit,
    strict: true,
    type: ["application/json", "application/*+json"],
  });
  const readCsv = express.text({ type: "text/csv", limit });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const operation = requestAuth(res)?.operation;
    if (!operation?.requestBodyTypes) return next();
    // A body's last chunk arrives in the socket's callback: the request goes on in its own
    // async context (its statement priority), not the socket's.
    const resume = AsyncResource.bind(next);
    if (operation.pathTemplate.startsWith("/api/v1/webhooks/")) readRaw(req, res, resume);
    else
      readJson(req, res, (error?: unknown) => (error ? resume(error) : readCsv(req, res, resume)));
  });

  // Text the database cannot store, over-deep bodies and integers that are not (http/guard-input.ts).
  app.use(guardInput());

  app.use(
    options.contractValidator ??
      contractValidator({
        openApiDocument: ctx.openApiDocument,
        validateResponses: ctx.config.validateResponses,
      }),
  );

  mountOperations(app, ctx, handlers);

  app.use((_req: Request, _res: Response, next: NextFunction) => next(errors.notFound("Route")));
  app.use(errorHandler(ctx.logger));
  return app;
}
