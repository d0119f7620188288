// maildev, the local mail sink of `npm start`, on free ports: what the cms sends by SMTP lands in its inbox,
// read through its REST API.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './postgres';

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
  clear(): Promise<void>;
  stop(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
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
  return {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp) },
    emails: async () => (await fetch(`${base}/email`)).json() as Promise<SunkMail[]>,
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
