import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { ageOn, parse, UNDER_AGE_MESSAGE, updateMeBody, upsertBody } from './user';

const today = () => new Date('2026-06-15T12:00:00Z');

describe('ageOn', () => {
  it.each([
    ['2013-06-15', 13],
    ['2013-06-16', 12],
    ['2013-06-14', 13],
    ['2000-02-29', 26],
    ['2026-06-15', 0],
  ])('born %s is %i on 2026-06-15', (born, age) => {
    expect(ageOn(born, today())).toBe(age);
  });
});

function problem(schema: Parameters<typeof parse>[0], input: unknown): ApiError {
  try {
    parse(schema, input);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a validation error');
}

describe('PUT /api/users/me body', () => {
  const schema = updateMeBody(today);

  it('trims, and turns empty strings into null', () => {
    expect(parse(schema, { name: '  Asha ', phone: '' })).toEqual({ name: 'Asha', phone: null });
  });

  it('takes bidi controls out of a name, and keeps right-to-left names whole', () => {
    expect(parse(schema, { name: 'Asha\u202Efdp.exe' }).name).toBe('Ashafdp.exe');
    expect(parse(schema, { name: '\u2067نور حداد\u2069' }).name).toBe('نور حداد');
    expect(parse(schema, { name: 'नूर\u200F' }).name).toBe('नूर\u200F');
  });

  it.each([
    [{ dateOfBirth: '2013-06-16' }, UNDER_AGE_MESSAGE],
    [{ dateOfBirth: '2026-06-16' }, 'Date of birth cannot be in the future.'],
    [{ dateOfBirth: '1899-12-31' }, 'Date of birth must be after 1900.'],
    [{ name: 'a'.repeat(81) }, 'Name must be at most 80 characters.'],
    [{ isAdmin: true }, 'These fields cannot be changed here: isAdmin.'],
  ])('refuses %j with 422: %s', (input, message) => {
    const error = problem(schema, input);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe(message);
  });

  it('accepts the 13th birthday itself', () => {
    expect(parse(schema, { dateOfBirth: '2013-06-15' })).toEqual({ dateOfBirth: '2013-06-15' });
  });

  it('lists every problem in details', () => {
    const error = problem(schema, { name: 'a'.repeat(81), phone: 'x' });
    expect((error.details.errors as { path: string[] }[]).map((e) => e.path[0])).toEqual(['name', 'phone']);
  });
});

describe('POST /api/users body', () => {
  it.each(['+91 90000 00000', '(020) 7946-0958', '5551234', '+1-555-123-4567'])('accepts the phone %s', (phone) => {
    expect(parse(upsertBody, { uid: 'u', phone }).phone).toBe(phone);
  });

  it.each(['12345', '+91 90000 00000 00000 0', 'call me', '+44 7700 9OO123'])('refuses the phone %s', (phone) => {
    expect(problem(upsertBody, { uid: 'u', phone }).status).toBe(422);
  });

  it('ignores keys it does not know and requires uid', () => {
    expect(parse(upsertBody, { uid: 'u', displayName: 'x' })).toEqual({ uid: 'u' });
    expect(problem(upsertBody, {}).message).toBe('uid is required.');
    expect(problem(upsertBody, undefined).status).toBe(422);
  });
});
