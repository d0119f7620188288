// The body of POST /api/contact is the shared request schema (packages/shared/src/schemas/contact.ts).
export { contactInput, type ContactInput } from '@writory/shared';
