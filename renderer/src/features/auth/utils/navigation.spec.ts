import { signedInTarget } from './navigation';

describe('signedInTarget', () => {
  it('goes to /chat when there is no remembered origin', () => {
    expect(signedInTarget(undefined)).toBe('/chat');
  });

  it('keeps the path and the query of the remembered origin', () => {
    expect(signedInTarget({ pathname: '/mi-perfil', search: '?tab=PAYMENTS' })).toBe('/mi-perfil?tab=PAYMENTS');
  });

  it.each(['//evil.example/x', 'https://evil.example', '/login', '/register', '/verify-email'])(
    'does not follow %s',
    (pathname) => {
      expect(signedInTarget({ pathname })).toBe('/chat');
    },
  );
});
