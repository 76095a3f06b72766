import { buildContentSecurityPolicy, originOf } from './csp';

describe('buildContentSecurityPolicy', () => {
  it('allows scripts only from the app and connections only to the app and the backend origin', () => {
    const policy = buildContentSecurityPolicy('https://api.nova.example/v1');
    const directives = Object.fromEntries(
      policy.split('; ').map((directive) => {
        const [name, ...sources] = directive.split(' ');
        return [name, sources.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob: https:",
      'connect-src': "'self' https://api.nova.example",
      'font-src': "'self' data:",
    });
  });
});

describe('originOf', () => {
  it('gives custom-scheme origins the way Chromium sees them', () => {
    expect(originOf('app://nova/chat/1?x=2')).toBe('app://nova');
    expect(originOf('http://localhost:5173/login')).toBe('http://localhost:5173');
    expect(originOf('about:blank')).toBeNull();
    expect(originOf('nonsense')).toBeNull();
  });
});
