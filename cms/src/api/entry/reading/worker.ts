// The CPU work of checking a poem, as one task over its uploaded file: reading its text, removing the author,
// the judges' blind copy, the checksums and the originality fingerprint. A thread of the worker pool
// (services/worker-pool.ts) runs this file from cms/dist; the request thread never does.
// Tasks and answers are plain data (they cross threads by structured clone): a refusal travels as its fields,
// since an ApiError would lose its class on the way.
import { readFile } from 'node:fs/promises';
import type { MessagePort } from 'node:worker_threads';
import type { EntryPreview } from '@writory/shared';
import { Piscina } from 'piscina';
import { ApiError } from '../../../lib/client-error';
import type { JudgeCopy } from './judge-copy';
import { buildEntry, previewOf, type Author, type Built, type Contact, type Draft } from './judge-view';

export interface PreviewTask {
  kind: 'preview';
  filepath: string;
  author: Author;
  contact: Contact;
}

export interface EntryTask {
  kind: 'entry';
  filepath: string;
  author: Author;
  draft: Omit<Draft, 'bytes' | 'photo'>;
  now: Date;
}

export type ReadingTask = PreviewTask | EntryTask;

/**
 * An entry as read from its file: everything `Built` holds but the files. The poem stays where the upload was
 * written (the request thread stores it from there, never reading its bytes); the blind copy, made here, moves to
 * the request thread without a copy (its memory transferred, not cloned).
 */
export type ReadEntry = Omit<Built, 'blobs'> & { judgeCopy: JudgeCopy | null };

export type Refusal = Pick<ApiError, 'status' | 'message' | 'details' | 'name' | 'key' | 'vars'>;

export type Answer<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export type AnswerOf<T extends ReadingTask> = Answer<T extends PreviewTask ? EntryPreview : ReadEntry>;

async function perform(task: ReadingTask): Promise<EntryPreview | ReadEntry> {
  const bytes = await readFile(task.filepath);
  if (task.kind === 'preview') return previewOf(task.author, task.contact, bytes);
  const { blobs, ...read } = await buildEntry(task.author, { ...task.draft, bytes, photo: null }, task.now);
  return { ...read, judgeCopy: blobs.judgeCopy };
}

/** The ArrayBuffer of bytes that own all of it (never a slice of Node's shared pool): safe to transfer. */
const ownBuffer = (bytes: Uint8Array | undefined) =>
  bytes && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : null;

/** The answer, with the blind copy's memory marked to move to the request thread rather than be copied there. */
function moving<T>(answer: T): T {
  const value = (answer as { ok?: boolean; value?: Partial<ReadEntry> }).value;
  const buffer = ownBuffer(value?.judgeCopy?.bytes);
  // Outside the pool (a script calling this file directly) there is no thread to move it to.
  if (!buffer || !Piscina.isWorkerThread) return answer;
  return Piscina.move({ [Piscina.transferableSymbol]: [buffer], [Piscina.valueSymbol]: answer } as never) as T;
}

/**
 * Runs a task; a 4xx refusal of the file comes back as an answer, anything else is thrown. In the pool the task
 * carries a port on which the worker says it has started (the pool's deadline counts from then).
 */
export default async function runReading<T extends ReadingTask>(task: T & { started?: MessagePort }): Promise<AnswerOf<T>> {
  task.started?.postMessage('started');
  task.started?.close();
  try {
    return moving({ ok: true, value: await perform(task) } as AnswerOf<T>);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { status, message, details, name, key, vars } = error;
    return { ok: false, refusal: { status, message, details, name, key, vars } };
  }
}
