import { lazy, type ReactNode, Suspense } from "react";
import { createBrowserRouter } from "react-router";
import { Loading } from "./components/states";
import { Home } from "./views/home";
import { Layout } from "./views/layout";
import { NotFound } from "./views/not-found";
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
const Reports = lazy(() => import("./views/reports"));
const ReportDetail = lazy(() => import("./views/report-detail"));
const PageEvaluations = lazy(() => import("./views/page-evaluations"));
const PageEvaluationDetail = lazy(() => import("./views/page-evaluation-detail"));
// helper:chat (lazy imports)
const Chat = lazy(() => import("./views/chat"));
// helper:seo (lazy imports)
const Connections = lazy(() => import("./views/connections"));
const Seo = lazy(() => import("./views/seo"));
// helper:settings (lazy imports)
const Settings = lazy(() => import("./views/settings/index"));
// helper:shell (lazy imports)
const Device = lazy(() => import("./views/device"));
const CheckoutReturn = lazy(() => import("./views/checkout-return"));

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
      { path: "/w/:slug/reports", element: page(<Reports />) },
      { path: "/w/:slug/reports/:reportId", element: page(<ReportDetail />) },
      { path: "/w/:slug/page-evaluations", element: page(<PageEvaluations />) },
      {
        path: "/w/:slug/page-evaluations/:evaluationId",
        element: page(<PageEvaluationDetail />),
      },
      // helper:chat (routes)
      // One route with an optional thread, so starting a thread keeps the view (and its stream).
      { path: "/w/:slug/chat/:threadId?", element: page(<Chat />) },
      // helper:seo (routes)
      { path: "/w/:slug/connections", element: page(<Connections />) },
      { path: "/w/:slug/seo", element: page(<Seo />) },
      // helper:settings (routes)
      { path: "/w/:slug/settings/:section?", element: page(<Settings />) },
      // helper:shell (routes)
      { path: "/device", element: page(<Device />) },
      // Stripe Checkout's success_url and cancel_url (the server's create-checkout-session).
      { path: "/workspaces/:slug/billing", element: page(<CheckoutReturn />) },
      { path: "*", element: <NotFound /> },
    ],
  },
]);
