import { STATUS_CODES } from 'node:http';

/**
 * A client error with any 4xx status (422, 415, …). Strapi's own error classes only map to 400/401/403/404/413/429;
 * api-error.ts (which every controller loads) links this one to Strapi's HttpError, so it goes through Strapi's
 * errors middleware with the usual body `{ data: null, error: { status, name, message, details } }` and no log
 * line. This module loads nothing of Strapi, so the worker pool's worker threads can throw it without
 * loading @strapi/utils (about 130 MB a thread).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly expose = true;
  readonly details: Record<string, unknown>;

  constructor(status: number, message: string, details: Record<string, unknown> = {}, name?: string) {
    super(message);
    this.status = status;
    this.details = details;
    this.name = name ?? `${(STATUS_CODES[status] ?? 'Error').replace(/[^A-Za-z]/g, '')}Error`;
  }
}
