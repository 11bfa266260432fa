// Waiting for a compute on a real host to reach a status. A compute that lands in error instead (when error
// is not what is awaited) fails the wait at once, with the compute's latest history events: the reason the
// driver gave, instead of a timeout minutes later that says only "still error".
import type { resourceManagerApi } from './resource-manager-api';
import { until } from './until';

type Api = ReturnType<typeof resourceManagerApi>;

export async function untilComputeStatus(
  api: Api,
  teamId: string,
  computeId: string,
  status: string,
  timeoutMs = 300_000,
): Promise<Awaited<ReturnType<Api>>> {
  const answer = await until(
    `compute ${computeId} to be ${status}`,
    () => api('GET', `/teams/${teamId}/computes/${computeId}`),
    (reply) => reply.body?.status === status || reply.body?.status === 'error',
    timeoutMs,
  );
  if (answer.body.status !== status) {
    const history = await api('GET', `/teams/${teamId}/computes/${computeId}/history`);
    const events = (history.body?.events ?? []).slice(0, 5);
    throw new Error(
      `compute ${answer.body.hostname} (${computeId}) went to error instead of ${status}; latest events: ${JSON.stringify(events)}`,
    );
  }
  return answer;
}
