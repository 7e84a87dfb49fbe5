import { Link, Navigate } from "react-router";
import { Empty, ErrorNote, Loading } from "../components/states";
import { useWorkspaces } from "../hooks";

/** `/`: the newest workspace's overview, or the way to create the first one. */
export function Home() {
  const workspaces = useWorkspaces();
  if (workspaces.isPending) return <Loading what="your workspaces" />;
  if (workspaces.isError) return <ErrorNote error={workspaces.error} action="Workspaces" />;
  const first = workspaces.data[0];
  if (first) return <Navigate to={`/w/${first.slug}`} replace />;
  return (
    <Empty>
      <h1>Welcome to GEO Pulse</h1>
      <p>
        No workspace yet: <Link to="/new">create one</Link> for your brand and its competitors.
      </p>
    </Empty>
  );
}
