import { STATUS_CODES } from 'node:http';
import { isMessage, say, type Message, type MessageKey, type MessageVars } from './messages';

/**
 * A client error with any 4xx status (422, 415, …). Strapi's own error classes only map to 400/401/403/404/413/429;
 * api-error.ts (which every controller loads) links this one to Strapi's HttpError, so it goes through Strapi's
 * errors middleware with the usual body `{ data: null, error: { status, name, message, details } }` and no log
 * line. This module loads nothing of Strapi, so the worker pool's worker threads can throw it without
 * loading @strapi/utils (about 130 MB a thread).
 *
 * The message is words for a person: a catalogue message (`msg('entry.attachPoem')`, lib/messages) is put into the
 * request's language and keeps its key and values (`key`, `vars`: the worker pool sends them back to the request
 * thread, which says them in the reader's language); a plain string is said as written (admin and machine errors).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly expose = true;
  readonly details: Record<string, unknown>;
  readonly key?: MessageKey;
  readonly vars?: MessageVars;

  constructor(status: number, message: string | Message, details: Record<string, unknown> = {}, name?: string) {
    super(isMessage(message) ? say(message) : message);
    if (isMessage(message)) {
      this.key = message.key;
      this.vars = message.vars;
    }
    this.status = status;
    this.details = details;
    this.name = name ?? `${(STATUS_CODES[status] ?? 'Error').replace(/[^A-Za-z]/g, '')}Error`;
  }
}
