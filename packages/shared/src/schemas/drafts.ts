// The requests of /api/entries/drafts* (issue 40): a contest entry saved before entering, and entering it later.
import { z } from 'zod/mini';
import { competitionParam } from '../competitions.ts';
import { entryFields, entryFormFields } from './entries.ts';

/** Multipart fields arrive as text: an empty one is a field the poet has not filled yet. */
const withoutEmpty = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== '' && field !== undefined && field !== null))
    : value;

/**
 * POST /api/entries/drafts (multipart, with the file in `poem`): the entry form as far as the poet got. Every
 * field is optional; a field given is checked as the entry form checks it. `competition`: poetry when absent.
 */
export const draftFields = z.pipe(
  z.transform(withoutEmpty),
  z.object({
    competition: competitionParam,
    title: z.optional(entryFormFields.shape.title),
    language: z.optional(entryFormFields.shape.language),
    fullName: z.optional(entryFormFields.shape.fullName),
    phone: z.optional(entryFormFields.shape.phone),
    country: z.optional(entryFormFields.shape.country),
    nameInScript: entryFormFields.shape.nameInScript,
  }),
);
export type DraftFields = z.output<typeof draftFields>;
export type DraftInput = z.input<typeof draftFields>;

/** POST /api/entries/drafts/:id/enter: the declarations, ticked now (the entry's other fields are the draft's). */
export const draftEnterFields = z.object({ declarations: entryFields.shape.declarations });
export type DraftEnterInput = z.input<typeof draftEnterFields>;

/** :id of /api/entries/drafts/:id* */
export const draftIdParam = z.pipe(
  z.pipe(
    z.string({ error: 'Give the draft’s number.' }),
    z.transform((value: string) => (/^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN)),
  ),
  z.number({ error: 'Give the draft’s number.' }).check(z.int({ error: 'Give the draft’s number.' })),
);
