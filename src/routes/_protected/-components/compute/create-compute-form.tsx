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
import { formatMemory, formatMoney, prepaidShortfall } from '@/domain/money';
import { type CreateComputeInput, createComputeRequest } from '@/services/computes.api';
import { Alert } from '@/ui/alert';
import { ApiCall } from '@/ui/api-call';
import { Button } from '@/ui/button';
import { ChoiceCards } from '@/ui/choice-cards';
import { TagInput } from '@/ui/tag-input';
import { Text } from '@/ui/text';
import { TextField } from '@/ui/text-field';
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
  const [locationId, setLocationId] = useState(locations.find((l) => l.available)?.id ?? '');
  // The image chosen: a catalog operating system's id, or TEAM_IMAGE + a team image's id.
  const [osId, setOsId] = useState(operatingSystems[0]?.id ?? '');
  const teamImage = osId.startsWith(TEAM_IMAGE)
    ? teamImages.find((image) => image.id === osId.slice(TEAM_IMAGE.length))
    : undefined;
  const [planId, setPlanId] = useState(
    () =>
      instanceTypes.find(
        (t) =>
          (limits.maxVcpus === null || t.vcpus <= limits.maxVcpus) &&
          (balanceMinor === null || prepaidShortfall(balanceMinor, t.hourly[team.currency]) === 0),
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
      found.instanceTypeId = `Plans with ${limits.maxVcpus! + 1} or more vCPUs need a verified team.`;
    else if (plan && unaffordable(plan))
      found.instanceTypeId = `Your balance (${formatMoney(balanceMinor ?? 0, team.currency)}) does not cover this plan's first hour (${formatMoney(plan.hourly[team.currency], team.currency)}): add money first, or choose a smaller plan.`;
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
          {limits.computes.used} of {limits.computes.limit} computes.{' '}
          {atLimit
            ? 'Your team has reached the limit for unverified teams: verify the team in Settings to create more.'
            : `Unverified teams can run at most ${limits.computes.limit} computes and no plans with ${(limits.maxVcpus ?? 7) + 1} or more vCPUs.`}
        </Alert>
      ) : null}
      <ChoiceCards
        legend="Location"
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
          disabledReason: l.available ? undefined : 'Full for now: choose another location.',
        }))}
      />
      <ChoiceCards
        legend="Image"
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
            description: `Team image · ${minDiskGbOf(image.virtualSizeBytes ?? 0)} GB disk or more`,
          })),
        ]}
      />
      <ChoiceCards
        legend="Plan"
        name="instanceTypeId"
        value={planId}
        onChange={setPlanId}
        help={`Prices in ${team.currency}, per hour while the compute exists (running or stopped), capped at the monthly price.`}
        error={errors.instanceTypeId}
        // Two wide columns: a plan's size and price each read on one line (its name says the same as its size).
        columns={2}
        options={instanceTypes.map((t) => ({
          value: t.id,
          label: `${t.vcpus} vCPU${t.vcpus > 1 ? 's' : ''} · ${formatMemory(t.memoryMb)} · ${t.diskGb} GB disk`,
          aside: (
            <>
              {formatMoney(t.monthly[team.currency], team.currency)}/mo
              <br />
              <Text as="span" variant="hint">
                {formatMoney(t.hourly[team.currency], team.currency)}/h
              </Text>
            </>
          ),
          disabled: tooLarge(t) || unaffordable(t),
          disabledReason: tooLarge(t)
            ? 'Needs a verified team.'
            : unaffordable(t)
              ? 'Your balance does not cover its first hour.'
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
        label="Hostname"
        name="hostname"
        mono
        value={hostname}
        placeholder={suggestion}
        onChange={(event) => setHostname(event.target.value)}
        help={`Letters, digits and hyphens. Left empty, it is ${suggestion || 'suggested from your choices'}.`}
        error={errors.hostname}
      />
      <TagInput
        label="Tags"
        tags={tags}
        onChange={setTags}
        validate={(tag) => {
          const checked = v.safeParse(tagSchema, tag);
          return checked.success ? undefined : checked.issues[0].message;
        }}
        help="Optional: group computes, e.g. web, production. Press Enter to add."
        error={errors.tags}
      />
      <UserDataField
        label="User-data (optional)"
        value={userData}
        onChange={(text, problem) => {
          setUserData(text);
          setClientErrors(({ userData: _, ...rest }) => (problem ? { ...rest, userData: problem } : rest));
        }}
        help="Run by cloud-init at first boot, after your hostname, keys and network are set: a #cloud-config document or a script starting with #! (up to 64 KiB)."
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
          {plan ? (
            <>
              <strong>{formatMoney(plan.monthly[team.currency], team.currency)}</strong> a month at most (
              {formatMoney(plan.hourly[team.currency], team.currency)} an hour)
            </>
          ) : null}
        </p>
        <Button type="submit" variant="solid" loading={submitting} disabled={atLimit}>
          Create compute
        </Button>
      </div>
      <ApiCall request={createComputeRequest(team.id, input, apiCallKey)} />
    </form>
  );
}
