import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * `pnpm dev`: Vite's dev server on :5173 sends /api to the API (GEO_API_URL, default the
 * server's :8080), so the session cookie stays same-origin as in production (docs/web.md).
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The server's CSP allows no inline script: keep the module preload polyfill in a file.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { "/api": process.env.GEO_API_URL ?? "http://127.0.0.1:8080" },
  },
});
