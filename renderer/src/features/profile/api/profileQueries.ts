import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type components } from '../../../shared/api';

export type Registration = Pick<components['schemas']['RegistrationDto'], 'contactName' | 'handle' | 'email'>;
export type RegistrationUpdate = components['schemas']['UpdateUserDto'];

export const registrationKey = (userId: string) => ['users', userId, 'registration'] as const;

/** The user's contact data (GET /api/users/registration/{id}). */
export function useRegistration(userId: string) {
  return useQuery({
    queryKey: registrationKey(userId),
    queryFn: async ({ signal }): Promise<Registration> =>
      (await api.GET('/api/users/registration/{id}', { params: { path: { id: userId } }, signal })).data!,
  });
}

/** Saves the contact data; the server's answer is the registration from then on. */
export function useSaveRegistration(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: RegistrationUpdate): Promise<Registration> =>
      (await api.PUT('/api/users/{id}', { params: { path: { id: userId } }, body: update })).data!,
    onSuccess: (saved) => queryClient.setQueryData(registrationKey(userId), saved),
  });
}
