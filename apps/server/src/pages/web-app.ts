import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import express, { type NextFunction, type Request, type Response, type Router } from "express";

/**
 * The web dashboard's policy: its scripts and styles are files of this origin (Vite emits no
 * inline script), it calls only this origin's API, and no other site may frame it.
 */
export const webAppCsp =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "font-src 'self'; connect-src 'self'; manifest-src 'self'; form-action 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

/** The app's policy and frame refusal, on every file of the build (index.html however named). */
function appHeaders(res: Response): void {
  res.setHeader("Content-Security-Policy", webAppCsp);
  res.setHeader("X-Frame-Options", "DENY");
}

/**
 * Serves the web dashboard's build (apps/web/dist; docs/web.md): the hashed files under
 * /assets cached for a year, every other GET outside /api answered with index.html, so the
 * client's router draws the view. Every file, `/index.html` asked for by name included, gets
 * the app's CSP and `X-Frame-Options`; the root files keep the server's `no-store`. Null when
 * the directory holds no build: `/` then stays a JSON 404, as before the dashboard existed.
 */
export function webApp(dir: string): Router | null {
  const indexFile = join(dir, "index.html");
  if (!existsSync(indexFile)) return null;
  const index = readFileSync(indexFile);
  const router = express.Router();
  router.use(
    "/assets",
    express.static(join(dir, "assets"), {
      index: false,
      fallthrough: false,
      // The names carry a content hash: a new build has new names.
      setHeaders: (res) => {
        appHeaders(res);
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  router.use(express.static(dir, { index: false, cacheControl: false, setHeaders: appHeaders }));
  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path.startsWith("/api/")) {
      next();
      return;
    }
    appHeaders(res);
    res.type("html").send(index);
  });
  return router;
}
