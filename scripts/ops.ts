// `npm run ops -- …`: operator tasks (team verification, hypervisor hosts), done through the running server's operator endpoints (/ops/api/v1)
// rather than by opening the database: the embedded database admits one process at a time, and going
// through the server keeps its rules, audit log and e-mails in one place. See "Operations" in the README.

import { realpathSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import {
  hostDrainResultSchema,
  type OperatorTeamVerification,
  operatorHostListSchema,
  operatorTeamVerificationSchema,
  type VerificationDecision,
  verificationDecisionSchema,
  verificationRequestListSchema,
} from '@/contract/operator';
import { problemSchema } from '@/contract/problem';
import { verificationStatusSchema } from '@/contract/teams';
import { ConfigError, loadConfig } from '../server/config';
import { OPERATOR_TOKEN_FILE } from '../server/ops/operator-access';

export const USAGE = `Usage: npm run ops -- verification <command> [options]
       npm run ops -- hosts [list | drain <host> | undrain <host>]

  verification list [--status PENDING]              teams waiting for review (or with another status)
  verification show <teamId>                        details, documents, history and owners of one team
  verification approve <teamId> [--message "…"]     PENDING → VERIFIED
  verification reject <teamId> [--message "…"]      PENDING → REJECTED
  verification request-info <teamId> [--message "…"] PENDING → ADDITIONAL_INFO_REQUESTED
  verification download <teamId> <documentId> [--out <file>]

Each decision e-mails the team's owners, with the message if one is given.

  hosts [list]          the hypervisor hosts: reachable, acceleration, capacity used, drained, their computes
  hosts drain <host>    no new computes there; its stopped computes move to other hosts (disks copied, checked)
  hosts undrain <host>  the host takes new computes again

Options:
  --server <url>   the server to talk to (default: http://HOST:PORT from the same environment as the server)
  --help           this text

The operator token is OPERATOR_TOKEN, or else the file <DATA_DIR>/${OPERATOR_TOKEN_FILE} that the server writes at start.`;

export interface OpsIo {
  env: Record<string, string | undefined>;
  cwd: string;
  fetch: typeof fetch;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A refusal or failure to tell the operator in one line (exit code 1). */
class OpsError extends Error {}

/** A command typed wrong: the message, then the usage (exit code 2). */
class UsageError extends Error {}

/** Runs one command; answers the exit code (0 done, 1 refused or failed, 2 wrong usage). */
export async function runOps(args: string[], io: OpsIo): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [area, command, ...rest] = positionals;
  if (values.help || area === undefined) {
    io.out(USAGE);
    return 0;
  }
  if (area === 'hosts') {
    try {
      return await hosts(await connect(values.server, io), command ?? 'list', rest[0], io);
    } catch (error) {
      if (error instanceof UsageError) {
        io.err(`${error.message}\n\n${USAGE}`);
        return 2;
      }
      if (error instanceof OpsError || error instanceof ConfigError) {
        io.err(error.message);
        return 1;
      }
      throw error;
    }
  }
  if (area !== 'verification' || command === undefined) {
    io.err(`Unknown command: ${positionals.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  try {
    const client = await connect(values.server, io);
    if (command === 'list') return await list(client, values.status, io);
    const teamId = rest[0];
    if (!teamId) throw new UsageError(`Name the team: npm run ops -- verification ${command} <teamId>`);
    if (command === 'show') {
      io.out(describe(v.parse(operatorTeamVerificationSchema, await client.json('GET', teamPath(teamId)))));
      return 0;
    }
    if (command === 'download') return await download(client, teamId, rest[1], values.out, io);
    const decision = v.safeParse(verificationDecisionSchema, command);
    if (!decision.success) throw new UsageError(`Unknown command: verification ${command}`);
    return await decide(client, teamId, decision.output, values.message, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof OpsError || error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

function parseOptions(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      message: { type: 'string', short: 'm' },
      server: { type: 'string' },
      status: { type: 'string' },
      out: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

const teamPath = (teamId: string) => `/teams/${encodeURIComponent(teamId)}/verification`;

interface Client {
  server: string;
  json(method: string, path: string, body?: unknown): Promise<unknown>;
  raw(path: string): Promise<Response>;
}

async function connect(serverOption: string | undefined, io: OpsIo): Promise<Client> {
  const config = loadConfig(io.env, io.cwd);
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host;
  const server = (serverOption ?? `http://${host}:${config.port}`).replace(/\/+$/, '');
  const token = config.operatorToken ?? (await readTokenFile(join(config.dataDir, OPERATOR_TOKEN_FILE)));
  const raw = async (path: string, init: RequestInit = {}) => {
    try {
      return await io.fetch(`${server}/ops/api/v1${path}`, {
        ...init,
        headers: { ...init.headers, Authorization: `Bearer ${token}` },
      });
    } catch {
      throw new OpsError(
        `Could not reach the server at ${server}. Start it (npm start), or say where it runs with --server <url>.`,
      );
    }
  };
  return {
    server,
    raw: (path) => raw(path).then((response) => (response.ok ? response : refusal(response))),
    json: async (method, path, body) => {
      const response = await raw(path, {
        method,
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
      });
      if (!response.ok) return refusal(response);
      return response.json();
    },
  };
}

async function readTokenFile(path: string): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch {
    throw new OpsError(
      `No operator token: set OPERATOR_TOKEN, or start the server once with this DATA_DIR so that it writes ${path}.`,
    );
  }
}

async function refusal(response: Response): Promise<never> {
  const problem = v.safeParse(problemSchema, await response.json().catch(() => null));
  if (response.status === 401) {
    throw new OpsError(
      'The server refused the operator token. Use the OPERATOR_TOKEN the server runs with, or run this on the server’s machine with its DATA_DIR.',
    );
  }
  const text = problem.success ? (problem.output.detail ?? problem.output.title) : `HTTP ${response.status}`;
  throw new OpsError(text);
}

async function list(client: Client, statusOption: string | undefined, io: OpsIo): Promise<number> {
  const status = v.safeParse(verificationStatusSchema, (statusOption ?? 'PENDING').toUpperCase());
  if (!status.success)
    throw new UsageError(`--status must be one of ${verificationStatusSchema.options.join(', ')}.`);
  const answer = v.parse(
    verificationRequestListSchema,
    await client.json('GET', `/verification-requests?status=${status.output}`),
  );
  if (answer.requests.length === 0) {
    io.out(
      status.output === 'PENDING' ? 'No teams are waiting for review.' : `No teams are ${status.output}.`,
    );
    return 0;
  }
  const rows = answer.requests.map((request) => [
    request.teamId,
    request.teamName,
    request.legalName ?? '—',
    request.submittedAt ?? '—',
  ]);
  io.out(table(['TEAM ID', 'TEAM', 'LEGAL NAME', 'SUBMITTED AT'], rows));
  return 0;
}

async function decide(
  client: Client,
  teamId: string,
  decision: VerificationDecision,
  message: string | undefined,
  io: OpsIo,
): Promise<number> {
  const body = message === undefined ? { decision } : { decision, message };
  const result = v.parse(
    operatorTeamVerificationSchema,
    await client.json('POST', `${teamPath(teamId)}/decision`, body),
  );
  const owners = result.owners.map((owner) => owner.email).join(', ') || 'nobody (the team has no owner)';
  io.out(
    `The team ${result.team.name} (${result.team.id}) is now ${result.verification.status}. E-mailed the owners: ${owners}.`,
  );
  return 0;
}

async function download(
  client: Client,
  teamId: string,
  documentId: string | undefined,
  out: string | undefined,
  io: OpsIo,
): Promise<number> {
  if (!documentId) throw new UsageError('Name the document: verification download <teamId> <documentId>');
  const response = await client.raw(`${teamPath(teamId)}/documents/${encodeURIComponent(documentId)}`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const suggested = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? documentId);
  // The suggested name was chosen by the team: only its base name, so it cannot pick the directory.
  const path = out ? resolve(io.cwd, out) : join(io.cwd, suggested.split(/[\\/]/).at(-1) || documentId);
  try {
    await writeFile(path, new Uint8Array(await response.arrayBuffer()), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new OpsError(`${path} already exists; choose another name with --out <file>.`);
    }
    throw error;
  }
  io.out(`Saved ${path} (${response.headers.get('Content-Type')}).`);
  return 0;
}

async function hosts(client: Client, command: string, name: string | undefined, io: OpsIo): Promise<number> {
  if (command === 'list') {
    io.out(describeHosts(v.parse(operatorHostListSchema, await client.json('GET', '/hosts'))));
    return 0;
  }
  if (command !== 'drain' && command !== 'undrain') throw new UsageError(`Unknown command: hosts ${command}`);
  if (!name) throw new UsageError(`Name the host: npm run ops -- hosts ${command} <host>`);
  const path = `/hosts/${encodeURIComponent(name)}/drain`;
  if (command === 'undrain') {
    await client.json('DELETE', path);
    io.out(`The host ${name} takes new computes again.`);
    return 0;
  }
  const result = v.parse(hostDrainResultSchema, await client.json('POST', path));
  const lines = [`The host ${name} is drained: it takes no new computes.`];
  for (const moved of result.moved) lines.push(`  moved   ${moved.id} to ${moved.to} in ${moved.seconds} s`);
  for (const stayed of result.stayed) lines.push(`  stayed  ${stayed.id}: ${stayed.reason}`);
  if (result.moved.length + result.stayed.length === 0) lines.push('  It held no computes.');
  io.out(lines.join('\n'));
  return result.stayed.some((entry) => /failed/.test(entry.reason)) ? 1 : 0;
}

/** The hosts, one block each: its state and use, then its computes (hostname, team, status, id). */
export function describeHosts(list: v.InferOutput<typeof operatorHostListSchema>): string {
  if (list.hosts.length === 0) return `The compute driver (${list.driver}) has no hypervisor hosts.`;
  const rows = list.hosts.map((host) => [
    host.name,
    host.location,
    host.reachable ? (host.problem ? 'unusable' : 'reachable') : 'UNREACHABLE',
    host.acceleration,
    `${host.used.vcpus}/${host.capacity.vcpus}`,
    `${host.used.memoryMb}/${host.capacity.memoryMb} MB`,
    `${host.used.diskGb}/${host.capacity.diskGb} GB`,
    host.drained ? 'drained' : '—',
    String(host.computes.length),
  ]);
  const lines = [
    table(['HOST', 'LOCATION', 'STATE', 'ACCEL', 'VCPUS', 'MEMORY', 'DISK', 'DRAIN', 'COMPUTES'], rows),
  ];
  for (const host of list.hosts) {
    lines.push('', `${host.name} (${host.uri})${host.problem ? `: ${host.problem}` : ''}`);
    if (host.computes.length === 0) lines.push('  no computes');
    for (const compute of host.computes) {
      lines.push(`  ${compute.hostname}  ${compute.status}  team ${compute.teamName}  ${compute.id}`);
    }
  }
  return lines.join('\n');
}

export function describe(result: OperatorTeamVerification): string {
  const { team, owners, verification } = result;
  const lines = [
    `Team:        ${team.name} (${team.id})`,
    `Status:      ${verification.status}`,
    `Owners:      ${owners.map((owner) => `${owner.name} <${owner.email}>`).join(', ') || '—'}`,
    `Submitted:   ${verification.submittedAt ?? 'never'}`,
  ];
  const details = verification.details;
  if (details) {
    lines.push(
      `Legal name:  ${details.legalName}`,
      `Reg. number: ${details.registrationNumber}`,
      `Country:     ${details.country}`,
      `Address:     ${details.address}`,
      `Website:     ${details.website ?? '—'}`,
      `Note:        ${details.note ?? '—'}`,
    );
  }
  lines.push('', 'Documents:');
  if (verification.documents.length === 0) lines.push('  none');
  for (const document of verification.documents) {
    lines.push(
      `  ${document.id}  ${document.type.padEnd(9)} ${String(document.size).padStart(9)} B  ${document.name}`,
    );
  }
  lines.push('', 'History:');
  if (verification.history.length === 0) lines.push('  none');
  for (const event of verification.history) {
    lines.push(`  ${event.at}  ${event.status}${event.message ? `: ${event.message}` : ''}`);
  }
  return lines.join('\n');
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  runOps(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    fetch,
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
