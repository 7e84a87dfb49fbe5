import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { gp, type Schemas, sessionApi } from "../api";
import { ErrorNote, Loading } from "../components/states";
import { apiFieldErrors, mapFieldErrors } from "../field-errors";
import { formatDate } from "../format";
import { useManages } from "../hooks";
import { reportKeys } from "./reports";

type Frequency = "weekly" | "monthly";
type ReportType = Schemas["ReportType"];

/** The weekly or monthly report schedule: read, set (frequency and types), clear. */
export function ReportSchedulePanel({
  slug,
  catalog,
}: {
  slug: string;
  catalog: Schemas["ReportCatalogEntry"][];
}) {
  const queryClient = useQueryClient();
  // The schedule is for owners and admins to set or clear.
  const manages = useManages(slug);
  const schedule = useQuery({
    queryKey: reportKeys.schedule(slug),
    queryFn: () => gp.reportSchedule.get(slug),
  });
  const [frequency, setFrequency] = useState<Frequency>("weekly");
  const [types, setTypes] = useState<ReportType[]>([]);
  useEffect(() => {
    if (!schedule.data) return;
    setFrequency(schedule.data.frequency ?? "weekly");
    setTypes(schedule.data.types);
  }, [schedule.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportKeys.schedule(slug) });
  const save = useMutation({
    // No type ticked: the API's default, every type.
    mutationFn: () =>
      sessionApi.setReportSchedule(slug, { frequency, ...(types.length ? { types } : {}) }),
    onSuccess: refresh,
  });
  const clear = useMutation({
    mutationFn: () => sessionApi.clearReportSchedule(slug),
    onSuccess: refresh,
  });
  const errors = mapFieldErrors(save.error, ["frequency", "types"]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const toggle = (type: ReportType, on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  return (
    <article className="panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Report schedule</h2>
      {schedule.isPending && <Loading what="the report schedule" />}
      <ErrorNote error={schedule.error} action="Report schedule" />
      {schedule.data && (
        <p>
          {schedule.data.enabled
            ? `${schedule.data.frequency === "monthly" ? "Monthly" : "Weekly"}: next reports ${formatDate(schedule.data.nextReportAt)}, last ${formatDate(schedule.data.lastReportAt)}.`
            : "No schedule: set one to receive weekly or monthly reports (after scheduled runs every type is generated)."}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <fieldset className="inline">
          <legend>How often</legend>
          {(["weekly", "monthly"] as const).map((f) => (
            <label key={f} className="check">
              <input
                type="radio"
                name="report-frequency"
                value={f}
                checked={frequency === f}
                onChange={() => setFrequency(f)}
              />{" "}
              {f === "weekly"
                ? "Weekly (Mondays, the week before)"
                : "Monthly (the 1st, the month before)"}
            </label>
          ))}
          <FieldMessages messages={errors.byControl.frequency} />
        </fieldset>
        <fieldset className="inline">
          <legend>Which reports (none ticked: every type)</legend>
          {catalog.map((entry) => (
            <label key={entry.type} className="check">
              <input
                type="checkbox"
                checked={types.includes(entry.type)}
                onChange={(e) => toggle(entry.type, e.target.checked)}
              />{" "}
              {entry.title}
            </label>
          ))}
          <FieldMessages messages={errors.byControl.types} />
        </fieldset>
        {errors.unplaced.length > 0 && <FieldMessages messages={errors.unplaced} />}
        <div className="actions">
          <button type="submit" className="primary" disabled={!manages || save.isPending}>
            Save schedule
          </button>
          {manages && schedule.data?.enabled && (
            <button type="button" disabled={clear.isPending} onClick={() => clear.mutate()}>
              Clear schedule
            </button>
          )}
        </div>
        {apiFieldErrors(save.error).length === 0 && (
          <ErrorNote error={save.error} action="Could not save the schedule" />
        )}
        <ErrorNote error={clear.error} action="Could not clear the schedule" />
      </form>
    </article>
  );
}

function FieldMessages({ messages }: { messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <ul className="field-errors" role="alert">
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
