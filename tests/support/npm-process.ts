import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';

/** An npm command as a supervisor runs it: in a process group of its own, its output collected. */
export interface NpmProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts `command` (npm, or a wrapper such as setpriv that runs npm) detached, collecting what it prints. */
export function startNpm(
  command: string,
  args: string[],
  { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv },
): NpmProcess {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, output: () => output, exited };
}

/** Ends the whole group (npm and whatever it started), for the clean-up after a test. */
export function killGroup(npm: NpmProcess | undefined): void {
  if (!npm?.child.pid) return;
  try {
    process.kill(-npm.child.pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** Waits until `url`/readyz answers 200; throws with what npm printed if it exits or never gets there. */
export async function waitForReady(url: string, npm: NpmProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (npm.child.exitCode !== null) throw new Error(`npm exited early:\n${npm.output()}`);
    if (
      await fetch(`${url}/readyz`).then(
        (reply) => reply.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`npm did not become ready:\n${npm.output()}`);
}

/** Sends `signal` to the npm process alone and waits for it to exit: its code and signal, or 'still running'. */
export async function signalAndWait(
  npm: NpmProcess,
  signal: NodeJS.Signals,
  deadlineMs: number,
): Promise<[number | null, NodeJS.Signals | null] | 'still running'> {
  process.kill(npm.child.pid!, signal);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), deadlineMs);
  });
  const outcome = await Promise.race([npm.exited, late]);
  clearTimeout(timer);
  return outcome;
}

/** Whether nothing listens on `port` of 127.0.0.1 any more. */
export async function portIsFree(port: number): Promise<boolean> {
  const probe = net.createServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('listening', () => resolve(true));
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1');
  });
  if (free) await new Promise((resolve) => probe.close(resolve));
  return free;
}
