import { NavLink, useParams } from "react-router";
import { useSlug } from "../../hooks";
import { CompetitorsSection } from "./competitors";
import { ComplianceSection } from "./compliance";
import { ModelSection } from "./model";
import { ProfileSection } from "./profile";
import { SearchLocationSection } from "./search-location";
import { WorkspaceSection } from "./workspace";

const sections = [
  { to: "workspace", label: "Workspace", view: WorkspaceSection },
  { to: "profile", label: "Brand profile", view: ProfileSection },
  { to: "competitors", label: "Competitors and aliases", view: CompetitorsSection },
  { to: "model", label: "Model", view: ModelSection },
  { to: "compliance", label: "Compliance profile", view: ComplianceSection },
  { to: "local-search", label: "Local search", view: SearchLocationSection },
] as const;

/** Workspace settings, one section per address (/w/:slug/settings/<section>). */
export default function Settings() {
  const slug = useSlug();
  const { section = "workspace" } = useParams();
  const current = sections.find((s) => s.to === section) ?? sections[0];
  const View = current.view;
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <nav aria-label="Settings sections" className="settings-tabs">
        {sections.map((s) => (
          <NavLink
            key={s.to}
            to={`/w/${slug}/settings/${s.to}`}
            aria-current={s === current ? "page" : undefined}
            className={s === current ? "active" : undefined}
          >
            {s.label}
          </NavLink>
        ))}
      </nav>
      <View slug={slug} />
    </section>
  );
}
