import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { router } from "./router";
// In this order: the base, the frame (nav, phone menu, stacked tables), then per-view rules.
import "./styles/base.css";
import "./styles/frame.css";
import "./styles/views.css";

const queryClient = new QueryClient({
  defaultOptions: {
    // A 4xx is an answer, not a network blip: say it at once instead of retrying.
    queries: { retry: (count, error) => count < 1 && !("status" in error), staleTime: 10_000 },
  },
});

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
