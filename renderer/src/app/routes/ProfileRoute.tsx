import { useAtomValue } from 'jotai';
import { authStateAtom, TwoStepVerification } from '../../features/auth';
import { ProfilePage } from '../../features/profile';

/** /mi-perfil composed from the profile feature and the identity feature's security settings. */
export function ProfileRoute() {
  const { user } = useAtomValue(authStateAtom);
  if (!user) return null;
  return <ProfilePage userId={user.userId} security={<TwoStepVerification />} />;
}
