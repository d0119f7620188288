// The requests of /api/poets*: a poet's page settings and the handle in a page's path.
import { z } from 'zod/mini';
import { POET_BIO_MAX, POET_HANDLE_MAX, POET_HANDLE_MIN, POET_LANGUAGES_MAX, RESERVED_HANDLES } from '../poets.ts';
import { withoutBidiControls } from '../text-safety.ts';
import { WALL_PAGE_SIZE, WALL_PAGE_SIZE_MAX } from '../wall.ts';
import { canonicalLanguage, normalisePoem } from '../wall.ts';

const HANDLE = new RegExp(`^[a-z0-9](?:[a-z0-9_-]{${POET_HANDLE_MIN - 2},${POET_HANDLE_MAX - 2}})[a-z0-9]$`);
const HANDLE_HINT = `must be ${POET_HANDLE_MIN}–${POET_HANDLE_MAX} letters a–z, digits, - or _, starting and ending with a letter or digit`;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A handle as stored: lower case; refused when it is not one (the message says which are). */
export const poetHandle = z.pipe(
  z.string({ error: 'must be text' }).check(z.trim(), z.toLowerCase()),
  z.string().check(
    z.regex(HANDLE, { error: HANDLE_HINT }),
    z.refine((value) => !(RESERVED_HANDLES as readonly string[]).includes(value), { error: 'is kept for Writory itself: choose another' }),
  ),
);

/** PUT /api/poets/me: any of these fields; a page is public only with a handle. */
export const myPoetPageBody = z.strictObject(
  {
    handle: z.optional(z.nullable(poetHandle)),
    bio: z.optional(
      z.pipe(
        z.string({ error: 'must be text' }),
        z.pipe(
          z.transform((value: string) => withoutBidiControls(normalisePoem(value)).trim()),
          z.string().check(
            z.maxLength(POET_BIO_MAX, { error: `must be at most ${POET_BIO_MAX} characters` }),
            z.refine((value) => !CONTROL.test(value), { error: 'cannot contain control characters' }),
          ),
        ),
      ),
    ),
    languages: z.optional(
      z.pipe(
        z
          .array(z.string({ error: 'must be language tags such as en, hi or ar' }), { error: 'must be a list of language tags' })
          .check(z.maxLength(POET_LANGUAGES_MAX, { error: `must be at most ${POET_LANGUAGES_MAX} languages` })),
        z.transform((tags: string[], ctx) => {
          const canonical = tags.map((tag) => canonicalLanguage(tag.trim()));
          if (canonical.some((tag) => !tag)) {
            ctx.issues.push({ code: 'custom', message: 'must be language tags such as en, hi or ar', input: tags });
            return z.NEVER;
          }
          return [...new Set(canonical as string[])];
        }),
      ),
    ),
    public: z.optional(z.boolean({ error: 'must be true or false' })),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields are not accepted: ${issue.keys.join(', ')}.` : 'Send a JSON object.') },
);
export type MyPoetPageInput = z.input<typeof myPoetPageBody>;

/** :handle of a poet page. */
export const poetHandleParams = z.object({ handle: poetHandle });

/** PUT /api/follows/:handle/mute and PUT /api/follows/settings: `{ muted }`. */
export const followMuteBody = z.strictObject(
  { muted: z.boolean({ error: 'must be true or false' }) },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `These fields are not accepted: ${issue.keys.join(', ')}.` : 'Send a JSON object.') },
);

/** GET /api/follows/poems: the Following tab, by the wall's page keys (newest order). */
export const followingQuery = z.object({
  pageSize: z._default(
    z.coerce
      .number({ error: 'must be a number' })
      .check(
        z.int({ error: 'must be a whole number' }),
        z.gte(1, { error: 'must be 1 or more' }),
        z.lte(WALL_PAGE_SIZE_MAX, { error: `must be at most ${WALL_PAGE_SIZE_MAX}` }),
      ),
    WALL_PAGE_SIZE,
  ),
  cursor: z.optional(z.string({ error: 'must be the nextCursor of a previous page' })),
});
