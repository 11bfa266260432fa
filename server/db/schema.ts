// Tables of the reference server. A change here is followed by `npm run db:generate` (a new migration).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** Per-installation values the server generates once and keeps, such as the secret that signs tickets. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Identity ─────────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower-cased; the address codes are sent to. */
    email: text('email').notNull(),
    emailVerifiedAt: at('email_verified_at'),
    /** E.164 (+250788123456) once verified by SMS code; null until then. */
    phoneNumber: text('phone_number'),
    phoneVerifiedAt: at('phone_verified_at'),
    /** The language the console shows and the server writes in (rw, fr, en): Account settings. */
    locale: text('locale').notNull().default('en'),
    /** The IANA zone the person's dates and times are shown in: Account settings. */
    timeZone: text('time_zone').notNull().default('Africa/Kigali'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A number verified on one account cannot be verified on another; null (unverified) never collides.
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_number_unique').on(t.phoneNumber),
  ],
);

/** A social sign-in identity, keyed by (provider, subject): never matched by e-mail alone. */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** What the provider said at the last sign-in, for display only. */
    email: text('email'),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('identities_provider_subject_unique').on(t.provider, t.subject), index().on(t.userId)],
);

/** Opaque bearer sessions: only the SHA-256 of the 256-bit token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle expiry is last_seen_at plus the idle timeout. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index().on(t.userId)],
);

/** A person's authenticator app (server/identity/two-factor.ts): on once confirmed_at is set. */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret sealed with AES-256-GCM under a key derived from the installation secret. */
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: at('confirmed_at'),
  /** The last 30-second step a code was accepted for: the same code (or an older one) never works twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: at('created_at').notNull(),
});

/** Single-use recovery codes for two-factor sign-in; only an HMAC of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

/** A sign-in that proved its first factor and waits for the second (10 minutes, 5 tries). */
export const secondFactorChallenges = pgTable(
  'second_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    /** The WebAuthn challenge a passkey must sign for this sign-in, once the browser asked for one. */
    passkeyChallenge: text('passkey_challenge'),
  },
  (t) => [index('second_factor_challenges_user').on(t.userId)],
);

/**
 * A passkey or security key (WebAuthn, server/identity/passkeys.ts) a person signs in with as their second
 * factor: the public key only; the private key never leaves their device.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id the authenticator chose, base64url. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for passkeys that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Synced between devices (a passkey in a password manager) rather than bound to one key. */
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('passkeys_user').on(t.userId)],
);

/** A passkey registration the browser has been asked for and has not answered yet (5 minutes). */
export const passkeyRegistrations = pgTable('passkey_registrations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  challenge: text('challenge').notNull(),
  name: text('name').notNull(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * A saved SSH public key (server/computes/ssh-keys.ts): its owner's, optionally shared with one of their
 * teams, picked when creating a compute. One row per key and owner.
 */
export const sshKeys = pgTable(
  'ssh_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    fingerprint: text('fingerprint').notNull(),
    publicKey: text('public_key').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ssh_keys_user_fingerprint').on(t.userId, t.fingerprint),
    index('ssh_keys_team').on(t.teamId),
  ],
);

/**
 * A personal API token (server/identity/api-tokens.ts): acts for its user in the teams it names, within its
 * scopes per area (src/contract/api-tokens.ts), until it expires or is revoked. Only the secret's SHA-256
 * is kept.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The secret's first characters, shown to tell tokens apart. */
    prefix: text('prefix').notNull(),
    teamIds: uuid('team_ids').array().notNull(),
    /** TokenScopes: { computes, domains, billing, team }: none | read | read_write. */
    scopes: jsonb('scopes').$type<Record<string, string>>().notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_token_hash').on(t.tokenHash), index('api_tokens_user').on(t.userId)],
);

/**
 * A one-time code sent by e-mail or SMS. The id is the challenge the browser must present with the code,
 * which binds the code to the request that created it; only an HMAC of the code is stored.
 */
