import { ActiveSetPanel } from "../components/prompts/active-set";
import { AddPromptForm } from "../components/prompts/add-prompt";
import { ImportPrompts } from "../components/prompts/import-prompts";
import { PromptTable } from "../components/prompts/prompt-table";
import { SuggestionsPanel } from "../components/prompts/suggestions";
import { Empty, ErrorNote, Loading } from "../components/states";
import { useSlug, useWorkspace } from "../hooks";

/** The prompt set: its quotas and active set, adding, importing, suggestions and each prompt. */
export default function Prompts() {
  const slug = useSlug();
  const workspace = useWorkspace(slug);
  return (
    <section aria-labelledby="prompts-title">
      <h1 id="prompts-title">Prompts</h1>
      <p>
        Runs ask the engines every active prompt. Open a prompt to see its visibility per engine and
        its answers.
      </p>
      <ActiveSetPanel slug={slug} />
      <PromptTable slug={slug} />
      {workspace.isPending && <Loading what="the workspace's languages" />}
      <ErrorNote error={workspace.error} action="Workspace" />
      {workspace.data?.languages.length === 0 && (
        <Empty>The workspace has no languages: add one in its settings to add prompts.</Empty>
      )}
      {workspace.data && workspace.data.languages.length > 0 && (
        <div className="grid-2">
          <AddPromptForm slug={slug} languages={workspace.data.languages} />
          <ImportPrompts slug={slug} languages={workspace.data.languages} />
        </div>
      )}
      <SuggestionsPanel slug={slug} />
    </section>
  );
}
