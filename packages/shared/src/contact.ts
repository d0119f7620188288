// The contact form's lengths and their words, used by the request schema (schemas/contact.ts) that both the
// form and the cms parse, and by the form's hints.

export const CONTACT_LIMITS = {
  name: { min: 2, max: 80 },
  email: { min: 3, max: 254 },
  subject: { min: 3, max: 120 },
  message: { min: 20, max: 5000 },
} as const;

export type ContactField = keyof typeof CONTACT_LIMITS;

/** What follows the field's label when its length is wrong ("Message must be at least 20 characters"). */
export const contactLengthWords = {
  required: 'is required',
  tooShort: (min: number) => `must be at least ${min} characters`,
  tooLong: (max: number) => `must be at most ${max} characters`,
};