export const verificationChallenges = pgTable(
  'verification_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** signup | signin | phone | email-change */
    purpose: text('purpose').notNull(),
    /** email | sms */
    channel: text('channel').notNull(),
    /** The normalized address the code went to (lower-cased e-mail or E.164 number). */
    address: text('address').notNull(),
    /** Who asked for it (the client's address, null when unknown): send limits count per asker. */
    clientIp: text('client_ip'),
    codeHash: text('code_hash').notNull(),
    /** The account it acts on, when there is one (phone, email-change, sign-in to an existing account). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Purpose-specific data, e.g. the name given at sign-up. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (t) => [index().on(t.address, t.createdAt)],
);

/** Consecutive wrong codes per address, and the lock they lead to; a new code does not reset them. */
export const addressThrottles = pgTable('address_throttles', {
  address: text('address').primaryKey(),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  lockedUntil: at('locked_until'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A social sign-in in progress: single-use state, PKCE verifier and (OpenID) nonce, valid 10 minutes. */
export const oauthStates = pgTable('oauth_states', {
  id: uuid('id').primaryKey().defaultRandom(),
  stateHash: text('state_hash').notNull().unique(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce'),
  /** Hash of the cookie set on the browser that started the sign-in: the callback must come from it. */
  bindingHash: text('binding_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
});

/** Short-lived single-use tickets that let a signed-in browser open the WebSocket. */
export const socketTickets = pgTable('socket_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
});

/** Messages the embedded mail and SMS outboxes "sent": kept for the development mailbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** email | sms */
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/**
 * Every text message the server sends, whatever the gateway (server/drivers/sms): its state lives here, not
 * in one server's memory, so a send is retried a bounded number of times by whichever server claims it
 * first (never by two), and a delivery report may arrive at any server sharing the database.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The code this text carries, when it carries one: the console shows that code's delivery. */
    challengeId: uuid('challenge_id').references(() => verificationChallenges.id, { onDelete: 'cascade' }),
    /** E.164. */
    to: text('to').notNull(),
    /** Kept only until the gateway has taken the text (it may hold a code); null afterwards. */
    text: text('text'),
    /** outbox | kannel: the driver that sends it. */
    gateway: text('gateway').notNull(),
    /** queued | sending | sent | delivered | undelivered | failed (server/drivers/sms/sms-status.ts) */
    status: text('status').notNull(),
    /** Attempts to hand the text to the gateway so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When a queued text is next tried. */
    nextAttemptAt: at('next_attempt_at'),
    /** While sending: the claim of one server, which another may take over only after it lapses. */
    leaseUntil: at('lease_until'),
    /** Why the last attempt failed, or what the network said when it could not deliver. */
    error: text('error'),
    /** Whether the gateway said it holds the text until the SMS centre is back (Kannel's "3: Queued"). */
    heldByGateway: boolean('held_by_gateway').notNull().default(false),
    /** The SMS centre's id for the text, from its delivery report. */
    centreId: text('centre_id'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index().on(t.status, t.nextAttemptAt), index().on(t.challengeId)],
);

// ── Teams (the identity issue creates each new user's own team; the teams issue builds on these) ─────

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** RWF (default) or USD. */
  currency: text('currency').notNull().default('RWF'),
  /** UNVERIFIED | PENDING | VERIFIED | REJECTED | ADDITIONAL_INFO_REQUESTED */
  verificationStatus: text('verification_status').notNull().default('UNVERIFIED'),
  /** Set by the owner: members without two-factor sign-in are refused until they turn it on. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** OWNER | ADMIN | MEMBER */
    role: text('role').notNull(),
    /** ACTIVE | PENDING | INACTIVE */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_members_team_user_unique').on(t.teamId, t.userId),
    index().on(t.userId),
    // A team has exactly one owner: a transfer demotes the old one before it promotes the new one.
    uniqueIndex('team_members_one_owner').on(t.teamId).where(sql`role = 'OWNER'`),
  ],
);

// ── Teams issue: invitations, team verification and the audit log ─────────────────────────────────────

/**
 * An invitation by e-mail. It belongs to whoever holds a verified account with that address when they
 * read or accept it, so someone without an account signs up first and then finds it waiting.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Lower-cased, like users.email. */
    email: text('email').notNull(),
    /** MEMBER | ADMIN */
    role: text('role').notNull(),
    /**
     * PENDING | ACCEPTED | DECLINED | REVOKED | EXPIRED. A PENDING row past expires_at reads as EXPIRED;
     * it is written as EXPIRED only when a new invitation to the same address needs the place.
     */
    status: text('status').notNull().default('PENDING'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** When it was accepted, declined or revoked. */
    closedAt: at('closed_at'),
  },
  // One open invitation per address and team: a second one would be a second, confusing e-mail.
  (t) => [
    uniqueIndex('invitations_one_pending_per_address').on(t.teamId, t.email).where(sql`status = 'PENDING'`),
    index().on(t.email),
  ],
);

/** The details of a team's latest verification request (the status itself is teams.verification_status). */
export const teamVerifications = pgTable('team_verifications', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  registrationNumber: text('registration_number').notNull(),
  /** ISO 3166 alpha-2. */
  country: text('country').notNull(),
  address: text('address').notNull(),
  website: text('website'),
  note: text('note'),
  submittedAt: at('submitted_at').notNull(),
});

/** A document sent with a verification request; the bytes live in UPLOADS_DIR under storage_name. */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The name it was uploaded with, for display and the download's filename only. */
    name: text('name').notNull(),
    /** One of the SPEC §3 upload types, as detected from the content. */
    type: text('type').notNull(),
    size: integer('size').notNull(),
    /** Random, without extension: nothing about the file name reaches the file system. */
    storageName: text('storage_name').notNull().unique(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: at('uploaded_at').notNull(),
  },
  (t) => [index().on(t.teamId)],
);

/** Every status a team's verification went through, with the operator's message when there was one. */
export const verificationEvents = pgTable(
  'verification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, for a history that reads right even when two changes share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    message: text('message'),
    /** The message's id and values (server/i18n/stored-message.ts), translated when read; null on older rows. */
    messageId: text('message_id'),
    messageValues: jsonb('message_values').$type<Record<string, unknown>>(),
    /** The member who submitted; null for an operator's decision. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull(),
  },
  (t) => [index().on(t.teamId, t.seq)],
);

/**
 * Who changed what in a team, from where. team_id has no foreign key on purpose: the entries, the
 * team.deleted one included, outlive the team for whoever investigates later.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: "newest first" even for entries written in one transaction at the same instant. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    teamId: uuid('team_id').notNull(),
    /** null: the system or an operator command. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Dotted: team.renamed, member.role_changed, invitation.sent, verification.approved, … */
    action: text('action').notNull(),
    /** What it was done to, in words. */
    target: text('target'),
    /** When the target is words of ours ("invitation to …"): their message id and values, translated when read. */
    targetMessageId: text('target_message_id'),
    targetMessageValues: jsonb('target_message_values').$type<Record<string, unknown>>(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: at('at').notNull(),
  },
  (t) => [index().on(t.teamId, t.seq), index().on(t.teamId, t.at)],
);

