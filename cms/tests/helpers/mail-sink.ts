// maildev, the local mail sink of `npm start`, on free ports: what the cms sends by SMTP lands in its inbox,
// read through its REST API.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './postgres';
import { timed } from './timings';

const maildevBin = path.resolve(__dirname, '..', '..', '..', 'node_modules', '.bin', 'maildev');

export interface SunkMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string; name?: string }[];
}

export interface MailSink {
  /** SMTP_HOST and SMTP_PORT for the cms. */
  env: Record<string, string>;
  emails(): Promise<SunkMail[]>;
  /**
   * The mails that match, once there are `count` of them: maildev stores a mail a moment after it accepted it
   * over SMTP, so a test reads what the cms has sent through this, not through one look at the inbox.
   */
  arrived(match: (mail: SunkMail) => boolean, count?: number): Promise<SunkMail[]>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}

export function startMailSink(): Promise<MailSink> {
  return timed('mail sink: start', () => startMailSinkNow());
}

async function startMailSinkNow(): Promise<MailSink> {
  const [smtp, web] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(maildevBin, ['--ip', '127.0.0.1', '--smtp', String(smtp), '--web', String(web), '--silent'], {
    detached: true,
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${web}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/email`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`maildev exited with ${child.exitCode}`);
    if (Date.now() - started > 20_000) throw new Error('maildev did not start within 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const emails = async () => (await fetch(`${base}/email`)).json() as Promise<SunkMail[]>;
  return {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp) },
    emails,
    async arrived(match, count = 1) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = (await emails()).filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`mail sink: ${found.length} of ${count} expected mails after 15 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    clear: async () => {
      await fetch(`${base}/email/all`, { method: 'DELETE' });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid!, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
    },
  };
}
