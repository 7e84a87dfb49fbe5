import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { Loading } from "./components/states";
import { Home } from "./views/home";
import { Layout } from "./views/layout";
import { SignIn } from "./views/sign-in";

// Views load on demand: the charts library is fetched only with the Overview.
const Overview = lazy(() => import("./views/overview"));
const Prompts = lazy(() => import("./views/prompts"));
const Runs = lazy(() => import("./views/runs"));
const Answers = lazy(() => import("./views/answers"));
const ApiKeys = lazy(() => import("./views/api-keys"));
const Billing = lazy(() => import("./views/billing"));
const CreateWorkspace = lazy(() => import("./views/create-workspace"));
// Insights views (sources, recommendations, reports, page evaluations).
const Recommendations = lazy(() => import("./views/recommendations"));
const Sources = lazy(() => import("./views/sources"));
// Team and settings views.
const Team = lazy(() => import("./views/team"));
// helper:sources (lazy imports)
// helper:prompts (lazy imports)
const PromptDetail = lazy(() => import("./views/prompt-detail"));
// helper:reports (lazy imports)
// helper:chat (lazy imports)
// helper:seo (lazy imports)
// helper:settings (lazy imports)
// helper:shell (lazy imports)

const page = (view: ReactNode) => (
  <Suspense fallback={<Loading what="the view" />}>{view}</Suspense>
);

export const router = createBrowserRouter([
  { path: "/login", element: <SignIn /> },
  {
    element: <Layout />,
    children: [
      { path: "/", element: <Home /> },
      { path: "/new", element: page(<CreateWorkspace />) },
      { path: "/w/:slug", element: page(<Overview />) },
      { path: "/w/:slug/prompts", element: page(<Prompts />) },
      { path: "/w/:slug/runs", element: page(<Runs />) },
      { path: "/w/:slug/answers", element: page(<Answers />) },
      { path: "/w/:slug/api-keys", element: page(<ApiKeys />) },
      { path: "/w/:slug/billing", element: page(<Billing />) },
      // Insights views.
      { path: "/w/:slug/recommendations", element: page(<Recommendations />) },
      { path: "/w/:slug/sources", element: page(<Sources />) },
      // Team and settings views.
      { path: "/w/:slug/team", element: page(<Team />) },
      // helper:sources (routes)
      // helper:prompts (routes)
      { path: "/w/:slug/prompts/:promptId", element: page(<PromptDetail />) },
      // helper:reports (routes)
      // helper:chat (routes)
      // helper:seo (routes)
      // helper:settings (routes)
      // helper:shell (routes)
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
