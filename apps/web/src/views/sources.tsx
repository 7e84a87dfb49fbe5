import { Link } from "react-router";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatDate, formatNumber } from "../format";
import { useMetrics, useSlug } from "../hooks";

/** Words for the metrics' domain classes (docs: owned, competitor, ugc, …). */
export const taxonomyLabels: Record<string, string> = {
  owned: "Your site",
  competitor: "Competitor",
  ugc: "Community (user-generated)",
  reference: "Reference",
  review: "Reviews",
  news: "News",
  social: "Social",
  other: "Other",
};

/** The domains the engines cite in the latest measured day's answers, with their class. */
export default function Sources() {
  const slug = useSlug();
  const metrics = useMetrics(slug);

  if (metrics.isPending) return <Loading what="the cited sources" />;
  if (metrics.isError) return <ErrorNote error={metrics.error} action="Sources" />;
  const { topCitedDomains, scoreboard } = metrics.data;

  return (
    <section aria-labelledby="sources-title">
      <h1 id="sources-title">Sources</h1>
      <article className="panel" aria-labelledby="domains-title">
        <h2 id="domains-title">Most cited domains</h2>
        {topCitedDomains.length === 0 ? (
          <Empty>
            No cited sources yet: they appear after a <Link to={`/w/${slug}/runs`}>run</Link> whose
            answers cite pages.
          </Empty>
        ) : (
          <>
            <p>
              In the answers of {formatDate(scoreboard.date)}, by the number of answers citing each
              domain (once per answer).
            </p>
            <div className="scroll">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Domain</th>
                    <th scope="col">Class</th>
                    <th scope="col">Answers citing it</th>
                  </tr>
                </thead>
                <tbody>
                  {topCitedDomains.map((d) => (
                    <tr key={d.domain}>
                      <td>{d.domain}</td>
                      <td>{taxonomyLabels[d.taxonomy] ?? d.taxonomy}</td>
                      <td>{formatNumber(d.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </article>
    </section>
  );
}
