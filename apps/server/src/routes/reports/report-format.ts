import type { Request } from "express";
import { errors } from "../../errors/app-error.js";
import { type ReportFormat, reportMediaTypes } from "../../services/reports/render-report.js";

const formats = Object.keys(reportMediaTypes) as ReportFormat[];
const mediaTypes = formats.map((f) => reportMediaTypes[f]);

/**
 * The format a report read asks for: the `format` parameter, else the first
 * media type of `Accept` (by quality) a report has; no `Accept`, or `*\/*`:
 * JSON. An `Accept` naming none of them is `406 not_acceptable`.
 */
export function requestedFormat(format: ReportFormat | undefined, req: Request): ReportFormat {
  if (format) return format;
  const accepted = req.accepts(mediaTypes);
  if (accepted === false) throw errors.notAcceptable(mediaTypes);
  return formats[mediaTypes.indexOf(accepted)] ?? "json";
}
