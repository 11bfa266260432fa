// The console's long-lived actors: created once at start-up, handed to routes through the router context.
import { type ActorRefFrom, createActor, type InspectionEvent } from 'xstate';
import { authMachine, type PendingEmail, type PendingPhone } from '@/machines/auth';
import { progressBarMachine } from '@/machines/progress-bar';
import { type ToastContent, toastMachine } from '@/machines/toast';
import { tooltipMachine } from '@/machines/tooltip';
import { socialSignInUrl } from '@/services/config';
import { loadedQueryClient } from '@/services/query-client';
import { hasSession, storeSession } from '@/services/session';
import { readStorage, removeStorage, writeStorage } from '@/services/storage';

export interface AppActors {
  progressBar: ActorRefFrom<typeof progressBarMachine>;
  toast: ActorRefFrom<typeof toastMachine>;
  tooltip: ActorRefFrom<typeof tooltipMachine>;
  auth: ActorRefFrom<typeof authMachine>;
}

export interface AppActorOptions {
  inspect?: ((event: InspectionEvent) => void) | undefined;
  /** Moves the console to another page (the router, once it exists). */
  navigate: (to: string) => void;
}

/** A verification left half-way (the page was reloaded), read back from storage. */
function pendingVerifications(): { email: PendingEmail | null; phone: PendingPhone | null } {
  const email = readStorage('email');
  const phone = readStorage('phoneNumber');
  const challenge = (pending: {
    challengeId: string;
    destination: string;
    expiresAt: string;
    resendAvailableAt: string;
  }) => ({
    challengeId: pending.challengeId,
    channel: 'email' as const,
    destination: pending.destination,
    expiresAt: pending.expiresAt,
    resendAvailableAt: pending.resendAvailableAt,
  });
  return {
    email: email && {
      address: email.address,
      purpose: email.purpose,
      name: email.name,
      challenge: challenge(email),
    },
    phone: phone && {
      country: phone.country,
      number: phone.number,
      challenge: { ...challenge(phone), channel: 'sms' },
    },
  };
}

let inspector: AppActorOptions['inspect'];

/** The inspector (development only), for actors created later, such as the live connection. */
export function appInspector(): AppActorOptions['inspect'] {
  return inspector;
}

/** A page's actor options with the inspector added (development only; nothing in production). */
export function withInspector<T extends object>(options?: T): T & { inspect: AppActorOptions['inspect'] } {
  return { ...(options ?? ({} as T)), inspect: inspector };
}

export function createAppActors({ inspect, navigate }: AppActorOptions): AppActors {
  inspector = inspect;
  const auth = authMachine.provide({
    actions: {
      rememberPendingEmail: (_, { pending }) =>
        writeStorage('email', {
          address: pending.address,
          purpose: pending.purpose,
          ...(pending.name ? { name: pending.name } : {}),
          challengeId: pending.challenge.challengeId,
          destination: pending.challenge.destination,
          expiresAt: pending.challenge.expiresAt,
          resendAvailableAt: pending.challenge.resendAvailableAt,
        }),
      rememberPendingPhone: (_, { pending }) =>
        writeStorage('phoneNumber', {
          country: pending.country,
          number: pending.number,
          challengeId: pending.challenge.challengeId,
          destination: pending.challenge.destination,
          expiresAt: pending.challenge.expiresAt,
          resendAvailableAt: pending.challenge.resendAvailableAt,
        }),
      storeSignIn: (_, { session }) => {
        storeSession(session);
        // Whatever the cache held belongs to the session before: the console reads it afresh.
        loadedQueryClient()?.clear();
      },
      finishSignIn: () => {
        const intended = readStorage('intendedPath');
        removeStorage('intendedPath');
        navigate(intended && !intended.startsWith('/auth') ? intended : '/overview');
      },
      redirectToProvider: (_, { provider }) => {
        writeStorage('lastUsedSocialLogin', provider);
        window.location.assign(socialSignInUrl(provider));
      },
    },
  });
  const actors: AppActors = {
    progressBar: createActor(progressBarMachine, { input: {}, inspect }),
    toast: createActor(toastMachine, { inspect }),
    tooltip: createActor(tooltipMachine, { inspect }),
    auth: createActor(auth, { input: { ...pendingVerifications(), hasSession: hasSession() }, inspect }),
  };
  for (const actor of Object.values(actors)) actor.start();
  return actors;
}

/** Shows a toast (replacing any visible one). */
export function showToast(actors: Pick<AppActors, 'toast'>, content: ToastContent): void {
  actors.toast.send({ type: 'toast.show', content });
}
