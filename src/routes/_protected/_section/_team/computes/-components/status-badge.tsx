// A compute's status in words and colour; the in-between ones (provisioning, stopping…) say they are moving.
import type { ComputeStatus } from '@/contract/computes';
import { UNREACHABLE_MEANING } from '@/domain/compute-lifecycle';
import { Badge, type BadgeTone } from '@/ui/badge';

const shown: Record<ComputeStatus, { label: string; tone: BadgeTone }> = {
  provisioning: { label: 'Provisioning…', tone: 'warning' },
  running: { label: 'Running', tone: 'success' },
  stopping: { label: 'Stopping…', tone: 'warning' },
  stopped: { label: 'Stopped', tone: 'neutral' },
  starting: { label: 'Starting…', tone: 'warning' },
  rebooting: { label: 'Rebooting…', tone: 'warning' },
  rebuilding: { label: 'Rebuilding…', tone: 'warning' },
  resizing: { label: 'Resizing…', tone: 'warning' },
  entering_rescue: { label: 'Entering rescue…', tone: 'warning' },
  rescue: { label: 'Rescue mode', tone: 'warning' },
  leaving_rescue: { label: 'Leaving rescue…', tone: 'warning' },
  destroying: { label: 'Destroying…', tone: 'danger' },
  destroyed: { label: 'Destroyed', tone: 'neutral' },
  error: { label: 'Error', tone: 'danger' },
  unreachable: { label: 'Host unreachable', tone: 'danger' },
};

export const statusLabel = (status: ComputeStatus) => shown[status].label.replace('…', '');

export function ComputeStatusBadge({ status }: { status: ComputeStatus }) {
  return (
    <Badge
      tone={shown[status].tone}
      data-status={status}
      title={status === 'unreachable' ? UNREACHABLE_MEANING : undefined}
    >
      {shown[status].label}
    </Badge>
  );
}
