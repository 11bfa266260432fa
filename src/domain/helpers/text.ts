import { t } from '@/i18n/state';

/** Replaces `<name>` tokens with the matching value; unknown tokens stay as they are. */
export function replaceTokens(template: string, values: Record<string, string | number>): string {
  return template.replace(/<([A-Za-z_][\w-]*)>/g, (token, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : token,
  );
}

/** Compares two strings ignoring case (and accents' case forms), as a person reading them would. */
export function equalsIgnoreCase(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

/** Formats a duration in milliseconds as whole seconds, rounded up: "1 second", "45 seconds". */
export function formatSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return t('duration.seconds', { count: seconds });
}

/** A wait in words: "45 seconds" under a minute, else whole minutes rounded up ("15 minutes"). */
export function formatWait(ms: number): string {
  if (ms < 60_000) return formatSeconds(ms);
  return t('duration.minutes', { count: Math.ceil(ms / 60_000) });
}
