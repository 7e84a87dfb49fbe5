import { Link, useLocation } from "react-router";

/** Any app path no view answers: says so, and where to go instead. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section aria-labelledby="not-found-title" className="state empty">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        Nothing lives at <code>{pathname}</code>. The address may be mistyped, or the page moved.
      </p>
      <p>
        <Link to="/">Go to your workspace</Link>
      </p>
    </section>
  );
}
