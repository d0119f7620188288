// The contact form's lengths and their words: the form checks them before sending, the cms's zod schema
// enforces them (cms/src/api/contact-message/services/validation.ts), so both say the same thing.

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

/** The length problem of one field's trimmed value, or null. */
export function contactLengthProblem(field: ContactField, value: string): string | null {
  const { min, max } = CONTACT_LIMITS[field];
  const length = value.trim().length;
  if (length === 0) return contactLengthWords.required;
  if (length < min) return contactLengthWords.tooShort(min);
  if (length > max) return contactLengthWords.tooLong(max);
  return null;
}
