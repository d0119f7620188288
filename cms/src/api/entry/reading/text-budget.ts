// How much text a poem file may give: counted while it is read, so a file that inflates to megabytes of text
// is refused as soon as it passes the limit, not after all of it was read.
import { MAX_POEM_CHARS } from '@writory/shared';
import { ApiError } from '../../../lib/client-error';
import { msg } from '../../../lib/messages';

export const textTooLong = () =>
  new ApiError(
    422,
    msg('poemFile.textTooLong', { maxChars: MAX_POEM_CHARS.toLocaleString('en-GB') }),
    { reason: 'text-too-long', maxChars: MAX_POEM_CHARS },
    'ValidationError',
  );

export class TextBudget {
  private used = 0;
  constructor(readonly limit: number = MAX_POEM_CHARS) {}
  get remaining(): number {
    return this.limit - this.used;
  }
  spend(chars: number): void {
    this.used += chars;
    if (this.used > this.limit) throw textTooLong();
  }
}
