// Flag pictures from the flag-icons package, bundled so the console shows them offline and on machines
// without an emoji font (where an emoji flag reads as two letters). Vite-only: it relies on import.meta.glob.

// Each SVG stays its own file, fetched only when an <img> shows it: `no-inline` keeps the 271 flags out
// of the JavaScript even if the build's inline limit is raised.
const files = import.meta.glob<string>(
  ['/node_modules/flag-icons/flags/4x3/??.svg', '/node_modules/flag-icons/flags/4x3/sh-{ac,ta}.svg'],
  { base: '/node_modules/flag-icons/flags/4x3', query: '?url&no-inline', import: 'default', eager: true },
);

/** Ascension and Tristan da Cunha have ISO codes of their own but are filed under Saint Helena. */
const fileCode: Record<string, string> = { 'sh-ac': 'AC', 'sh-ta': 'TA' };

const urlByCode = new Map(
  Object.entries(files).map(([path, url]) => {
    const file = path.replace(/^.*\//, '').replace(/\.svg$/, '');
    return [fileCode[file] ?? file.toUpperCase(), url];
  }),
);

/** flag-icons' "unknown" flag, for a code it has no picture for. */
const unknownFlag = urlByCode.get('XX') ?? '';

/** Whether there is a real flag picture for this alpha-2 code (any case). */
export function hasFlagImage(code: string): boolean {
  const upper = code.toUpperCase();
  return upper !== 'XX' && urlByCode.has(upper);
}

/** URL of the bundled 4:3 SVG flag for an alpha-2 code (any case); a neutral flag for unknown codes. */
export function flagImageUrl(code: string): string {
  return urlByCode.get(code.toUpperCase()) ?? unknownFlag;
}