// ── Computes ───────────────────────────────────────────────────────────────────────────────────────

/** A live compute's status is anything but this; destroyed rows stay for their history, never listed. */
const LIVE_COMPUTE = sql`status <> 'destroyed'`;

/**
 * A compute as the control plane knows it. The machine itself lives in the compute driver (the simulator
 * keeps its own table below); `status` is what the console shows and changes only in transactions that
 * also write the compute's history.
 */
export const computes = pgTable(
  'computes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    /** provisioning | running | stopping | stopped | starting | rebooting | destroying | destroyed | error */
    status: text('status').notNull(),
    locationId: text('location_id').notNull(),
    operatingSystemId: text('operating_system_id').notNull(),
    /** The plan as it was when the compute was made: its size and price stay with the compute. */
    instanceType: jsonb('instance_type').$type<Record<string, unknown>>().notNull(),
    vcpus: integer('vcpus').notNull(),
    ipv4: text('ipv4'),
    ipv6: text('ipv6'),
    /**
     * The reverse names (PTR) of ipv4 and ipv6, served in the reverse zones of the address blocks
     * (server/computes/reverse-dns); null: no PTR. They go with the compute when it is destroyed.
     */
    reverseIpv4: text('reverse_ipv4'),
    reverseIpv6: text('reverse_ipv6'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** ssh-key | password */
    authentication: text('authentication').notNull(),
    sshPublicKey: text('ssh_public_key'),
    sshKeyFingerprint: text('ssh_key_fingerprint'),
    /** scrypt of the generated root password; the password itself is only ever in the create answer. */
    rootPasswordHash: text('root_password_hash'),
    /** The port `ssh` must use when it is not 22 (a host that publishes guests through port forwards). */
    sshPort: integer('ssh_port'),
    /** kvm | emulated: how the hypervisor runs the machine; null on the simulator. */
    acceleration: text('acceleration'),
    /** The user-data (#cloud-config or a script) it was made with, as written; null when none. */
    userData: text('user_data'),
    /**
     * The team image (server/images) its disk was copied from; null: the catalog's operating system. No
     * foreign key: deleting the image leaves the computes made from it as they are.
     */
    imageId: uuid('image_id'),
    createdAt: at('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull(),
    destroyedAt: at('destroyed_at'),
    /**
     * Metering's cursor: the start of the next hour to look at (null: from created_at). Advanced with the
     * charges it posts, and past the rest of a month once the plan's monthly cap is reached, so the sweep
     * reads only computes with an hour due (server/billing/metering.ts).
     */
    nextMeterAt: at('next_meter_at'),
  },
  // Every list query filters on the team and the live rows: each sort has an index in its own order, so
  // a page of 100 out of 10,000 is read straight off an index.
  (t) => [
    uniqueIndex('computes_live_hostname_unique').on(t.teamId, t.hostname).where(LIVE_COMPUTE),
    index('computes_live_created').on(t.teamId, t.createdAt, t.id).where(LIVE_COMPUTE),
    // Status ascending, newest first within a status: the status sort's exact order.
    index('computes_live_status')
      .on(t.teamId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(LIVE_COMPUTE),
    index('computes_transitional')
      .on(t.status)
      .where(sql`status in ('provisioning', 'stopping', 'starting', 'rebooting', 'destroying')`),
    index('computes_meter_due').using('btree', sql`coalesce(${t.nextMeterAt}, ${t.createdAt})`),
  ],
);

/** What happened to a compute: who asked for what, when, and how it ended. */
export const computeEvents = pgTable(
  'compute_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    computeId: uuid('compute_id')
      .notNull()
      .references(() => computes.id, { onDelete: 'cascade' }),
    /** create, power_on, shutdown, power_off, reboot, destroy, tags, recovered, failed */
    action: text('action').notNull(),
    /** null: the system (the hypervisor, a restart). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** in-progress | succeeded | failed */
    result: text('result').notNull(),
    message: text('message'),
    /** The message's id and values (server/i18n/stored-message.ts), translated when read; null on older rows. */
    messageId: text('message_id'),
    messageValues: jsonb('message_values').$type<Record<string, unknown>>(),
    at: at('at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [index().on(t.computeId, t.seq)],
);

/**
 * Idempotency keys of creating requests (Idempotency-Key header), kept 24 hours: a repeated request with
 * the same key answers what the first one made instead of making another. The primary key is what makes
 * concurrent duplicates wait for, then find, the first one's result.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was used for, e.g. compute.create: the same key on another operation is refused. */
    scope: text('scope').notNull(),
    /** SHA-256 of the request body: the same key with another body is a client bug, refused. */
    requestHash: text('request_hash').notNull(),
    /** What the first request made. */
    resourceId: uuid('resource_id').notNull(),
    statusCode: integer('status_code').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.key] }), index().on(t.createdAt)],
);

/**
 * The hypervisor simulator's own machines (server/drivers/compute/simulator). A real hypervisor keeps
 * this state itself; the simulator keeps it here so a restart finds every machine where it was, and a
 * transition under way (with the time it is due) completes.
 */
