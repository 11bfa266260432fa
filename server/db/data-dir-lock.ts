// PGlite is a single-process database: two servers writing the same directory would corrupt it, so the
// first one locks the directory and later ones are turned away while it lives.
//
// The lock must be one the kernel releases when its holder dies, however it dies: a pid written in a file
// cannot be (a `kill -9`ed server whose parent does not reap it stays a zombie that `kill(pid, 0)` calls
// alive, and after a power cut the pid may belong to any other process; see issue 25). Node has no flock(2)
// and the server must start without a compiler, so the lock is a listening Unix socket, which the kernel
// closes with the rest of a process's descriptors the moment it exits (before it is a zombie):
// - On Linux, a socket in the abstract namespace named after the directory's device and inode (the same
//   directory reached by any path, bind mounts included): bind(2) either takes the name or fails with
//   EADDRINUSE, atomically, and no file is left behind. Abstract names belong to a network namespace:
//   servers in two containers with their own networks sharing one volume do not see each other's; and any
//   local user of the namespace could take the name first (the server then refuses to start, loudly).
// - Beside it, and alone on other systems, a socket file `server.lock` in the directory: a server anywhere
//   that can see the directory (another network namespace included) listens on it, so `connect` succeeds
//   only while one lives; a dead server's file is refused, removed and bound again. That takeover has a
//   window (two servers starting at the same instant after a crash, in different network namespaces or on a
//   system without abstract sockets), which the abstract name closes on Linux within one namespace.
// A caller that connects to either socket reads the holder's pid (as its own pid namespace numbers it), for
// the message. The sockets are opened close-on-exec, so child processes do not inherit the lock.
import { closeSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

/** How long a caller waits for a live holder to say its pid. */
const OWNER_REPLY_MS = 2_000;
/** How long a holder that does not answer (dying, or too busy to) is waited for before giving up. */
const DYING_HOLDER_MS = 5_000;
const RETRY_MS = 25;
/** sun_path holds 108 octets on Linux, 104 on macOS and the BSDs, the terminating NUL included. */
const SOCKET_PATH_OCTETS = 103;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number | undefined,
  ) {
    super(
      `Another Ikirere server${ownerPid === undefined ? '' : ` (pid ${ownerPid})`} is using the data directory ${dataDir}. ` +
        'Stop that server first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** The socket file in the data directory. */
  readonly path: string;
  /** The abstract socket's name (Linux), without its leading NUL. */
  readonly abstractName: string | undefined;
  release(): void;
}

/** Takes the data directory's lock, or throws DataDirLockedError while another live server holds it. */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  const directory = statSync(dataDir);
  const abstractName =
    process.platform === 'linux' ? `ikirere/data-dir/${directory.dev}:${directory.ino}` : undefined;

  const listeners: Server[] = [];
  const releaseAll = () => {
    for (const listener of listeners) listener.close();
  };
  try {
    if (abstractName !== undefined) {
      const address = `\0${abstractName}`;
      const taken = await takeOrWaitForDyingHolder(address, () => listen(address));
      if ('ownerPid' in taken) throw new DataDirLockedError(dataDir, taken.ownerPid);
      listeners.push(taken.listener);
    }
    const fileLock = await lockSocketFile(dataDir, path);
    if ('ownerPid' in fileLock) throw new DataDirLockedError(dataDir, fileLock.ownerPid);
    listeners.push(fileLock.listener);
    let released = false;
    return {
      path,
      abstractName,
      release() {
        if (released) return;
        released = true;
        releaseAll();
        // Only remove the file still ours, never one a successor bound after us.
        if (inodeOf(path) === fileLock.inode) rmSync(path, { force: true });
      },
    };
  } catch (error) {
    releaseAll();
    throw error;
  }
}

/**
 * Listens on the socket file `path`, replacing a dead server's (or an older version's pid file); or answers
 * the pid of the live server listening there.
 */
async function lockSocketFile(
  dataDir: string,
  path: string,
): Promise<{ listener: Server; inode: number | undefined } | { ownerPid: number | undefined }> {
  // On Linux the directory is reached through its descriptor, so a long DATA_DIR still fits in sun_path.
  const directoryFd = process.platform === 'linux' ? openSync(dataDir, 'r') : undefined;
  try {
    const address = directoryFd === undefined ? path : `/proc/self/fd/${directoryFd}/${LOCK_FILE_NAME}`;
    if (Buffer.byteLength(address) > SOCKET_PATH_OCTETS) {
      throw new Error(
        `The data directory's path is too long for its lock (${path}): set DATA_DIR to a shorter path.`,
      );
    }
    const taken = await takeOrWaitForDyingHolder(address, async () => {
      if ((await probe(address)).connected) return undefined;
      // No process listens there: a dead server's socket, or an older version's pid file.
      rmSync(path, { force: true });
      return listen(address);
    });
    return 'ownerPid' in taken ? taken : { listener: taken.listener, inode: inodeOf(path) };
  } finally {
    if (directoryFd !== undefined) closeSync(directoryFd);
  }
}

/** Listens on a Unix socket, answering each caller with this process's pid; undefined if it is taken. */
function listen(address: string): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(`${process.pid}\n`);
    });
    server.once('error', (error) => {
      if (isErrno(error, 'EADDRINUSE')) resolve(undefined);
      else reject(error);
    });
    server.listen(address, () => {
      // The lock must not keep the process alive once everything else has stopped.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * `take()` the socket, or answer the pid of the live process holding it. A process killed a moment ago may
 * still hold it while the kernel tears it down (a multi-threaded process is a zombie before its last thread
 * has closed its files): a holder that does not say its pid is waited for, up to DYING_HOLDER_MS.
 */
async function takeOrWaitForDyingHolder(
  address: string,
  take: () => Promise<Server | undefined>,
): Promise<{ listener: Server } | { ownerPid: number | undefined }> {
  const deadline = Date.now() + DYING_HOLDER_MS;
  for (;;) {
    const listener = await take();
    if (listener) return { listener };
    const owner = await probe(address);
    if (owner.pid !== undefined) return { ownerPid: owner.pid };
    if (Date.now() >= deadline) return { ownerPid: undefined };
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** Whether a process listens on `address` (a refused or missing socket: none lives), and the pid it says. */
function probe(address: string): Promise<{ connected: boolean; pid?: number }> {
  return new Promise((resolve) => {
    let reply = '';
    let connected = false;
    const socket = connect(address);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const pid = Number.parseInt(reply.trim(), 10);
      resolve({ connected, ...(Number.isInteger(pid) && pid > 0 ? { pid } : {}) });
    };
    // A live holder whose event loop is busy (a big zone being indexed) is still alive: connect succeeded.
    const timer = setTimeout(finish, OWNER_REPLY_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('data', (chunk: string) => {
      reply += chunk;
    });
    socket.on('end', finish);
    socket.on('error', finish);
  });
}

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch {
    return undefined;
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
