import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useRef, useState } from "react";
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
  { to: "reports", label: "Reports" },
  { to: "page-evaluations", label: "Page evaluations" },
  // helper:chat (nav)
  { to: "chat", label: "Assistant" },
  // helper:seo (nav)
  { to: "seo", label: "SEO traffic" },
  { to: "connections", label: "Connections" },
  // helper:settings (nav)
  { to: "settings", label: "Settings" },
] as const;

/** The signed-in frame: brand, workspace switcher, sections, sign-out; the view below. */
export function Layout() {
  const me = useMe();
  const { slug } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workspaces = useWorkspaces(me.isSuccess);
  // The phone menu is open on the path where it was opened: any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !menuOpen) return;
    setMenuOpenAt(null);
    menuButton.current?.focus();
  };

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
        // At phone width the list hides behind the Menu button (styles/frame.css); wider, it wraps.
        <nav aria-label="Sections" className="sections" onKeyDown={closeOnEscape}>
          <button
            type="button"
            ref={menuButton}
            className="menu-button"
            aria-expanded={menuOpen}
            aria-controls="section-list"
            onClick={() => setMenuOpenAt(menuOpen ? null : location.pathname)}
          >
            Menu
          </button>
          <ul id="section-list" className={menuOpen ? "open" : undefined}>
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={`/w/${slug}${s.to ? `/${s.to}` : ""}`}
                  // Only Overview is exact: a section stays marked on its detail pages.
                  end={s.to === ""}
                  onClick={() => setMenuOpenAt(null)}
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
