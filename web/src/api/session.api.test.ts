import { describe, expect, it } from 'vitest';
import { toSessionUser } from './session.api.ts';

const user = { id: 7, email: 'ada@gmail.com', firstName: 'Ada', lastName: 'Lovelace', isAdmin: false, userType: 'standard' };

describe('toSessionUser', () => {
  it('accepts the user itself or wrapped in { user }', () => {
    expect(toSessionUser(user)).toEqual(user);
    expect(toSessionUser({ user })).toEqual(user);
  });

  it('rejects anything without id, email and isAdmin', () => {
    expect(toSessionUser(null)).toBeNull();
    expect(toSessionUser({ id: '7', email: 'a', isAdmin: false })).toBeNull();
    expect(toSessionUser({ user: { id: 7, email: 'a' } })).toBeNull();
    expect(toSessionUser('ada')).toBeNull();
  });
});
