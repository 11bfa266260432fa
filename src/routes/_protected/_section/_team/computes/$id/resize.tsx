import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { flex, grid, hstack } from 'styled-system/patterns';
import { fromPromise } from 'xstate';
import { withInspector } from '@/app-actors';
import type { Compute } from '@/contract/computes';
import { planChangeRefusal } from '@/domain/compute-lifecycle';
import { formatMoney } from '@/domain/money';
import { can, whyNot } from '@/domain/permissions';
import { type MessageId, tRich, useT } from '@/i18n';
import {
  computeResizeMachine,
  type ResizeStep,
  resizeSteps,
  type StepProgress,
} from '@/machines/compute-resize';
import { planSize } from '@/routes/_protected/-components/compute/plan-size';
import { SectionHeading } from '@/routes/-components/page';
import { useRequestPowerAction, useResizeCompute } from '@/services/computes.mutations';
import { instanceTypesQuery } from '@/services/computes.queries';
import { Alert } from '@/ui/alert';
import { Badge, type BadgeTone } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ChoiceCards } from '@/ui/choice-cards';
import { Text } from '@/ui/text';
import { loadCompute, useCompute } from '../-components/use-compute';

// Resize: another plan (vCPUs and memory up or down, the disk only grows) as one flow, "power off → resize →
// power on", its steps and their progress shown; the plans that would shrink the disk are shown disabled.
export const Route = createFileRoute('/_protected/_section/_team/computes/$id/resize')({
  loader: async (args) => {
    await Promise.all([loadCompute(args), args.context.queryClient.ensureQueryData(instanceTypesQuery())]);
  },
  component: ComputeResizePage,
});

const STEP_LABEL: Record<ResizeStep, MessageId> = {
  powerOff: 'computes.resize.step.powerOff',
  resize: 'computes.resize.step.resize',
  powerOn: 'computes.resize.step.powerOn',
};

const PROGRESS: Record<StepProgress, { label: MessageId; tone: BadgeTone }> = {
  pending: { label: 'computes.resize.progress.pending', tone: 'neutral' },
  active: { label: 'computes.resize.progress.active', tone: 'warning' },
  done: { label: 'computes.resize.progress.done', tone: 'success' },
  failed: { label: 'computes.resize.progress.failed', tone: 'danger' },
};

function ComputeResizePage() {
  const t = useT();
  const { id } = Route.useParams();
  const { compute, team } = useCompute(id);
  const plans = useSuspenseQuery(instanceTypesQuery()).data.instanceTypes;
  const power = useRequestPowerAction(team.id, id);
  const resize = useResizeCompute(team.id, id);
  const actor = useActorRef(
    computeResizeMachine.provide({
      actors: {
        powerAction: fromPromise<Compute, { action: 'shutdown' | 'power_on' }>(({ input }) =>
          power.mutateAsync(input.action),
        ),
        resize: fromPromise<Compute, { instanceTypeId: string }>(({ input }) =>
          resize.mutateAsync(input.instanceTypeId),
        ),
      },
    }),
    withInspector(),
  );
  const snapshot = useSelector(actor, (s) => s);
  // The compute's status and plan arrive over the socket (or a refetch) and tell the machine where it is.
  useEffect(() => {
    actor.send({ type: 'compute.changed', status: compute.status, instanceTypeId: compute.instanceType.id });
  }, [actor, compute.status, compute.instanceType.id]);

  const { context } = snapshot;
  const mayManage = can(team.role, 'resources.manage');
  const editing = snapshot.hasTag('editing');
  const confirming = snapshot.hasTag('confirming');
  const underWay = snapshot.hasTag('busy');
  // The plan and the power-on choice hold still while the person confirms and while the flow runs.
  const locked = confirming || underWay;
  const steps = resizeSteps(snapshot);
  const chosen = plans.find((plan) => plan.id === context.planId);
  const current = compute.instanceType;

  return (
    <>
      <SectionHeading
        title={t('computes.tab.resize')}
        documentTitle={t('computes.page.documentTitle', {
          page: t('computes.tab.resize'),
          hostname: compute.hostname,
        })}
      />
      <div className={grid({ gap: '4', maxWidth: '48rem' })}>
        <p>{tRich('computes.resize.lead', { size: <strong>{planSize(current)}</strong> })}</p>
        {!mayManage ? <Text variant="muted">{whyNot('resources.manage')}</Text> : null}
        <ChoiceCards
          legend={t('computes.resize.newPlan')}
          name="instanceTypeId"
          value={context.planId}
          onChange={(planId) => actor.send({ type: 'plan.choose', planId })}
          help={t('computes.resize.pricesHelp', { currency: team.currency })}
          error={context.fieldError ?? undefined}
          columns={2}
          options={plans.map((plan) => {
            const refusal = planChangeRefusal(current, plan);
            return {
              value: plan.id,
              label: planSize(plan),
              aside: (
                <>
                  {t('computes.price.perMonth', {
                    price: formatMoney(plan.monthly[team.currency], team.currency),
                  })}
                  <br />
                  <Text as="span" variant="hint">
                    {t('computes.price.perHour', {
                      price: formatMoney(plan.hourly[team.currency], team.currency),
                    })}
                  </Text>
                </>
              ),
              disabled: refusal !== undefined || locked || !mayManage,
              disabledReason: plan.id === current.id ? t('computes.resize.itsPlanNow') : refusal,
            };
          })}
        />
        <label className={flex({ gap: '2', align: 'baseline' })}>
          <input
            type="checkbox"
            checked={context.powerOnAfter}
            disabled={!editing}
            onChange={(event) => actor.send({ type: 'powerOn.set', value: event.target.checked })}
          />
          {t('computes.resize.powerOnAfter')}
        </label>
        {context.message ? <Alert tone={context.message.tone}>{context.message.text}</Alert> : null}
        {confirming || underWay || snapshot.matches('done') || snapshot.matches('failed') ? (
          <section aria-label={t('computes.resize.steps')} className={grid({ gap: '3' })}>
            {confirming && chosen ? (
              <p>
                {tRich('computes.resize.confirmLead', {
                  hostname: <strong>{compute.hostname}</strong>,
                  size: <strong>{planSize(chosen)}</strong>,
                })}
              </p>
            ) : null}
            <ol className={grid({ gap: '2' })}>
              {steps.map(({ step, progress }) => (
                <li
                  key={step}
                  className={hstack({
                    gap: '4',
                    justify: 'space-between',
                    padding: '3',
                    borderWidth: '1px',
                    borderColor: 'border.default',
                    borderRadius: 'lg',
                    bg: 'bg.surface',
                  })}
                >
                  <span>{t(STEP_LABEL[step])}</span>
                  <Badge tone={PROGRESS[progress].tone}>{t(PROGRESS[progress].label)}</Badge>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <div className={hstack({ gap: '3', flexWrap: 'wrap' })}>
          {confirming ? (
            <>
              <Button onClick={() => actor.send({ type: 'resize.confirm' })}>
                {t('computes.resize.start')}
              </Button>
              <Button variant="outline" onClick={() => actor.send({ type: 'resize.cancel' })}>
                {t('computes.cancel')}
              </Button>
            </>
          ) : (
            <Button
              disabled={!mayManage || !editing || !chosen}
              loading={underWay}
              onClick={() => actor.send({ type: 'resize.start' })}
            >
              {t('computes.resize.resizeButton')}
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
