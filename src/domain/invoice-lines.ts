// How an invoice names the compute of each line: its hostname, and where two lines share one (a compute
// destroyed and made again under the same name), the start of its id too, so they can be told apart.

export function computeLabel(
  line: { computeId: string; hostname: string },
  lines: readonly { computeId: string; hostname: string }[],
): string {
  const shared = lines.some(
    (other) => other.hostname === line.hostname && other.computeId !== line.computeId,
  );
  return shared ? `${line.hostname} (${line.computeId.slice(0, 8)})` : line.hostname;
}
