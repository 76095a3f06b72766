// Route modules for /chat and /chat/{conversationId}.
import { useParams } from 'react-router-dom';
import { ChatPage } from '../../features/chat';

export function ChatScreen() {
  return <ChatPage />;
}

export function ConversationScreen() {
  const { conversationId } = useParams();
  return <ChatPage conversationId={conversationId} />;
}
