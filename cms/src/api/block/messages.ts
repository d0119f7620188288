// Everything the block domain says to a person, one message per code (a translated catalogue can replace them).
export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself.',
  notFound: (id: number) => `You have no block number ${id}. Reload your list of blocked poets.`,
};
