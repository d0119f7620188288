// The boundary of /api/entries*: the multipart fields are the shared request schemas (packages/shared/src/schemas/entries.ts).
import { ApiError } from '../../../lib/api-error';
import { msg } from '../../../lib/messages';

export { entryFields, previewFields, competitionQuerySchema as competitionField, type EntryFields } from '@writory/shared';

const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The Idempotency-Key header every entry carries (one per entry the poet means to make). */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY.test(key)) {
    throw new ApiError(422, msg('entry.idempotencyKey'), {}, 'ValidationError');
  }
  return key;
}
