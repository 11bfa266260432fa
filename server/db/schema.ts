// Tables of the reference server. Each later issue adds its tables here and runs `npm run db:generate`.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

// ── Teams (the identity issue creates each new user's own team; the teams issue builds on these) ─────

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** RWF (default) or USD. */
  currency: text('currency').notNull().default('RWF'),
  /** UNVERIFIED | PENDING | VERIFIED | REJECTED | ADDITIONAL_INFO_REQUESTED */
  verificationStatus: text('verification_status').notNull().default('UNVERIFIED'),
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
  (t) => [uniqueIndex('team_members_team_user_unique').on(t.teamId, t.userId), index().on(t.userId)],
);
