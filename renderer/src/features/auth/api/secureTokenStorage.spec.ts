import { desktopBridge } from '../../../../test/desktop-bridge';
import { createSecureTokenStorage } from './secureTokenStorage';

describe('createSecureTokenStorage', () => {
  it('reads and writes through the desktop secure storage, and clear removes what it wrote', async () => {
    const { secureStorage } = desktopBridge('http://127.0.0.1:4100');
    await secureStorage.setItem('other-app-key', 'kept');
    const storage = createSecureTokenStorage(secureStorage);

    await storage.setItem('CognitoIdentityServiceProvider.client.ana.idToken', 'token-1');
    await storage.setItem('CognitoIdentityServiceProvider.client.ana.refreshToken', 'refresh-1');
    expect(await secureStorage.getItem('CognitoIdentityServiceProvider.client.ana.idToken')).toBe('token-1');
    expect(await storage.getItem('CognitoIdentityServiceProvider.client.ana.refreshToken')).toBe('refresh-1');

    await storage.removeItem('CognitoIdentityServiceProvider.client.ana.refreshToken');
    expect(await secureStorage.getItem('CognitoIdentityServiceProvider.client.ana.refreshToken')).toBeNull();

    await storage.clear();
    expect(await secureStorage.getItem('CognitoIdentityServiceProvider.client.ana.idToken')).toBeNull();
    expect(await secureStorage.getItem('other-app-key')).toBe('kept');
    expect(window.localStorage.length).toBe(0);
  });
});