export const simulatorMachines = pgTable('simulator_machines', {
  /** The compute's id: the driver keys machines by it. */
  id: uuid('id').primaryKey(),
  spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
  ipv4: text('ipv4').unique(),
  ipv6: text('ipv6').unique(),
  /** provisioning | running | stopped | error: where the machine rests when no transition runs. */
  state: text('state').notNull(),
  /** The transition under way, or null. */
  transition: text('transition'),
  transitionStartedAt: at('transition_started_at'),
  transitionDueAt: at('transition_due_at'),
  /** When the guest last finished booting, for uptime; null while off. */
  bootedAt: at('booted_at'),
  /** Running intervals [onMs, offMs | null] of the last 31 days: the metrics follow them. */
  powerLog: jsonb('power_log').$type<[number, number | null][]>().notNull().default(sql`'[]'::jsonb`),
  /** How the last transition ended: { transition, ok, message, at }. */
  lastOutcome: jsonb('last_outcome').$type<Record<string, unknown>>(),
  createdAt: at('created_at').notNull(),
});

/**
 * The libvirt driver's machines (server/drivers/compute/libvirt): which host each runs on and what it holds
 * there (its size for placement, its SSH forward), and the transition the driver is waiting for libvirt
 * to report. The domain itself, its state and its disks live on the host.
 */
export const libvirtMachines = pgTable(
  'libvirt_machines',
  {
    /** The compute's id, also the domain's UUID. */
    id: uuid('id').primaryKey(),
    /** The name of the host in LIBVIRT_HOSTS. */
    host: text('host').notNull(),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    vcpus: integer('vcpus').notNull(),
    memoryMb: integer('memory_mb').notNull(),
    diskGb: integer('disk_gb').notNull(),
    /** The host port forwarded to the guest's port 22 (user networking), or null. */
    sshPort: integer('ssh_port'),
    ipv4: text('ipv4'),
    ipv6: text('ipv6'),
    /** kvm | emulated */
    acceleration: text('acceleration').notNull(),
    /** provisioning | running | stopped | error: where the machine rests, as last seen. */
    state: text('state').notNull(),
    /** The transition under way, or null. */
    transition: text('transition'),
    transitionStartedAt: at('transition_started_at'),
    /** When a transition that libvirt has not confirmed is given up as failed. */
    transitionDeadline: at('transition_deadline'),
    lastOutcome: jsonb('last_outcome').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('libvirt_machines_host_ssh_port_unique').on(t.host, t.sshPort),
    // Bridged guests own their addresses; forwarded ones all share the address their host publishes.
    uniqueIndex('libvirt_machines_ipv4_unique').on(t.ipv4).where(sql`ssh_port is null`),
    uniqueIndex('libvirt_machines_ipv6_unique').on(t.ipv6).where(sql`ssh_port is null`),
  ],
);

/**
 * What the libvirt driver learned about a host (by its name in LIBVIRT_HOSTS) that must outlive a restart:
 * KVM advertised but failing (a guest paused or crashed as it started under it), so the host's guests run
 * in plain emulation from then on.
 */
export const libvirtHosts = pgTable('libvirt_hosts', {
  name: text('name').primaryKey(),
  /** Why KVM was given up on this host, as logged. */
  kvmFailure: text('kvm_failure').notNull(),
  kvmFailedAt: at('kvm_failed_at').notNull(),
});

/**
 * Hosts an operator drained (`npm run ops -- hosts drain <name>`): they take no new machines and their
 * stopped machines were moved to other hosts. Undraining deletes the row.
 */
export const libvirtHostDrains = pgTable('libvirt_host_drains', {
  name: text('name').primaryKey(),
  drainedAt: at('drained_at').notNull(),
});

/** One sample a minute of each running libvirt machine's usage, from `virsh domstats`, kept 31 days. */
export const libvirtSamples = pgTable(
  'libvirt_samples',
  {
    machineId: uuid('machine_id').notNull(),
    /** The minute the sample belongs to. */
    at: at('at').notNull(),
    /** Percent of the machine's vCPUs and of its memory. */
    cpu: doublePrecision('cpu').notNull(),
    memory: doublePrecision('memory'),
    /** Bytes per second over the minute; network null where libvirt has no counters (user networking). */
    diskRead: doublePrecision('disk_read').notNull(),
    diskWrite: doublePrecision('disk_write').notNull(),
    networkIn: doublePrecision('network_in'),
    networkOut: doublePrecision('network_out'),
  },
  (t) => [primaryKey({ columns: [t.machineId, t.at] }), index().on(t.at)],
);

// ── Domains and DNS ─────────────────────────────────────────────────────────────────────────────────

/**
 * A DNS zone a team hosts on our name servers. The name is unique across the whole server: a zone can
 * only be answered for by one team. `serial` is the SOA serial, increased in every transaction that
 * changes the zone (see server/domains/serial.ts).
 */
export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** ASCII (punycode), lowercase, no trailing dot. */
    name: text('name').notNull(),
    /** Unicode, for display and search. */
    displayName: text('display_name').notNull(),
    serial: bigint('serial', { mode: 'number' }).notNull(),
    /** pending | active | lost */
    delegationStatus: text('delegation_status').notNull().default('pending'),
    delegationCheckedAt: at('delegation_checked_at'),
    /** The NS names the resolver answered at the last check that got an answer. */
    delegationFound: text('delegation_found').array().notNull().default(sql`'{}'::text[]`),
    /** The DS records the parent zone published at the last check that got an answer (presentation form). */
    dsFound: text('ds_found').array().notNull().default(sql`'{}'::text[]`),
    /** When the parent was last asked for DS records and answered; null before. */
    dsCheckedAt: at('ds_checked_at'),
    createdAt: at('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('domains_name_unique').on(t.name), index('domains_team_name').on(t.teamId, t.name)],
);

