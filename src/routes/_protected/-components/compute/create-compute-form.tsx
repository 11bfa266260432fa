// The /new-compute form: location, image, plan (the team's limits decide which are open), how to sign in,
// hostname, tags and user-data, with the price in the team's currency. Validated with the contract before
// sending (user-data also as it is typed).
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import * as v from 'valibot';
import { createComputeRequestSchema } from '@/contract/compute-requests';
import { type InstanceType, type Location, type OperatingSystem, tagSchema } from '@/contract/computes';
import { type Image, minDiskGbOf } from '@/contract/images';
import type { SshKey } from '@/contract/ssh-keys';
import type { Team, TeamLimits } from '@/contract/teams';
import { formatMoney, prepaidShortfall } from '@/domain/money';
import { tRich, useT } from '@/i18n';
import { type CreateComputeInput, createComputeRequest } from '@/services/computes.api';
import { Alert } from '@/ui/alert';
import { ApiCall } from '@/ui/api-call';
import { Button } from '@/ui/button';
import { ChoiceCards } from '@/ui/choice-cards';
import { EnterKey, TagInput } from '@/ui/tag-input';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
import { planSize } from './plan-size';
import { authenticationOf, type RootSignIn, RootSignInFields } from './root-sign-in-fields';
import { UserDataField } from './user-data-field';

export interface CatalogData {
  locations: Location[];
  operatingSystems: OperatingSystem[];
  instanceTypes: InstanceType[];
}

interface Props extends CatalogData {
  team: Team;
  limits: TeamLimits;
  /** The team's balance in minor units; null when the caller may not see billing (the server still checks). */
  balanceMinor: number | null;
  /** Saved SSH keys the caller may put on a compute of the team: theirs and those shared with it. */
  savedKeys: SshKey[];
  /** The team's available images, offered beside the catalog's. */
  teamImages?: Image[];
  submitting: boolean;
  serverErrors: Record<string, string>;
  message: string | null;
  onSubmit: (input: CreateComputeInput) => void;
}

/** The prefix of a team image's choice among the images (catalog ids never start with it). */
const TEAM_IMAGE = 'team-image:';

