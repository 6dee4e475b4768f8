import { describe, expect, it } from 'vitest';
import { homePath, homePathFor } from './home-path.ts';

describe('after sign-in', () => {
  it('sends admins to /admin and everyone else to /welcome', () => {
    expect(homePathFor(true)).toBe('/admin');
    expect(homePathFor(false)).toBe('/welcome');
    expect(homePath({ isAdmin: true })).toBe('/admin');
    expect(homePath(null)).toBe('/welcome');
  });
});
