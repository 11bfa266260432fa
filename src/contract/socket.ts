// Messages on the console WebSocket (/resource-manager), in both directions.
import * as v from 'valibot';
import { computeSchema } from './computes';
import { domainSchema } from './domains';
import { firewallSchema } from './firewalls';
import { uuid } from './ids';
import { imageSchema } from './images';
import { networkSchema } from './networks';
import { volumeSchema } from './volumes';

/** Path of the console WebSocket on the API host (SPEC §7: the console websocket manager). */
export const SOCKET_PATH = '/resource-manager';

/** How often the server sends a heartbeat; the client treats a longer silence as a lost connection. */
export const HEARTBEAT_INTERVAL_MS = 20_000;

export const serverMessageSchema = v.variant('type', [
  v.object({
    type: v.literal('hello'),
    serverTime: v.string(),
    heartbeatIntervalMs: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  v.object({ type: v.literal('heartbeat'), serverTime: v.string() }),
  v.object({ type: v.literal('pong') }),
  /**
   * The server lost its link to the database and the other servers for a while (a failover) and has it
   * back: messages may have been missed meanwhile, so the console reads again what it shows.
   */
  v.object({ type: v.literal('resync') }),
  /** A compute of one of the user's teams changed (status, tags, addresses…): the whole new compute. */
  v.object({ type: v.literal('compute.updated'), compute: computeSchema }),
  /** A compute is gone (destroyed). */
  v.object({ type: v.literal('compute.deleted'), teamId: uuid, computeId: uuid }),
  /** A firewall of one of the user's teams was made or changed: the whole new firewall. */
  v.object({ type: v.literal('firewall.updated'), firewall: firewallSchema }),
  v.object({ type: v.literal('firewall.deleted'), teamId: uuid, firewallId: uuid }),
  /** A private network of one of the user's teams was made, or a compute joined or left it: the whole network. */
  v.object({ type: v.literal('network.updated'), network: networkSchema }),
  v.object({ type: v.literal('network.deleted'), teamId: uuid, networkId: uuid }),
  /** A team image was added or changed (captured, uploaded, renamed, failed): the whole new image. */
  v.object({ type: v.literal('image.updated'), image: imageSchema }),
  /** A team image is gone (deleted). */
  v.object({ type: v.literal('image.deleted'), teamId: uuid, imageId: uuid }),
  /** A volume was made or changed (attached, detached, grown): the whole new volume. */
  v.object({ type: v.literal('volume.updated'), volume: volumeSchema }),
  /** A volume is gone (deleted). */
  v.object({ type: v.literal('volume.deleted'), teamId: uuid, volumeId: uuid }),
  /** A compute's backups changed (one begun, made, failed, deleted; turned on or off; a restore begun or done). */
  v.object({ type: v.literal('backups.changed'), teamId: uuid, computeId: uuid }),
  /** A domain of one of the user's teams was added or changed (its delegation, record count, serial). */
  v.object({ type: v.literal('domain.updated'), domain: domainSchema }),
  /** A domain is gone (deleted), with its records. */
  v.object({ type: v.literal('domain.deleted'), teamId: uuid, domainId: uuid }),
  /** Records of a domain were added, changed or deleted (a form, an import). */
  v.object({ type: v.literal('dns-records.changed'), teamId: uuid, domainId: uuid }),
  /** The team itself changed: name, currency, verification status and with it the limits. */
  v.object({ type: v.literal('team.updated'), teamId: uuid }),
  /** Who is in the team changed: members, their roles, invitations. */
  v.object({ type: v.literal('members.changed'), teamId: uuid }),
  /**
   * Sent to one user only: their own membership of the team changed (joined, role changed, removed, the
   * team deleted). What they may see and do changes with it.
   */
  v.object({ type: v.literal('membership.changed'), teamId: uuid }),
  /** Money moved: a top-up credited or declined, usage charged, an invoice issued, the billing details. */
  v.object({ type: v.literal('billing.changed'), teamId: uuid }),
  /** Sent to one user only: an invitation to them arrived, or one was withdrawn. */
  v.object({ type: v.literal('invitations.changed') }),
]);

export const clientMessageSchema = v.variant('type', [v.object({ type: v.literal('ping') })]);

export type ServerMessage = v.InferOutput<typeof serverMessageSchema>;

/** Largest message the server accepts from a client, in bytes. */
export const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;
