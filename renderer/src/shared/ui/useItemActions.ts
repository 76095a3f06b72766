import { useState } from 'react';
import { useToast } from './toast';

/**
 * One action at a time on the items of a list (a card, a subscription…): which item is busy, the
 * success toast, a reload of the list, and the failure's text to show above it.
 */
export function useItemActions(reload: () => Promise<unknown>, describeError: (failure: unknown) => string) {
  const toast = useToast();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (itemId: string, action: () => Promise<unknown>, done: string) => {
    setError(null);
    setBusyId(itemId);
    try {
      await action();
      toast.success(done);
      await reload();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusyId(null);
    }
  };

  return { busyId, error, clearError: () => setError(null), run };
}
