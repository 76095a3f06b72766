import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { getDesktop } from '../../../shared/desktop/desktop';
import { chatbotStateAtom } from '../state/chatbotAtoms';

/** In the desktop app the global shortcut opens and closes the assistant. */
export function useDesktopToggle(): void {
  const dispatch = useSetAtom(chatbotStateAtom);
  useEffect(() => {
    const desktop = getDesktop();
    if (!desktop) return;
    return desktop.onToggleAssistant(() => dispatch({ type: 'toggle' }));
  }, [dispatch]);
}
