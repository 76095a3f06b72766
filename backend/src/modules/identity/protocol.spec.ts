import { maskEmail } from './protocol';

describe('maskEmail', () => {
  it.each([
    ['ana@example.com', 'a***@e***.com'],
    ['x@mail.example.co.uk', 'x***@m***.uk'],
    ['jefa@localhost', 'j***@l***'],
  ])('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
