import { z } from 'zod/mini';
import { LOCALES } from './locales.ts';

/** One of the interface's locales, as a request field (`?locale=`, a profile's `locale`). Apart from locales.ts, which
 * the browser loads on every page and must not bring zod. */
export const localeSchema = z.enum(LOCALES);