/** Contract issues keyed by the form's field names (authentication.publicKey → publicKey). */
function fieldErrorsOf(input: unknown): Record<string, string> {
  const result = v.safeParse(createComputeRequestSchema, input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    const field = path.startsWith('authentication') ? 'publicKey' : (path.split('.')[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

export function CreateComputeForm({
  team,
  limits,
  balanceMinor,
  savedKeys,
  teamImages = [],
  locations,
  operatingSystems,
  instanceTypes,
  submitting,
  serverErrors,
  message,
  onSubmit,
}: Props) {
  const t = useT();
  const [locationId, setLocationId] = useState(locations.find((l) => l.available)?.id ?? '');
  // The image chosen: a catalog operating system's id, or TEAM_IMAGE + a team image's id.
  const [osId, setOsId] = useState(operatingSystems[0]?.id ?? '');
  const teamImage = osId.startsWith(TEAM_IMAGE)
    ? teamImages.find((image) => image.id === osId.slice(TEAM_IMAGE.length))
    : undefined;
  const [planId, setPlanId] = useState(
    () =>
      instanceTypes.find(
        (type) =>
          (limits.maxVcpus === null || type.vcpus <= limits.maxVcpus) &&
          (balanceMinor === null || prepaidShortfall(balanceMinor, type.hourly[team.currency]) === 0),
      )?.id ??
      instanceTypes[0]?.id ??
      '',
  );
  const [signIn, setSignIn] = useState<RootSignIn>({ method: 'ssh-key', publicKey: '', keyIds: [] });
  const [hostname, setHostname] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [userData, setUserData] = useState('');
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...clientErrors };

  const plan = instanceTypes.find((candidate) => candidate.id === planId);
  const os = operatingSystems.find((candidate) => candidate.id === (teamImage?.operatingSystemId ?? osId));
  const location = locations.find((candidate) => candidate.id === locationId);
  const atLimit = limits.computes.limit !== null && limits.computes.used >= limits.computes.limit;
  const tooLarge = (type: InstanceType) => limits.maxVcpus !== null && type.vcpus > limits.maxVcpus;
  // The prepaid rule: a plan whose first hour the balance cannot cover is not open (server/billing/start-policy.ts).
  const unaffordable = (type: InstanceType) =>
    balanceMinor !== null && prepaidShortfall(balanceMinor, type.hourly[team.currency]) > 0;
  const suggestion =
    os && plan && location ? `${os.family}-${plan.vcpus}vcpu-${location.id}`.toLowerCase() : '';

  const input: CreateComputeInput = {
    hostname: hostname.trim() || suggestion,
    locationId,
    operatingSystemId: teamImage?.operatingSystemId ?? osId,
    ...(teamImage ? { imageId: teamImage.id } : {}),
    instanceTypeId: planId,
    authentication: authenticationOf(signIn),
    tags,
    // An empty field sends none; anything else is sent as typed (the contract says what is wrong with it).
    ...(userData.trim() === '' ? {} : { userData }),
  };
  // The command under the form repeats this request; the same key makes a second run answer the same compute.
  const [apiCallKey] = useState(() => crypto.randomUUID());

  const submit = () => {
    const found = fieldErrorsOf(input);
    if (plan && tooLarge(plan))
      found.instanceTypeId = t('computes.create.planTooLarge', { count: limits.maxVcpus! + 1 });
    else if (plan && unaffordable(plan))
      found.instanceTypeId = t('computes.create.planUnaffordable', {
        balance: formatMoney(balanceMinor ?? 0, team.currency),
        price: formatMoney(plan.hourly[team.currency], team.currency),
      });
    setClientErrors(found);
    if (Object.keys(found).length === 0) onSubmit(input);
  };

  return (
    <form
      noValidate
      className={grid({ gap: '6' })}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {limits.computes.limit !== null ? (
        <Alert tone={atLimit ? 'error' : 'info'}>
          {t('computes.create.used', { used: limits.computes.used, limit: limits.computes.limit })}{' '}
          {atLimit
            ? t('computes.create.atLimit')
            : t('computes.create.unverifiedLimits', {
                limit: limits.computes.limit,
                vcpus: (limits.maxVcpus ?? 7) + 1,
              })}
        </Alert>
      ) : null}
      <ChoiceCards
        legend={t('computes.list.location')}
        name="locationId"
        value={locationId}
        onChange={setLocationId}
        columns={3}
        error={errors.locationId}
        options={locations.map((l) => ({
          value: l.id,
          label: l.name,
          description: `${l.city} (${l.country})`,
          disabled: !l.available,
          disabledReason: l.available ? undefined : t('computes.create.locationFull'),
        }))}
      />
      <ChoiceCards
        legend={t('computes.overview.image')}
        name="operatingSystemId"
        value={osId}
        onChange={setOsId}
        columns={3}
        error={errors.operatingSystemId ?? errors.imageId}
        options={[
          ...operatingSystems.map((o) => ({ value: o.id, label: `${o.name} ${o.version}` })),
          ...teamImages.map((image) => ({
            value: `${TEAM_IMAGE}${image.id}`,
            label: image.name,
            description: t('computes.create.teamImage', { size: minDiskGbOf(image.virtualSizeBytes ?? 0) }),
          })),
        ]}
      />
      <ChoiceCards
        legend={t('computes.create.plan')}
        name="instanceTypeId"
        value={planId}
        onChange={setPlanId}
        help={t('computes.create.pricesHelp', { currency: team.currency })}
        error={errors.instanceTypeId}
        // Two wide columns: a plan's size and price each read on one line (its name says the same as its size).
        columns={2}
        options={instanceTypes.map((type) => ({
          value: type.id,
          label: planSize(type),
          aside: (
            <>
              {t('computes.price.perMonth', {
                price: formatMoney(type.monthly[team.currency], team.currency),
              })}
              <br />
              <Text as="span" variant="hint">
                {t('computes.price.perHour', {
                  price: formatMoney(type.hourly[team.currency], team.currency),
                })}
              </Text>
            </>
          ),
          disabled: tooLarge(type) || unaffordable(type),
          disabledReason: tooLarge(type)
            ? t('computes.create.needsVerified')
            : unaffordable(type)
              ? t('computes.create.balanceShort')
              : undefined,
        }))}
      />
      <RootSignInFields
        value={signIn}
        onChange={setSignIn}
        savedKeys={savedKeys}
        errors={errors}
        onKeyChecked={(problem) =>
          setClientErrors(({ publicKey: _, ...rest }) => (problem ? { ...rest, publicKey: problem } : rest))
        }
      />
      <TextField
        label={t('computes.create.hostname')}
        name="hostname"
        mono
        value={hostname}
        placeholder={suggestion}
        onChange={(event) => setHostname(event.target.value)}
        help={
          suggestion
            ? t('computes.create.hostnameHelp', { suggestion })
            : t('computes.create.hostnameHelpNoSuggestion')
        }
        error={errors.hostname}
      />
      <TagInput
        label={t('computes.tab.tags')}
        tags={tags}
        onChange={setTags}
        validate={(tag) => {
          const checked = v.safeParse(tagSchema, tag);
          return checked.success ? undefined : checked.issues[0].message;
        }}
        help={tRich('computes.create.tagsHelp', { key: <EnterKey /> })}
        error={errors.tags}
      />
      <UserDataField
        label={t('computes.create.userData')}
        value={userData}
        onChange={(text, problem) => {
          setUserData(text);
          setClientErrors(({ userData: _, ...rest }) => (problem ? { ...rest, userData: problem } : rest));
        }}
        help={t('computes.create.userDataHelp')}
        error={errors.userData}
      />
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div
        className={wrap({
          gap: '4',
          align: 'center',
          paddingTop: '2',
          borderTopWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        <p className={css({ flex: '1' })}>
          {plan
            ? tRich('computes.create.priceSummary', {
                monthly: <strong>{formatMoney(plan.monthly[team.currency], team.currency)}</strong>,
                hourly: formatMoney(plan.hourly[team.currency], team.currency),
              })
            : null}
        </p>
        <Button type="submit" variant="solid" loading={submitting} disabled={atLimit}>
          {t('computes.create.submit')}
        </Button>
      </div>
      <ApiCall request={createComputeRequest(team.id, input, apiCallKey)} />
    </form>
  );
}
