// The serial console of a compute, over its own WebSocket: /resource-manager/console/<computeId>?ticket=…
import * as v from 'valibot';

export const consolePath = (computeId: string) =>
  `/resource-manager/console/${encodeURIComponent(computeId)}`;

/** Close codes of a console socket after which reconnecting cannot help. */
export const ConsoleCloseCode = {
  /** The user is no longer a member of the compute's team. */
  accessEnded: 4003,
  /** The compute was destroyed, or has no console. */
  gone: 4004,
} as const;

export const consoleClientMessageSchema = v.variant('type', [
  /** Keystrokes and pasted text, as the terminal produced them. */
  v.object({ type: v.literal('input'), data: v.pipe(v.string(), v.maxLength(16_384)) }),
  v.object({
    type: v.literal('resize'),
    cols: v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(1000)),
    rows: v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(1000)),
  }),
]);

export const consoleServerMessageSchema = v.variant('type', [
  /** What the compute's serial port printed. */
  v.object({ type: v.literal('output'), data: v.string() }),
  /** The console is attached, or the compute changed state (powered off: nothing more will come). */
  v.object({ type: v.literal('status'), status: v.string(), message: v.optional(v.string()) }),
]);

export type ConsoleClientMessage = v.InferOutput<typeof consoleClientMessageSchema>;
export type ConsoleServerMessage = v.InferOutput<typeof consoleServerMessageSchema>;
