import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { gp, type Schemas } from "../api";
import { mapFieldErrors } from "../field-errors";
import { formatDate, formatMicrousd } from "../format";
import { dailyCron, timeOfDailyCron } from "../prompt-set";
import { Field } from "./field";
import { ErrorNote, Loading } from "./states";

type Preset = Schemas["RunPreset"];
const presetNames: Preset[] = ["smoke", "lite", "standard", "exa"];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The daily run schedule: set (time, time zone, preset), see the next run, or remove it. */
export function RunSchedulePanel({ slug }: { slug: string }) {
  const queryClient = useQueryClient();
  const queryKey = ["run-schedule", slug];
  const schedule = useQuery({ queryKey, queryFn: () => gp.runSchedule.get(slug) });
  const onSaved = (data: Schemas["RunSchedule"] | undefined) => {
    if (data) queryClient.setQueryData(queryKey, data);
    else void queryClient.invalidateQueries({ queryKey });
    // The precision plan's current design runs on the schedule's days.
    void queryClient.invalidateQueries({ queryKey: ["metrics-plan", slug] });
  };
  const save = useMutation({
    mutationFn: (body: Schemas["RunScheduleUpdate"]) => gp.runSchedule.put(slug, body),
    onSuccess: onSaved,
  });
  const remove = useMutation({
    mutationFn: () => gp.runSchedule.delete(slug),
    onSuccess: () => onSaved(undefined),
  });
  return (
    <article className="panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Schedule</h2>
      {schedule.isPending && <Loading what="the schedule" />}
      <ErrorNote error={schedule.error} action="Schedule" />
      {schedule.data && (
        <>
          <ScheduleSummary schedule={schedule.data} />
          <ScheduleForm
            key={`${schedule.data.cron}-${schedule.data.timezone}-${schedule.data.preset}-${schedule.data.confirmations.monthlyBudgetMicrousd}`}
            schedule={schedule.data}
            error={save.error}
            saving={save.isPending}
            onSave={(body) => save.mutate(body)}
          />
          {schedule.data.enabled && (
            <button type="button" disabled={remove.isPending} onClick={() => remove.mutate()}>
              Remove the schedule
            </button>
          )}
          <ErrorNote error={remove.error} action="Could not remove the schedule" />
        </>
      )}
    </article>
  );
}

function ScheduleSummary({ schedule }: { schedule: Schemas["RunSchedule"] }) {
  if (!schedule.enabled)
    return (
      <p className="state" data-testid="schedule-summary">
        No schedule: runs start only when you start them. Choose a daily time below.
      </p>
    );
  const time = timeOfDailyCron(schedule.cron);
  return (
    <div data-testid="schedule-summary">
      <p>
        A <strong>{schedule.preset}</strong> run every day{" "}
        {time ? `at ${time}` : `(cron ${schedule.cron})`} {schedule.timezone} time. Next run:{" "}
        <strong>{formatDate(schedule.nextRunAt)}</strong> (your time).
      </p>
      {schedule.lastRunAt && (
        <p className="hint">
          Last: {formatDate(schedule.lastRunAt)}, {schedule.lastOutcome ?? "no outcome recorded"}.
        </p>
      )}
      <p className="hint" data-testid="confirmation-budget">
        {schedule.confirmations.monthlyBudgetMicrousd === null
          ? "Confirmations of borderline changes: off."
          : `Confirmations of borderline changes: ${formatMicrousd(schedule.confirmations.spentThisMonthMicrousd)} of ${formatMicrousd(schedule.confirmations.monthlyBudgetMicrousd)} this month.`}
        {schedule.confirmations.lastOutcome ? ` Last: ${schedule.confirmations.lastOutcome}.` : ""}
      </p>
    </div>
  );
}

function ScheduleForm({
  schedule,
  error,
  saving,
  onSave,
}: {
  schedule: Schemas["RunSchedule"];
  error: unknown;
  saving: boolean;
  onSave: (body: Schemas["RunScheduleUpdate"]) => void;
}) {
  const [time, setTime] = useState(timeOfDailyCron(schedule.cron) ?? "06:00");
  const [timezone, setTimezone] = useState(schedule.timezone ?? browserZone());
  const [preset, setPreset] = useState<Preset>(schedule.preset ?? "smoke");
  const stored = schedule.confirmations.monthlyBudgetMicrousd;
  const [budget, setBudget] = useState(stored === null ? "" : String(stored / 1_000_000));
  const errors = mapFieldErrors(error, [
    "cron",
    "timezone",
    "preset",
    "confirmations.monthlyBudgetMicrousd",
  ]);
  const dollars = budget.trim() === "" ? null : Number(budget);
  const budgetValid =
    dollars === null || (Number.isFinite(dollars) && dollars >= 0 && dollars <= 10_000);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      cron: dailyCron(time),
      timezone: timezone.trim(),
      preset,
      confirmations: {
        monthlyBudgetMicrousd: dollars === null ? null : Math.round(dollars * 100) * 10_000,
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Daily schedule">
      <div className="row">
        <Field label="Time of day" errors={errors.byControl.cron}>
          {(props) => (
            <input
              {...props}
              type="time"
              value={time}
              required
              onChange={(e) => setTime(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Time zone"
          hint="IANA name, e.g. Europe/Madrid or UTC."
          errors={errors.byControl.timezone}
        >
          {(props) => (
            <input {...props} value={timezone} onChange={(e) => setTimezone(e.target.value)} />
          )}
        </Field>
        <Field label="Preset" errors={errors.byControl.preset}>
          {(props) => (
            <select {...props} value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
              {presetNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="Confirmation budget ($ a month)"
          hint="Extra answers that confirm borderline changes sooner. Empty: off."
          errors={
            budgetValid
              ? errors.byControl["confirmations.monthlyBudgetMicrousd"]
              : ["Dollars from 0 to 10,000."]
          }
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              value={budget}
              placeholder="off"
              onChange={(e) => setBudget(e.target.value)}
            />
          )}
        </Field>
      </div>
      {errors.unplaced.length === 0 && Object.keys(errors.byControl).length === 0 && (
        <ErrorNote error={error} action="Could not save the schedule" />
      )}
      {errors.unplaced.length > 0 && (
        <ul className="field-errors">
          {errors.unplaced.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="primary" disabled={saving || time === "" || !budgetValid}>
        {schedule.enabled ? "Update the schedule" : "Set the schedule"}
      </button>
      <p className="hint">
        Each scheduled run reserves credit like a manual one; a day the balance cannot cover is
        skipped, never queued.
      </p>
    </form>
  );
}
