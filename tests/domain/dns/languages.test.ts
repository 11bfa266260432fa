// The DNS rules speak the language in use (issue 30): a record type's form, the table's headers and what is
// wrong with a value, in French and Kinyarwanda, with record types, TTL and the values typed left as they are.
import { afterAll, describe, expect, it } from 'vitest';
import { checkRecord, normalizeZoneName, parseZoneFile, recordFields, tableColumns } from '@/domain/dns';
import { formatNumber } from '@/domain/helpers/numbers';
import { setLocale } from '@/i18n/loader';

afterAll(async () => {
  await setLocale('en');
});

const labels = (type: Parameters<typeof recordFields>[0]) => recordFields(type).map((field) => field.label);
const refusal = (value: string) => {
  const checked = checkRecord({ type: 'MX', name: '@', value, priority: '' }, 'example.rw');
  return checked.ok ? null : checked.errors;
};

describe('the DNS rules in the language in use', () => {
  it('speak French', async () => {
    await setLocale('fr');
    expect(labels('SRV')).toEqual(['Service', 'Valeur', 'Priorité', 'Poids', 'Port']);
    expect(labels('A')).toEqual(["Nom d'hôte", 'Valeur', 'TTL']);
    expect(tableColumns('NS').map((column) => column.header)).toEqual([
      'Type',
      "Nom d'hôte",
      'Serveur de noms',
      'TTL',
    ]);
    expect(refusal('192.0.2.1')).toEqual({
      value:
        "Saisissez le nom d'hôte du serveur de messagerie, par exemple mail.example.com, et non son adresse IP (donnez à cet hôte un enregistrement A).",
      priority: 'Saisissez la priorité, par exemple 10 (les nombres les plus bas sont essayés en premier).',
    });
    expect(normalizeZoneName('example')).toEqual({
      ok: false,
      message: 'Un domaine compte au moins deux parties, comme example.rw.',
    });
    expect(formatNumber(10_000).replace(/\s/g, ' ')).toBe('10 000');
  });

  it('speak Kinyarwanda, numbers written as in Rwandan English', async () => {
    await setLocale('rw');
    expect(labels('MX')).toEqual(['Izina', 'Agaciro', 'Icyihutirwa']);
    expect(refusal('mail.example.com')).toEqual({
      priority: 'Andika icyihutirwa, nka 10 (imibare mito ni yo igeragezwa mbere).',
    });
    expect(parseZoneFile('www CH A 192.0.2.1', 'example.rw').refused[0]?.reason).toBe(
      'Inyandiko zo mu cyiciro IN gusa ni zo zishobora kwinjizwa; iyi ni iyo mu cyiciro CH.',
    );
    expect(formatNumber(10_000)).toBe('10,000');
  });
});
