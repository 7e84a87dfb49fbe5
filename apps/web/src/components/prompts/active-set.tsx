import { useQuery } from "@tanstack/react-query";
import { gp } from "../../api";
import { formatNumber, formatShare } from "../../format";
import { keys } from "../../hooks";
import { categoryLabel } from "../../prompt-set";
import { ErrorNote, Loading } from "../states";

/** The active set against its size and each category's quota. */
export function ActiveSetPanel({ slug }: { slug: string }) {
  const activeSet = useQuery({
    queryKey: [...keys.prompts(slug), "active-set"],
    queryFn: () => gp.prompts.getActiveSet(slug),
  });
  return (
    <article className="panel" aria-labelledby="active-set-title">
      <h2 id="active-set-title">Active set</h2>
      {activeSet.isPending && <Loading what="the active set" />}
      <ErrorNote error={activeSet.error} action="Active set" />
      {activeSet.data && (
        <>
          <p>
            <strong>{formatNumber(activeSet.data.activeCount)}</strong> of{" "}
            {formatNumber(activeSet.data.activeSetSize)} active prompts used (room for{" "}
            {formatNumber(activeSet.data.room)} more). Runs ask the active prompts.
          </p>
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Quota</th>
                  <th scope="col">Target</th>
                  <th scope="col">Active</th>
                  <th scope="col">Balance</th>
                </tr>
              </thead>
              <tbody>
                {activeSet.data.categories.map((c) => (
                  <tr key={c.category}>
                    <td data-label="Category">{categoryLabel(c.category)}</td>
                    <td data-label="Quota">{formatShare(c.quota)}</td>
                    <td data-label="Target">{formatNumber(c.target)}</td>
                    <td data-label="Active">{formatNumber(c.actual)}</td>
                    <td data-label="Balance">
                      {c.deficit > 0
                        ? `${formatNumber(c.deficit)} short`
                        : c.surplus > 0
                          ? `${formatNumber(c.surplus)} over`
                          : "on target"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </article>
  );
}
