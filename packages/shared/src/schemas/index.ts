// The request contract: one zod schema per body and query of every /api route, used by the cms at its
// boundary and by the site's forms. Written with zod/mini so a page ships only the checks it uses.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

export * from './common.ts';
export * from './admin.ts';
export * from './articles.ts';
export * from './contact.ts';
export * from './entries.ts';
export * from './drafts.ts';
export * from './payments.ts';
export * from './poets.ts';
export * from './results.ts';
export * from './users.ts';
export * from './wall.ts';
export * from './comments.ts';

/** zod's English words for the checks that have no message of their own ("Too big: expected …"); the cms calls it once. */
export function useEnglishSchemaMessages(): void {
  config(en());
}
