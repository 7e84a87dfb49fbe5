import express, { type Express, type NextFunction, type Request, type Response } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { pinoHttp } from "pino-http";
import type { AppContext } from "./context.js";
import { errors } from "./errors/app-error.js";
import { errorHandler } from "./errors/error-handler.js";
import { authenticate } from "./http/authenticate.js";
import { mountOperations } from "./http/mount-operations.js";
import { requestIdFor } from "./http/request-id.js";
import { billingPage } from "./pages/billing-page.js";
import { devicePage } from "./pages/device-page.js";
import { sendPage } from "./pages/render-page.js";
import { signInPage } from "./pages/sign-in-page.js";
import { handlers } from "./routes/index.js";

/** Assembles the Express application; the order of the middleware is the request's path. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  // req.ip is the socket address unless a configured proxy vouches for X-Forwarded-For.
  app.set("trust proxy", ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false);

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
        req: (req: { id: string; method: string; url: string }) => ({
          requestId: req.id,
          method: req.method,
          route:
            ctx.operations.match(req.method, req.url.split("?")[0] ?? "")?.operation.pathTemplate ??
            "(unmatched)",
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    }),
  );

  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "no-referrer");
    next();
  });

  // Browser pages outside the API (the contract covers /api only).
  app.get("/sign-in", (_req: Request, res: Response) => sendPage(res, signInPage));
  app.get("/device", (_req: Request, res: Response) => sendPage(res, devicePage));
  // Stripe Checkout's success_url and cancel_url (services/billing/create-checkout-session.ts).
  app.get("/workspaces/:workspace/billing", (_req: Request, res: Response) =>
    sendPage(res, billingPage),
  );

  // Who is calling, and may they, before anything reads the body.
  app.use(authenticate(ctx));

  // Webhooks are verified against their exact bytes, so they keep the raw body.
  app.use("/api/v1/webhooks", express.raw({ type: () => true, limit: ctx.config.bodyLimitBytes }));
  app.use(
    express.json({
      limit: ctx.config.bodyLimitBytes,
      strict: true,
      type: ["application/json", "application/*+json"],
    }),
  );
  // Prompt imports accept CSV; the handler parses it.
  app.use(express.text({ type: "text/csv", limit: ctx.config.bodyLimitBytes }));

  app.use(
    OpenApiValidator.middleware({
      apiSpec: structuredClone(ctx.openApiDocument) as never,
      validateRequests: { allErrors: true, removeAdditional: false },
      validateResponses: ctx.config.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      validateFormats: true,
      ignoreUndocumented: false,
      // Webhook bodies are raw bytes checked by signature in their handler.
      ignorePaths: (path: string) =>
        !path.startsWith("/api/") || path.startsWith("/api/v1/webhooks/"),
    }),
  );

  mountOperations(app, ctx, handlers);

  app.use((_req: Request, _res: Response, next: NextFunction) => next(errors.notFound("Route")));
  app.use(errorHandler(ctx.logger));
  return app;
}
