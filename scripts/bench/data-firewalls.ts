// Firewall change → enforced, on the data bench's guest (a bridge host in the bench's namespace): a web
// server in the guest on PORT, a firewall on the guest allowing SSH only, then the rule for PORT from the
// client added and taken out again through the API, each change timed from its request until the client on
// the bridge (beside the guest, as tests/libvirt/bridge-netns.test.ts checks it) sees the port open, then
// closed. The client tries a new TCP connection every 100 ms, each given 1 s, so the moment is the start
// of the first try that saw the new state (confirmed by the next three), not a probe's timeout.
import { BLOCK, type DataGuest, expectAnswer } from './data-guest';
import { type Line, watchLines } from './line-watch';

const PORT = 8080;
const CHANGES = 3;

export interface FirewallFigures {
  /** Milliseconds from each change's request until the API answered (libvirt has the new filter). */
  answered: number[];
  /** Milliseconds from each request until the client saw the port open (rule added) and closed (removed). */
  opened: number[];
  closed: number[];
}

// A new connection every 100 ms, each printed as "<n> start <ms>" and then "<n> open|closed".
const PROBE = `const net=require('node:net');const [host,port]=process.argv.slice(1);let n=0;
setInterval(()=>{const id=n++;process.stdout.write(id+' start '+Date.now()+'\\n');
const s=net.connect({host,port:Number(port)});let done=false;
const end=(state)=>{if(done)return;done=true;clearTimeout(t);s.destroy();process.stdout.write(id+' '+state+'\\n')};
const t=setTimeout(()=>end('closed'),1000);s.on('connect',()=>end('open'));s.on('error',()=>end('closed'));},100);`;

interface Attempt {
  start: number;
  state?: string;
}

function attemptsOf(lines: Line[]): Attempt[] {
  const attempts: Attempt[] = [];
  for (const { text } of lines) {
    const [id, word, at] = text.split(' ');
    if (word === 'start') attempts[Number(id)] = { start: Number(at) };
    else if (attempts[Number(id)]) attempts[Number(id)]!.state = word;
  }
  return attempts.filter(Boolean);
}

/** The start of the first try since `since` that saw `wanted`, the three tries after it agreeing. */
function firstSeen(lines: Line[], wanted: string, since: number): number | undefined {
  const tries = attemptsOf(lines).filter((attempt) => attempt.start >= since);
  for (let index = 0; index < tries.length; index++) {
    const attempt = tries[index]!;
    if (attempt.state === undefined) return undefined;
    if (attempt.state !== wanted) continue;
    const after = tries.slice(index + 1, index + 4);
    if (after.length < 3 || after.some((next) => next.state === undefined)) return undefined;
    if (after.every((next) => next.state === wanted)) return attempt.start;
  }
  return undefined;
}

export async function benchFirewallChanges(guest: DataGuest): Promise<FirewallFigures> {
  const { api, teamId, compute, netns } = guest;
  guest.ssh(`mkdir -p /tmp/www && httpd -p ${PORT} -h /tmp/www`);
  const probe = watchLines([
    'ip',
    'netns',
    'exec',
    netns.client.name,
    process.execPath,
    '-e',
    PROBE,
    compute.ipv4,
    String(PORT),
  ]);
  try {
    const seen = (state: string, since: number) =>
      probe.until(`the client to see ${PORT} ${state}`, (lines) => firstSeen(lines, state, since), 60_000);
    await seen('open', Date.now());
    const ssh = { protocol: 'tcp', ports: '22', sources: [BLOCK] };
    const body = (rules: unknown[]) => ({ name: 'bench', rules, computeIds: [compute.id] });
    const made = await expectAnswer(
      api('POST', `/teams/${teamId}/firewalls`, body([ssh])),
      201,
      'create the firewall',
    );
    const path = `/teams/${teamId}/firewalls/${made.firewall.id}`;
    await seen('closed', Date.now());
    const figures: FirewallFigures = { answered: [], opened: [], closed: [] };
    const change = async (rules: unknown[], state: string, into: number[]) => {
      const began = Date.now();
      await expectAnswer(api('PUT', path, body(rules)), 200, 'change the firewall');
      figures.answered.push(Date.now() - began);
      into.push((await seen(state, began)) - began);
    };
    const open = { protocol: 'tcp', ports: String(PORT), sources: [`${netns.client.address}/32`] };
    for (let index = 0; index < CHANGES; index++) {
      await change([ssh, open], 'open', figures.opened);
      await change([ssh], 'closed', figures.closed);
    }
    await expectAnswer(api('DELETE', path), 204, 'delete the firewall');
    return figures;
  } finally {
    probe.stop();
  }
}

export const FIREWALL_CHANGES = CHANGES;
