// What happened to the text with a phone code, where the code is asked for: sending, sent (the gateway took
// it; the embedded outbox never delivers, so "sent" is all it says), delivered (the network reported it
// reached the phone) or could not be delivered, with what to do. Asked of the server every 2 seconds until
// the delivery is final: the delivery report reaches whichever server Kannel calls, the database holds it.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CodeDelivery } from '@/contract/auth';
import { useT } from '@/i18n';
import type { codeEntryMachine } from '@/machines/code-entry';
import { fetchAppConfig } from '@/services/app-config.api';
import { fetchCodeDelivery } from '@/services/auth.api';
import { Alert } from '@/ui/alert';
import { Text } from '@/ui/text';

const POLL_MS = 2_000;

/**
 * The delivery of the text with this challenge's code, asked again every 2 s until it is final. A plain
 * effect rather than a query: the /auth pages load without the query cache (it comes with the signed-in area).
 */
export function useCodeDelivery(challengeId: string): CodeDelivery | undefined {
  const [delivery, setDelivery] = useState<CodeDelivery>();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const next = await fetchCodeDelivery(challengeId).catch(() => undefined);
      if (stopped) return;
      if (next) setDelivery(next);
      if (!isFinal(next)) timer = setTimeout(ask, POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [challengeId]);
  return delivery;
}

/** The operator's support address, for when texts do not arrive. */
function useSupportEmail(): string {
  const [email, setEmail] = useState('support@ikirere.local');
  useEffect(() => {
    let stopped = false;
    fetchAppConfig()
      .then((config) => {
        if (!stopped) setEmail(config.supportEmail);
      })
      .catch(() => {});
    return () => {
      stopped = true;
    };
  }, []);
  return email;
}

function isFinal(delivery: CodeDelivery | undefined): boolean {
  return delivery?.status === 'delivered' || delivery?.status === 'undelivered';
}

/** The text's state in words; `destination` is the number as the code form shows it. */
export function CodeDeliveryNote({
  delivery,
  destination,
  supportEmail,
}: {
  delivery: CodeDelivery | undefined;
  destination: string;
  /** Where to write when texts do not arrive (the operator's SUPPORT_EMAIL). */
  supportEmail: string;
}) {
  const t = useT();
  if (!delivery) return null;
  if (delivery.status === 'undelivered') {
    return (
      <Alert tone="error" title={t('auth.delivery.undeliveredTitle')}>
        {delivery.reason === 'network'
          ? t('auth.delivery.undeliveredNetwork', { destination, supportEmail })
          : t('auth.delivery.undeliveredGateway', { supportEmail })}
      </Alert>
    );
  }
  const words =
    delivery.status === 'delivered'
      ? t('auth.delivery.delivered', { destination })
      : delivery.status === 'sent'
        ? delivery.waitingForNetwork
          ? t('auth.delivery.sentBusy', { destination })
          : t('auth.delivery.sent', { destination })
        : delivery.retrying
          ? t('auth.delivery.retrying')
          : t('auth.delivery.sending');
  return (
    <Text as="p" variant="hint" role="status">
      {t('auth.delivery.note', { words })}
    </Text>
  );
}

/** The live state of the text with this challenge's code. */
export function LiveCodeDelivery({ challengeId, destination }: { challengeId: string; destination: string }) {
  const delivery = useCodeDelivery(challengeId);
  const supportEmail = useSupportEmail();
  return <CodeDeliveryNote delivery={delivery} destination={destination} supportEmail={supportEmail} />;
}

/** The delivery of the code a code form waits for (a new one after Send a new code). */
export function CodeEntryDelivery({ actor }: { actor: ActorRefFrom<typeof codeEntryMachine> }) {
  const challenge = useSelector(actor, (snapshot) => snapshot.context.challenge);
  return (
    <LiveCodeDelivery
      key={challenge.challengeId}
      challengeId={challenge.challengeId}
      destination={challenge.destination}
    />
  );
}
