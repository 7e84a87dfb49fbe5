import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { gp, type Schemas } from "../api";
import { formatMicrousd, formatNumber } from "../format";
import { Field } from "./field";
import { ErrorNote, Loading } from "./states";

type Plan = Schemas["MetricsPlan"];
type Design = Schemas["MetricsPlanDesign"];
interface Proposal {
  prompts?: number;
  repetitions?: number;
  runsPerWeek?: number;
}

/** "±4.1 pts" of a share. */
const points = (share: number, sign = "±") => `${sign}${formatNumber(share * 100, 1)} pts`;

/**
 * What the runs buy (GET .../metrics/plan): the precision of the brand's visibility and share
 * of voice per day and per week and the change the weekly test flags, with the credits a
 * month, beside a proposed number of prompts, repetitions and run days.
 */
export function PrecisionPlanPanel({ slug }: { slug: string }) {
  const [proposal, setProposal] = useState<Proposal>({});
  const plan = useQuery({
    queryKey: ["metrics-plan", slug, proposal],
    queryFn: () => gp.metrics.getPlan(slug, proposal),
  });
  return (
    <article className="panel" aria-labelledby="plan-title">
      <h2 id="plan-title">Precision and cost</h2>
      {plan.isPending && <Loading what="the plan" />}
      <ErrorNote error={plan.error} action="Precision" />
      {plan.data && <PlanTable plan={plan.data} />}
      <ProposalForm onPropose={setProposal} />
    </article>
  );
}

const metrics = [
  ["Visibility", (d: Design) => d.visibility],
  ["Share of voice", (d: Design) => d.shareOfVoice],
] as const;

function PlanTable({ plan }: { plan: Plan }) {
  const rows: Array<[string, Design]> = [["Now", plan.current]];
  if (plan.proposed) rows.push(["Proposed", plan.proposed]);
  return (
    <>
      <div className="scroll">
        <table className="stack" aria-label="Designs">
          <thead>
            <tr>
              <th scope="col">Design</th>
              <th scope="col">Prompts × repetitions × engines</th>
              <th scope="col">Runs a week</th>
              <th scope="col">Credits a month</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([name, d]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td data-label="Prompts × repetitions × engines">
                  {formatNumber(d.prompts)} × {d.repetitions} × {d.engines.length}
                </td>
                <td data-label="Runs a week">
                  {d.runsPerWeek}
                  {d.scheduled ? " (schedule)" : ""}
                </td>
                <td data-label="Credits a month">
                  at most {formatMicrousd(d.creditsPerMonthMicrousd)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint">
        {plan.basis === "history"
          ? `From your brand's last ${formatNumber(plan.historyDays)} days with answers${plan.shareOfVoiceBasis === "prior" ? " (share of voice from priors: too few answers name tracked entities)" : ""}.`
          : "From priors until your runs give a history."}{" "}
        Half-widths of 95% intervals; a change is detected with 80% power.
      </p>
      <div className="scroll">
        <table className="stack" aria-label="Precision">
          <thead>
            <tr>
              <th scope="col">Design</th>
              <th scope="col">Metric</th>
              <th scope="col">A day</th>
              <th scope="col">A week</th>
              <th scope="col">Detectable in a week</th>
            </tr>
          </thead>
          <tbody>
            {rows.flatMap(([name, d]) =>
              metrics.map(([metric, of]) => {
                const p = of(d);
                return (
                  <tr key={`${name}-${metric}`}>
                    <th scope="row">{name}</th>
                    <td data-label="Metric">{metric}</td>
                    <td data-label="A day">{points(p.dayHalfWidth)}</td>
                    <td data-label="A week">{points(p.weekHalfWidth)}</td>
                    <td data-label="Detectable in a week">
                      {p.weeklyDetectableChange === null
                        ? "not tested (too few run days)"
                        : points(p.weeklyDetectableChange, "")}
                    </td>
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Numbers typed by a person: an empty field proposes no change. */
function ProposalForm({ onPropose }: { onPropose: (p: Proposal) => void }) {
  const [text, setText] = useState({ prompts: "", repetitions: "", runsPerWeek: "" });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const proposal: Proposal = {};
    for (const key of ["prompts", "repetitions", "runsPerWeek"] as const) {
      if (text[key].trim() !== "") proposal[key] = Number(text[key]);
    }
    onPropose(proposal);
  };
  const fields = [
    ["prompts", "Prompts", 1, 10_000],
    ["repetitions", "Repetitions", 1, 10],
    ["runsPerWeek", "Runs a week", 1, 7],
  ] as const;
  return (
    <form onSubmit={submit} aria-label="Propose a design">
      <div className="row">
        {fields.map(([key, label, min, max]) => (
          <Field
            key={key}
            label={label}
            hint={`${min} to ${formatNumber(max)}; empty keeps today's`}
          >
            {(props) => (
              <input
                {...props}
                type="number"
                min={min}
                max={max}
                step={1}
                value={text[key]}
                onChange={(e) => setText({ ...text, [key]: e.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <button type="submit">Compare</button>
    </form>
  );
}