/**
 * A record of a zone, in the canonical form of src/contract/domains.ts. The sort columns are what the
 * record table orders by (apex first, then name, type, value) so a page is read straight off an index;
 * sort_value is a prefix because a btree entry cannot hold a TXT record of several kilobytes.
 */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    /** SOA | A | AAAA | CNAME | TXT | MX | NS | SRV | CAA */
    type: text('type').notNull(),
    /** Relative to the zone, lowercase; '@' is the apex. */
    name: text('name').notNull(),
    value: text('value').notNull(),
    ttl: integer('ttl').notNull(),
    priority: integer('priority'),
    weight: integer('weight'),
    port: integer('port'),
    /** SOA and the apex NS of our name servers: kept by the server, never edited through the API. */
    managed: boolean('managed').notNull().default(false),
    version: integer('version').notNull().default(1),
    /**
     * Set while the record belongs to a zone file import being written in batches (zone_imports): it is
     * nobody's record until that import is applied; cleared once it is (see server/domains/zone-import.ts).
     */
    importId: uuid('import_id').references(() => zoneImports.id),
    sortName: text('sort_name').notNull().generatedAlwaysAs(sql`case when name = '@' then '' else name end`),
    sortValue: text('sort_value').notNull().generatedAlwaysAs(sql`left(value, 200)`),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('dns_records_order').on(t.domainId, t.sortName, t.type, t.sortValue, t.id),
    index('dns_records_type_order').on(t.domainId, t.type, t.sortName, t.sortValue, t.id),
    index('dns_records_import').on(t.importId).where(sql`import_id is not null`),
  ],
);

/**
 * A big zone file import: its records are written in batches with their import_id set (invisible), then one
 * short transaction sets applied_at and they are the zone's. An import never applied (its server stopped)
 * is removed with its records; an applied one is forgotten once its records' import_id is cleared.
 */
export const zoneImports = pgTable('zone_imports', {
  id: uuid('id').primaryKey(),
  domainId: uuid('domain_id')
    .notNull()
    .references(() => domains.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
  appliedAt: at('applied_at'),
});

/**
 * DNSSEC keys of a signed zone: one combined signing key (ECDSA P-256, algorithm 13), two while a key
 * rolls (both sign; the newer one is the key the parent's DS should name once the roll completes). The
 * private key is kept encrypted with a key derived from the installation secret (server/domains/dnssec).
 */
export const dnssecKeys = pgTable(
  'dnssec_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    algorithm: integer('algorithm').notNull(),
    flags: integer('flags').notNull(),
    keyTag: integer('key_tag').notNull(),
    /** The DNSKEY public key field, base64. */
    publicKey: text('public_key').notNull(),
    /** PKCS#8 private key sealed with AES-256-GCM: base64 of nonce, tag and ciphertext. */
    privateKey: text('private_key').notNull(),
    /** The DS records (SHA-256) the name server reports for this key, in presentation form. */
    ds: text('ds').array().notNull().default(sql`'{}'::text[]`),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('dnssec_keys_domain').on(t.domainId, t.createdAt)],
);

// ── Billing ────────────────────────────────────────────────────────────────────────────────────────

/**
 * A team's balance, cached: always the sum of its ledger entries, changed only under this row's lock in
 * the transaction that appends the entry (server/billing/ledger.ts). It also holds what the running-out
 * policy needs under the same lock: the alert threshold, whether an alert is due, and since when the
 * balance has been empty.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    teamId: uuid('team_id')
      .primaryKey()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** What the team can spend: the ledger's sum less the usage accrued and not posted yet (accruedMinor). */
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
    /** The open usage accruals' sum: taken off the balance as hours start, posted to the ledger at month end. */
    accruedMinor: bigint('accrued_minor', { mode: 'number' }).notNull().default(0),
    /** null: the currency's default (DEFAULT_LOW_BALANCE_THRESHOLD). */
    lowBalanceThresholdMinor: bigint('low_balance_threshold_minor', { mode: 'number' }),
    /** low | depleted: an e-mail to the owners is due for a crossing; cleared once sent. */
    alertDue: text('alert_due'),
    /** When a charge took the balance to zero or below; cleared when it is positive again. */
    depletedSince: at('depleted_since'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('billing_accounts_depleted').on(t.depletedSince).where(sql`depleted_since is not null`)],
);

