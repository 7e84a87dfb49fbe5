import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  ErrorBar,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { Schemas } from "../api";
import { formatAxisDay, formatShare, formatTooltipDay } from "../format";
import {
  bandKey,
  chartRows,
  formatChartValue,
  type ReportChartSpec,
  seriesKey,
  whiskerKey,
} from "../report-document";

type ShareOfVoice = Schemas["WorkspaceMetrics"]["shareOfVoice"];
type Series = Schemas["MetricsTimeSeries"]["series"];

const palette = ["#1d4ed8", "#b45309", "#047857", "#7c3aed", "#be123c", "#0e7490", "#4d7c0f"];

/** Share of voice per entity, in percent, with its 95% interval as whiskers. */
export function ShareOfVoiceChart({ entries }: { entries: ShareOfVoice }) {
  const data = entries.map((e) => ({
    entity: e.entity,
    share: e.value * 100,
    // Whiskers: distance below and above the point, as ErrorBar wants them.
    interval: [(e.value - e.ciLow) * 100, (e.ciHigh - e.value) * 100],
  }));
  return (
    <figure
      className="chart"
      aria-label="Share of voice per entity with 95% intervals (the table below has the numbers)"
    >
      <ResponsiveContainer width="100%" height={40 + entries.length * 36}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" domain={[0, 100]} unit="%" />
          <YAxis type="category" dataKey="entity" width={110} />
          <Tooltip formatter={(value) => formatShare(Number(value) / 100)} />
          <Bar dataKey="share" name="Share of voice" fill="#1d4ed8" isAnimationActive={false}>
            <ErrorBar
              dataKey="interval"
              width={6}
              strokeWidth={2}
              stroke="#111827"
              direction="x"
              isAnimationActive={false}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** The brand's composite per engine and day over the chosen range. */
export function CompositeTrend({ series }: { series: Series }) {
  const own = series.filter((s) => s.isSelf);
  const byDate = new Map<string, Record<string, number | string>>();
  for (const s of own)
    for (const p of s.points) {
      const row = byDate.get(p.date) ?? { date: p.date };
      if (p.responses > 0) row[s.engine] = Math.round(p.composite * 10) / 10;
      byDate.set(p.date, row);
    }
  const data = [...byDate.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  return (
    <figure className="chart" aria-label="The brand's composite score per engine and day">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={data} margin={{ left: 0, right: 16, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" minTickGap={24} tickFormatter={formatAxisDay} />
          <YAxis domain={[0, 100]} />
          <Tooltip labelFormatter={formatTooltipDay} />
          <Legend />
          {own.map((s, i) => (
            <Line
              key={s.engine}
              dataKey={s.engine}
              name={s.engine}
              stroke={palette[i % palette.length]}
              connectNulls
              dot={data.length < 2}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

/**
 * Any chart of a report document (`line` or `bar`, percent or number): each series in its
 * colour, its 95% interval as a shaded band (line) or whiskers (bar) when the report has one.
 */
export function ReportChart({ chart }: { chart: ReportChartSpec }) {
  const data = chartRows(chart);
  const unit = chart.unit === "percent" ? "%" : "";
  const domain: [number, number | "auto"] = chart.unit === "percent" ? [0, 100] : [0, "auto"];
  const format = (value: unknown) =>
    Array.isArray(value)
      ? value.map((v) => formatChartValue(Number(v), chart.unit)).join("–")
      : formatChartValue(Number(value), chart.unit);
  const label = `${chart.title} (the table below has the numbers)`;
  if (chart.kind === "bar")
    return (
      <figure className="chart" aria-label={label}>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} margin={{ left: 0, right: 16, top: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="x" minTickGap={8} tickFormatter={formatAxisDay} />
            <YAxis domain={domain} unit={unit} />
            <Tooltip formatter={format} labelFormatter={formatTooltipDay} />
            {chart.series.length > 1 && <Legend />}
            {chart.series.map((s, i) => (
              <Bar
                key={seriesKey(i)}
                dataKey={seriesKey(i)}
                name={s.name}
                fill={palette[i % palette.length]}
                isAnimationActive={false}
              >
                {s.low && s.high && (
                  <ErrorBar
                    dataKey={whiskerKey(i)}
                    width={6}
                    strokeWidth={2}
                    stroke="#111827"
                    isAnimationActive={false}
                  />
                )}
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      </figure>
    );
  return (
    <figure className="chart" aria-label={label}>
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart data={data} margin={{ left: 0, right: 16, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="x" minTickGap={24} tickFormatter={formatAxisDay} />
          <YAxis domain={domain} unit={unit} />
          <Tooltip formatter={format} labelFormatter={formatTooltipDay} />
          <Legend />
          {chart.series.map((s, i) =>
            s.low && s.high ? (
              <Area
                key={bandKey(i)}
                dataKey={bandKey(i)}
                name={`${s.name} (95% interval)`}
                stroke="none"
                fill={palette[i % palette.length]}
                fillOpacity={0.15}
                connectNulls
                isAnimationActive={false}
              />
            ) : null,
          )}
          {chart.series.map((s, i) => (
            <Line
              key={seriesKey(i)}
              dataKey={seriesKey(i)}
              name={s.name}
              stroke={palette[i % palette.length]}
              connectNulls
              // A day with data between empty days is a lone point: dots keep it visible.
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}

/**
 * A count per day for several series (one line each): rows are `{ date, [series]: count }`.
 * Shared by the daily series views (AI referral sessions per engine).
 */
export function DailyLinesChart({
  rows,
  series,
  label,
}: {
  rows: Array<Record<string, string | number>>;
  series: string[];
  label: string;
}) {
  return (
    <figure className="chart" aria-label={label}>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={rows} margin={{ left: 0, right: 16, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" minTickGap={24} tickFormatter={formatAxisDay} />
          <YAxis allowDecimals={false} />
          <Tooltip labelFormatter={formatTooltipDay} />
          <Legend />
          {series.map((name, i) => (
            <Line
              key={name}
              dataKey={name}
              name={name}
              stroke={palette[i % palette.length]}
              dot={rows.length < 2}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
