// A compute's words in the person's language and zone (issue 30): the lifecycle's refusals, the monitoring
// notes and axis times, a plan's size and the contract's refusals, in French and Kinyarwanda as the console
// shows them (the catalogs' consistency is tests/i18n/catalogs.test.ts).
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { hostnameSchema } from '@/contract/computes';
import { userDataProblem } from '@/contract/user-data';
import { backupRefusal } from '@/domain/backups';
import { powerActionRefusal, rebuildRefusal } from '@/domain/compute-lifecycle';
import { setTimeZone } from '@/i18n';
import { setLocale } from '@/i18n/loader';
import {
  formatPercent,
  timeTick,
} from '@/routes/_protected/_section/_team/computes/-components/metric-chart';
import { describeCoverage } from '@/routes/_protected/_section/_team/computes/-components/metrics-coverage';
import { planSize } from '@/routes/_protected/-components/compute/plan-size';

afterAll(async () => {
  setTimeZone('Africa/Kigali');
  await setLocale('en');
});

// 10:42:30 UTC, 12:42:30 in Kigali; the last point of the hour closes the minute 10:42 UTC.
const now = Date.parse('2026-11-27T10:42:30Z');
const lastHour = { readings: 0, stepSeconds: 60, timestamps: [Math.floor(now / 60_000) * 60] };
const plan = { vcpus: 2, memoryMb: 512, diskGb: 40 };
const refusal = (text: string) => {
  const checked = v.safeParse(hostnameSchema, text);
  return checked.success ? null : checked.issues[0].message;
};

describe('a compute’s words', () => {
  it('in French: refusals, notes and figures, with times in the person’s zone', async () => {
    await setLocale('fr');
    setTimeZone('Africa/Kigali');
    expect(powerActionRefusal('power_on', 'running')).toBe("L'instance est déjà en marche.");
    expect(powerActionRefusal('reboot', 'starting')).toBe(
      "L'instance démarre\u00a0; attendez qu'elle soit en marche pour la redémarrer.",
    );
    expect(rebuildRefusal('stopping')).toBe(
      "L'instance est en cours d'arrêt\u00a0; attendez qu'elle soit en marche ou arrêtée pour la réinstaller.",
    );
    expect(describeCoverage(lastHour, 'running', now).note).toBe(
      "Les mesures commencent dans la minute qui suit le démarrage de l'instance. La première est attendue vers 12:43.",
    );
    expect(timeTick(now / 1000, 3_600)).toBe('12:42');
    expect(formatPercent(4.25)).toBe('4,3 %');
    expect(planSize(plan)).toBe('2 vCPU · 512 MB · disque de 40 GB');
    expect(refusal('-web-')).toBe(
      "Utilisez des lettres, des chiffres et des traits d'union, en commençant et en finissant par une lettre ou un chiffre.",
    );
  });

  it('in Kinyarwanda, and in another zone when the person chose one', async () => {
    await setLocale('rw');
    setTimeZone('Europe/Paris');
    expect(powerActionRefusal('shutdown', 'stopped')).toBe('Mudasobwa isanzwe izimye.');
    expect(backupRefusal('resizing')).toBe(
      'Mudasobwa iri guhindurirwa ingano: kopi yo kwizigamira ikorwa kuri mudasobwa ikora cyangwa izimye; ongera ugerageze nibimara kuba bityo.',
    );
    expect(describeCoverage(lastHour, 'running', now).note).toBe(
      'Ibipimo bitangira kuboneka mu munota umwe mudasobwa imaze gufunguka. Igipimo cya mbere kiraboneka ahagana 11:43.',
    );
    expect(timeTick(now / 1000, 7 * 86_400)).toBe('27 Ugushyingo');
    expect(userDataProblem('#include\nhttps://example.com/\n')).toBe(
      '#include ntibyemewe hano. Tangira na "#cloud-config" (inyandiko ya YAML) cyangwa "#!" (skiripiti, nka #!/bin/sh).',
    );
  });
});
