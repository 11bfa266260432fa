// A compute's status in words and colour; the in-between ones (provisioning, stopping…) say they are moving.
import type { ComputeStatus } from '@/contract/computes';
import { unreachableMeaning } from '@/domain/compute-lifecycle';
import { type MessageId, t, useT } from '@/i18n';
import { Badge, type BadgeTone } from '@/ui/badge';

/** Each status's word, its colour, and whether it is under way (the badge then ends in "…"). */
const shown: Record<ComputeStatus, { label: MessageId; tone: BadgeTone; moving?: true }> = {
  provisioning: { label: 'computes.status.provisioning', tone: 'warning', moving: true },
  running: { label: 'computes.status.running', tone: 'success' },
  stopping: { label: 'computes.status.stopping', tone: 'warning', moving: true },
  stopped: { label: 'computes.status.stopped', tone: 'neutral' },
  starting: { label: 'computes.status.starting', tone: 'warning', moving: true },
  rebooting: { label: 'computes.status.rebooting', tone: 'warning', moving: true },
  rebuilding: { label: 'computes.status.rebuilding', tone: 'warning', moving: true },
  resizing: { label: 'computes.status.resizing', tone: 'warning', moving: true },
  entering_rescue: { label: 'computes.status.enteringRescue', tone: 'warning', moving: true },
  rescue: { label: 'computes.status.rescue', tone: 'warning' },
  leaving_rescue: { label: 'computes.status.leavingRescue', tone: 'warning', moving: true },
  destroying: { label: 'computes.status.destroying', tone: 'danger', moving: true },
  destroyed: { label: 'computes.status.destroyed', tone: 'neutral' },
  error: { label: 'computes.status.error', tone: 'danger' },
  unreachable: { label: 'computes.status.unreachable', tone: 'danger' },
};

/** The status in a word or two ("Running", "Stopping"), as a filter lists it. */
export const statusLabel = (status: ComputeStatus) => t(shown[status].label);

export function ComputeStatusBadge({ status }: { status: ComputeStatus }) {
  useT();
  return (
    <Badge
      tone={shown[status].tone}
      data-status={status}
      title={status === 'unreachable' ? unreachableMeaning() : undefined}
    >
      {`${statusLabel(status)}${shown[status].moving ? '…' : ''}`}
    </Badge>
  );
}
