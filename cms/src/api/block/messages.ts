// Everything the block domain says to a person, one message per code (a translated catalogue can replace them).
// The words are the cms catalogue's (lib/messages: en, hi, ar), said in the reader's language.
import { msg } from '../../lib/messages';

export const BLOCK_MESSAGES = {
  self: msg('block.self'),
  notFound: (id: number) => msg('block.notFound', { id }),
};
