// Copying to the clipboard with a "copied" marker that resets by itself.

/** How long the "Copied" marker stays before the button returns to its resting state. */
export const COPY_MARKER_RESET_MS = 2_000;

export type ClipboardWriter = (text: string) => Promise<void>;

const browserClipboard: ClipboardWriter = async (text) => {
  if (!navigator.clipboard?.writeText) throw new Error('This browser does not allow copying from the page.');
  await navigator.clipboard.writeText(text);
};

/**
 * Copies `text` and calls `onMarker(true)`, then `onMarker(false)` after `resetMs`.
 * Returns a function that cancels the pending reset (for unmounting).
 */
export async function copyWithMarker(
  text: string,
  onMarker: (copied: boolean) => void,
  {
    resetMs = COPY_MARKER_RESET_MS,
    write = browserClipboard,
  }: { resetMs?: number; write?: ClipboardWriter } = {},
): Promise<() => void> {
  await write(text);
  onMarker(true);
  const timer = setTimeout(() => onMarker(false), resetMs);
  return () => clearTimeout(timer);
}