/**
 * Append-only: every credit (top-up, adjustment) and charge (a compute's month of usage, tax) of a team, in
 * minor units of the currency it was made in. team_id has no foreign key on purpose: money records outlive
 * the team. balance_after is the ledger's running sum (usage still accruing is not in it yet).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: keyset pages and "newest first" even within one instant. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    teamId: uuid('team_id').notNull(),
    /** top_up | adjustment | charge */
    kind: text('kind').notNull(),
    /** Positive credits, negative charges. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }).notNull(),
    /** In English; with its message id and values (server/i18n/stored-message.ts) read in the reader's language. */
    description: text('description').notNull(),
    /** null on entries from before ids: their description is shown as it is. */
    descriptionId: text('description_id'),
    descriptionValues: jsonb('description_values').$type<Record<string, unknown>>(),
    topUpId: uuid('top_up_id'),
    computeId: uuid('compute_id'),
    periodStart: at('period_start'),
    periodEnd: at('period_end'),
    /** A usage charge's started hours (a posted accrual); null for other entries. */
    hours: integer('hours'),
    /** The poster's key (usage: one per accrual): the same key never posts twice. */
    idempotencyKey: text('idempotency_key'),
    /** null: the system. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('ledger_entries_team_seq').on(t.teamId, t.seq),
    uniqueIndex('ledger_entries_team_key')
      .on(t.teamId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    // A payment is credited once, however many callbacks announce it.
    uniqueIndex('ledger_entries_top_up').on(t.topUpId).where(sql`top_up_id is not null`),
    // Metering's cursor per compute, and the month's usage per compute for caps, usage and invoices.
    index('ledger_entries_usage').on(t.computeId, t.periodStart).where(sql`compute_id is not null`),
    index('ledger_entries_usage_period').on(t.periodStart).where(sql`compute_id is not null`),
  ],
);

/**
 * A compute's usage in one calendar month (UTC), one row updated in place as its hours start
 * (server/billing/metering.ts): the balance goes down with it at once, and the ledger gets one charge for it
 * when the month is over (posted_seq). A month has a second row only when the first was posted early (the
 * sandbox's simulated month end). No foreign keys: like the ledger, usage outlives the compute and team.
 */
