// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { displayNameOf, initialsOf } from './display-name';

describe('displayNameOf', () => {
  it.each([
    ['the product name first', { name: 'Asha Verse', email: 'asha@writory.local' }, { displayName: 'Google Asha', email: 'asha@writory.local' }, 'Asha Verse'],
    ['the identity display name without a product name', { name: null, email: 'asha@writory.local' }, { displayName: 'Google Asha' }, 'Google Asha'],
    ['the identity display name without a product user', null, { displayName: 'Google Asha', email: 'x@y.z' }, 'Google Asha'],
    ['the part of the email before the @', { name: '  ', email: 'layla.h@writory.local' }, { displayName: '' }, 'layla.h'],
    ['the identity email when the product user has none', null, { displayName: null, email: 'mei@writory.local' }, 'mei'],
    ['"User" when nothing is known', null, { displayName: null, email: null }, 'User'],
    ['"User" with no arguments at all', undefined, undefined, 'User'],
    ['"User" for an email that starts with @', { name: null, email: '@odd' }, null, 'User'],
  ])('uses %s', (_case, user, identity, expected) => {
    expect(displayNameOf(user, identity)).toBe(expected);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Asha Verse', 'AV'],
    ['layla', 'L'],
    ['jonah.marsh', 'JM'],
    ['Mei Ling Tan', 'MT'],
    ['', '?'],
    ['émile zola', 'ÉZ'],
    ['  Tomás  de  Rivera ', 'TR'],
    ['प्रिया शर्मा', 'पश'],
  ])('%s → %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
