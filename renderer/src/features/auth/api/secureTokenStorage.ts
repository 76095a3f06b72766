import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import type { DesktopBridge } from '../../../shared/desktop/desktop';

type DesktopSecureStorage = DesktopBridge['secureStorage'];

/**
 * Amplify's token store on top of the desktop app's encrypted storage, so that tokens never land
 * in the renderer's localStorage. The bridge has no "clear", so the keys written through this
 * adapter are remembered and removed one by one.
 */
export function createSecureTokenStorage(secureStorage: DesktopSecureStorage): KeyValueStorageInterface {
  const writtenKeys = new Set<string>();
  return {
    async setItem(key, value) {
      await secureStorage.setItem(key, value);
      writtenKeys.add(key);
    },
    async getItem(key) {
      return secureStorage.getItem(key);
    },
    async removeItem(key) {
      await secureStorage.removeItem(key);
      writtenKeys.delete(key);
    },
    async clear() {
      await Promise.all([...writtenKeys].map((key) => secureStorage.removeItem(key)));
      writtenKeys.clear();
    },
  };
}
