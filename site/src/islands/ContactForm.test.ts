import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { fieldErrors } from './ContactForm';

describe('fieldErrors', () => {
  it('maps each bad field of a 422 to its message', () => {
    const body = JSON.stringify({ error: { status: 422, message: 'email: must be a valid email address', details: { errors: [{ path: 'email', message: 'must be a valid email address' }, { path: 'name', message: 'is required' }] } } });
    expect(fieldErrors(new ApiError(422, body))).toEqual({ email: 'must be a valid email address', name: 'is required' });
  });

  it('shows a 429 as a form-level message', () => {
    const body = JSON.stringify({ error: { status: 429, message: 'Too many messages from this connection. Try again in 40 s.' } });
    expect(fieldErrors(new ApiError(429, body))).toEqual({ form: 'Too many messages from this connection. Try again in 40 s.' });
  });

  it('falls back to the raw error for a non-JSON body', () => {
    expect(fieldErrors(new ApiError(502, 'Bad Gateway'))).toEqual({ form: '502: Bad Gateway' });
  });
});