export const usageAccruals = pgTable(
  'usage_accruals',
  {
    id: uuid('id').primaryKey(),
    teamId: uuid('team_id').notNull(),
    computeId: uuid('compute_id').notNull(),
    monthStart: at('month_start').notNull(),
    currency: text('currency').notNull(),
    hours: integer('hours').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Minor units per UTC day ("2026-11-03": 240), for the usage chart. */
    daily: jsonb('daily').$type<Record<string, number>>().notNull(),
    firstHourStart: at('first_hour_start').notNull(),
    /** The end of the last hour accrued: the compute's next hour starts here (unless the cap was reached). */
    lastHourEnd: at('last_hour_end').notNull(),
    /** The ledger entry it was posted as; null while it is still accruing. */
    postedSeq: bigint('posted_seq', { mode: 'number' }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('usage_accruals_open').on(t.computeId, t.monthStart).where(sql`posted_seq is null`),
    index('usage_accruals_team_month').on(t.teamId, t.monthStart),
    index('usage_accruals_unposted').on(t.monthStart).where(sql`posted_seq is null`),
    index('usage_accruals_compute').on(t.computeId, t.monthStart),
  ],
);

/**
 * What billing meters of a stored thing (server/billing/storage-meters.ts): a volume or a team image, from
 * when it exists (a volume's create request, an image becoming available) until it is deleted, at each size
 * it had. Billing's own row, kept after the thing is gone so its last hours are still charged and named.
 */
export const storageMeters = pgTable(
  'storage_meters',
  {
    /** The volume's or image's id. */
    id: uuid('id').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** volume | image: the storage price's kind. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Hours count from here: a volume made at 10:40 starts its second hour at 11:40. */
    startedAt: at('started_at').notNull(),
    /** Deleted: no hour starts at or after this. */
    endedAt: at('ended_at'),
    /** The billed size from each instant on, oldest first: an hour is charged at the size when it starts. */
    sizes: jsonb('sizes').$type<{ from: string; gb: number }[]>().notNull(),
    /** The next hour not accrued yet (the sweep's cursor); the row goes once it passes ended_at. */
    nextMeterAt: at('next_meter_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('storage_meters_due').on(t.nextMeterAt)],
);

/**
 * A stored thing's hours at one size in one calendar month (UTC), updated in place as they start and taken
 * off the balance at once, like a compute's usage_accruals row; posted to the ledger as one charge when the
 * month is over, and a line of the month's invoice.
 */
export const storageAccruals = pgTable(
  'storage_accruals',
  {
    id: uuid('id').primaryKey(),
    teamId: uuid('team_id').notNull(),
    meterId: uuid('meter_id').notNull(),
    kind: text('kind').notNull(),
    /** The volume's or image's name as last metered (the meter goes once its last hour is accrued). */
    name: text('name').notNull(),
    monthStart: at('month_start').notNull(),
    sizeGb: integer('size_gb').notNull(),
    currency: text('currency').notNull(),
    /** The monthly price of this size when the row began: its hours' share of it, and the month's cap. */
    monthlyMinor: bigint('monthly_minor', { mode: 'number' }).notNull(),
    hours: integer('hours').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Minor units per UTC day, for the usage chart. */
    daily: jsonb('daily').$type<Record<string, number>>().notNull(),
    firstHourStart: at('first_hour_start').notNull(),
    lastHourEnd: at('last_hour_end').notNull(),
    /** The ledger entry it was posted as; null while it is still accruing. */
    postedSeq: bigint('posted_seq', { mode: 'number' }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('storage_accruals_open').on(t.meterId, t.monthStart, t.sizeGb).where(sql`posted_seq is null`),
    index('storage_accruals_team_month').on(t.teamId, t.monthStart),
    index('storage_accruals_unposted').on(t.monthStart).where(sql`posted_seq is null`),
    index('storage_accruals_meter').on(t.meterId, t.monthStart),
  ],
);

/** A payment a team member started at the provider; credited to the ledger once the provider confirms it. */
export const topUps = pgTable(
  'top_ups',
  {
    id: uuid('id').primaryKey(),
    /** No foreign key: like the ledger, a payment record outlives the team. */
    teamId: uuid('team_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** pending | succeeded | declined; a pending one past expires_at reads as expired. */
    status: text('status').notNull(),
    /** The payment driver's kind, e.g. sandbox. */
    provider: text('provider').notNull(),
    providerReference: text('provider_reference').notNull(),
    checkoutUrl: text('checkout_url').notNull(),
    declineReason: text('decline_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('top_ups_provider_reference').on(t.provider, t.providerReference),
    index('top_ups_team_created').on(t.teamId, t.createdAt, t.id),
  ],
);

/** Callback events already taken from a provider: a replayed one is refused. Kept a little past the window. */
export const paymentCallbackEvents = pgTable(
  'payment_callback_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index().on(t.receivedAt)],
);

/** Who and where invoices are addressed to; one per team, made on first save. */
export const billingProfiles = pgTable('billing_profiles', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  billingEmail: text('billing_email'),
  companyName: text('company_name'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  postalCode: text('postal_code'),
  /** ISO 3166-1 alpha-2. */
  country: text('country'),
  taxId: text('tax_id'),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The sandbox payment provider's own checkouts (server/drivers/payment/sandbox). A real provider keeps
 * this state itself; the sandbox keeps it here so a checkout page still works after a restart.
 */
export const sandboxCheckouts = pgTable('sandbox_checkouts', {
  reference: text('reference').primaryKey(),
  teamId: uuid('team_id').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  returnUrl: text('return_url').notNull(),
  /** pending | approved | declined */
  status: text('status').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  decidedAt: at('decided_at'),
  /** The payer's language and zone when the top-up began (the page is reached without a session). */
  locale: text('locale'),
  timeZone: text('time_zone'),
});

/**
 * An invoice per team and calendar month with usage, issued once the month is over (server/
 * invoices.ts). Everything on it is frozen at issue: the lines, the tax rate, and whom it is addressed to.
 * team_id has no foreign key: like the ledger, an invoice outlives the team.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    /** IK-<year of issue>-<six digits>, from invoice_counters in the issuing transaction. */
    number: text('number').notNull(),
    currency: text('currency').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    /** InvoiceLine[] (src/contract/billing.ts). */
    lines: jsonb('lines').$type<Record<string, unknown>[]>().notNull(),
    /** StorageInvoiceLine[]: the month's volumes and team images, one line per thing and size. */
    storageLines: jsonb('storage_lines').$type<Record<string, unknown>[]>().notNull().default([]),
    /** BackupInvoiceLine[]: the month's backups, one line per compute. */
    backupLines: jsonb('backup_lines').$type<Record<string, unknown>[]>().notNull().default([]),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxRatePercent: text('tax_rate_percent').notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** InvoiceBillTo: the team's billing profile when it was issued. */
    billTo: jsonb('bill_to').$type<Record<string, unknown>>().notNull(),
    issuedAt: at('issued_at').notNull(),
    /** When the balance covered its charges (null: not yet). */
    paidAt: at('paid_at'),
    /**
     * The team's last ledger entry (seq) when it was issued: its lines are the month's usage charges after
     * the previous invoice of the month's through_seq. A month has a second invoice only when usage was
     * charged to it after the first (the sandbox's simulated month end issues the first early).
     */
    throughSeq: bigint('through_seq', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number').on(t.number),
    index('invoices_team_period').on(t.teamId, t.periodStart),
    index('invoices_unpaid').on(t.teamId).where(sql`paid_at is null`),
  ],
);

/** The last invoice number per year of issue: taken under the row's lock, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Messages between servers too long for NOTIFY's payload (server/cluster): sent by id, read back, and
 * removed by the leader after a few minutes.
 */
export const clusterMessages = pgTable('cluster_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel').notNull(),
  body: text('body').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/**
 * Which term of leadership is current (server/cluster/fencing.ts): each server that takes the leader lock
 * adds one to `epoch`, and every transaction of the background work checks, under a share lock on this row,
 * that its server's term is still the current one, so a deposed leader's work is refused.
 */
export const clusterLeadership = pgTable('cluster_leadership', {
  /** Always 1: one row. */
  id: integer('id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  serverId: text('server_id').notNull(),
  since: at('since').notNull(),
});

/**
 * The per-network limits on sending and entering codes (identity/network-limits.ts), one row per counted
 * action, so every server sharing the database counts the same tries; rows older than the window are removed.
 */
export const networkLimitHits = pgTable(
  'network_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** "<action>|<client address>" */
    key: text('key').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('network_limit_hits_key_at').on(t.key, t.at)],
);

/**
 * A team's firewall (server/firewalls): inbound rules (src/contract/firewalls.ts), applied to the computes
 * it names and to every compute carrying one of its tags. Enforced by the compute driver.
 */
export const firewalls = pgTable(
  'firewalls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    computeIds: uuid('compute_ids').array().notNull().default(sql`'{}'::uuid[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: at('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('firewalls_team_name').on(t.teamId, t.name)],
);

/** What happened to a firewall: who created, changed or deleted it, and when. */
export const firewallEvents = pgTable(
  'firewall_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    firewallId: uuid('firewall_id')
      .notNull()
      .references(() => firewalls.id, { onDelete: 'cascade' }),
    /** created | updated */
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** The message's id and values (server/i18n/stored-message.ts), translated when read; null on older rows. */
    messageId: text('message_id'),
    messageValues: jsonb('message_values').$type<Record<string, unknown>>(),
    at: at('at').notNull(),
  },
  (t) => [index().on(t.firewallId, t.seq)],
);

/**
 * A team's private network (server/networks): an isolated IPv4 block inside RFC 1918, no two of a team's
 * overlapping (checked under a lock of the team's networks), that its computes join with a second interface.
 */
export const privateNetworks = pgTable(
  'private_networks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** "10.20.0.0/24" */
    ipv4Block: text('ipv4_block').notNull(),
    createdAt: at('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('private_networks_team_name').on(t.teamId, t.name)],
);

/** A compute on a private network, with the address we gave it there (one per network). */
export const privateNetworkMembers = pgTable(
  'private_network_members',
  {
    networkId: uuid('network_id')
      .notNull()
      .references(() => privateNetworks.id, { onDelete: 'cascade' }),
    computeId: uuid('compute_id')
      .notNull()
      .references(() => computes.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    attachedAt: at('attached_at').notNull(),
    /**
     * Set while the compute driver gives the compute its card (the address is held meanwhile); null once
     * the card is there. Leaving and deleting the network wait for it (server/networks/membership.ts).
     */
    joiningSince: at('joining_since'),
  },
  (t) => [
    primaryKey({ columns: [t.networkId, t.computeId] }),
    uniqueIndex('private_network_members_address').on(t.networkId, t.address),
    index().on(t.computeId),
  ],
);

/**
 * A team's images (server/images): a stopped compute's disk captured, or a file the team uploaded, kept as
 * a standalone qcow2 named by its id in the image directory. The row comes first (status creating), the
 * file once complete (available); a failed one keeps its reason and has no file.
 */
export const teamImages = pgTable(
  'team_images',
  {
    id: uuid('id').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** creating | available | failed */
    status: text('status').notNull(),
    /** capture | upload */
    source: text('source').notNull(),
    sourceComputeId: uuid('source_compute_id'),
    sourceHostname: text('source_hostname'),
    operatingSystemId: text('operating_system_id').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    virtualSizeBytes: bigint('virtual_size_bytes', { mode: 'number' }),
    message: text('message'),
    /** The message's id and values (server/i18n/stored-message.ts), translated when read; null on older rows. */
    messageId: text('message_id'),
    messageValues: jsonb('message_values').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('team_images_team_created').on(t.teamId, t.createdAt)],
);

/**
 * A team's volumes (server/volumes): block storage in a location, attached to at most one compute of that
 * location (compute_id; a destroyed compute holds none). The disk itself is the compute driver's, named
 * from the volume's id, never from input.
 */
export const volumes = pgTable(
  'volumes',
  {
    id: uuid('id').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sizeGb: integer('size_gb').notNull(),
    locationId: text('location_id').notNull(),
    computeId: uuid('compute_id').references(() => computes.id, { onDelete: 'set null' }),
    /**
     * The change under way (creating | attaching | detaching | growing | deleting), claimed before the
     * driver is asked and cleared when it answers; null at rest. Another change meanwhile is refused.
     */
    operation: text('operation'),
    /** The compute an attach under way goes to. */
    operationComputeId: uuid('operation_compute_id'),
    operationSince: at('operation_since'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('volumes_team_created').on(t.teamId, t.createdAt), index().on(t.computeId)],
);

export const volumeEvents = pgTable(
  'volume_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    volumeId: uuid('volume_id')
      .notNull()
      .references(() => volumes.id, { onDelete: 'cascade' }),
    /** created | attached | detached | grown */
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** The message's id and values (server/i18n/stored-message.ts), translated when read; null on older rows. */
    messageId: text('message_id'),
    messageValues: jsonb('message_values').$type<Record<string, unknown>>(),
    at: at('at').notNull(),
  },
  (t) => [index().on(t.volumeId, t.seq)],
);

/** Backups of each compute: on or off, and when its next scheduled backup is due (server/backups). */
export const computeBackupSettings = pgTable('compute_backup_settings', {
  computeId: uuid('compute_id')
    .primaryKey()
    .references(() => computes.id, { onDelete: 'cascade' }),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  /** When the next scheduled backup is due; null while backups are off. */
  nextBackupAt: at('next_backup_at'),
  /** A restore onto the compute under way (it stays stopped meanwhile), or null. */
  restoringBackupId: uuid('restoring_backup_id'),
  updatedAt: at('updated_at').notNull(),
});

/** A compute's backups: a standalone qcow2 each under DATA_DIR/backups, kept up to the retention. */
export const computeBackups = pgTable(
  'compute_backups',
  {
    id: uuid('id').primaryKey(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    computeId: uuid('compute_id')
      .notNull()
      .references(() => computes.id, { onDelete: 'cascade' }),
    /** creating | available | failed */
    status: text('status').notNull(),
    /** scheduled | manual */
    kind: text('kind').notNull(),
    /** The compute's hostname and operating system when it was made (what a restore into a new compute runs). */
    hostname: text('hostname').notNull(),
    operatingSystemId: text('operating_system_id').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    virtualSizeBytes: bigint('virtual_size_bytes', { mode: 'number' }),
    message: text('message'),
    /** The message's id and values (server/i18n/stored-message.ts), translated when read; null on older rows. */
    messageId: text('message_id'),
    messageValues: jsonb('message_values').$type<Record<string, unknown>>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [index('compute_backups_compute_created').on(t.computeId, t.createdAt)],
);
