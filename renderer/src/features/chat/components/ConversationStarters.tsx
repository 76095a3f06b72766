import { AppButton } from '../../../shared/ui';
import { chatStrings } from '../strings';
import './conversationStarters.css';

export interface ConversationStartersProps {
  /** The agent's conversation starters (up to four, set in its editor). */
  starters: readonly string[];
  /** Sends a starter's text as the first message; absent while nothing can be sent. */
  onStart?: (text: string) => void;
}

/** An empty chat with an agent: its conversation starters, each a button that sends its text. */
export function ConversationStarters({ starters, onStart }: ConversationStartersProps) {
  if (starters.length === 0) return null;
  return (
    <div role="group" aria-label={chatStrings.page.starters} className="chat-starters">
      {starters.map((starter) => (
        <AppButton key={starter} variant="outline" className="chat-starter" disabled={!onStart} onClick={() => onStart?.(starter)}>
          {starter}
        </AppButton>
      ))}
    </div>
  );
}
