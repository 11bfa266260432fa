/** Parses JSON text; empty or invalid text yields null (SPEC §8). */
export function parseJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
