// The error body of every failed API call: RFC 9457 problem details, with per-field messages for forms.
import * as v from 'valibot';

export const fieldErrorSchema = v.object({
  /** Dotted path of the input field, as the form names it: `hostname`, `records.0.ttl`. */
  field: v.string(),
  message: v.string(),
});

export const problemSchema = v.object({
  type: v.optional(v.string(), 'about:blank'),
  title: v.string(),
  status: v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(599)),
  detail: v.optional(v.string()),
  instance: v.optional(v.string()),
  errors: v.optional(v.array(fieldErrorSchema)),
  /** Matches the X-Request-Id header and the server's log line, so a user can quote it to support. */
  requestId: v.optional(v.string()),
});

export type FieldError = v.InferOutput<typeof fieldErrorSchema>;
export type Problem = v.InferOutput<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
