import { useQueryClient } from "@tanstack/react-query";
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useParams } from "react-router";
import { isSignedOut, sessionApi } from "../api";
import { ErrorNote, Loading } from "../components/states";
import { useMe, useWorkspaces } from "../hooks";

const sections = [
  { to: "", label: "Overview" },
  { to: "prompts", label: "Prompts" },
  { to: "runs", label: "Runs" },
  // Insights views.
  { to: "sources", label: "Sources" },
  { to: "recommendations", label: "Recommendations" },
  { to: "api-keys", label: "API keys" },
  { to: "billing", label: "Billing" },
  // Team and settings views.
  { to: "team", label: "Team" },
  // helper:reports (nav)
  // helper:chat (nav)
  { to: "chat", label: "Assistant" },
  // helper:seo (nav)
  // helper:settings (nav)
] as const;

/** The signed-in frame: brand, workspace switcher, sections, sign-out; the view below. */
export function Layout() {
  const me = useMe();
  const { slug } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workspaces = useWorkspaces(me.isSuccess);

  if (me.isPending) return <Loading what="your account" />;
  if (me.isError) {
    if (isSignedOut(me.error)) return <Navigate to="/login" replace state={{ from: location }} />;
    return <ErrorNote error={me.error} action="Could not reach GEO Pulse" />;
  }

  const signOut = async () => {
    await sessionApi.signOut();
    queryClient.clear();
    navigate("/login");
  };

  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="logo">
          GEO Pulse
        </Link>
        <label className="switcher">
          <span className="visually-hidden">Workspace</span>
          <select
            aria-label="Workspace"
            value={slug ?? ""}
            onChange={(event) =>
              navigate(event.target.value === "" ? "/new" : `/w/${event.target.value}`)
            }
          >
            {!slug && <option value="">Choose a workspace</option>}
            {workspaces.data?.map((w) => (
              <option key={w.slug} value={w.slug}>
                {w.displayName}
              </option>
            ))}
            {slug && <option value="">+ New workspace</option>}
          </select>
        </label>
        <span className="who">{me.data.user?.email}</span>
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      </header>
      {slug && (
        <nav aria-label="Sections" className="sections">
          {sections.map((s) => (
            <NavLink key={s.to} to={`/w/${slug}${s.to ? `/${s.to}` : ""}`} end>
              {s.label}
            </NavLink>
          ))}
        </nav>
      )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
