// Route modules for /create-advanced-agent and /edit-advanced-agent/{agentId}: the agent editor
// with the signed-in user and the prompt versions, test cases, fine-tuning and the API publication
// as tabs (features do not import one another, so they meet here). A save or a delete marks
// 'Mis Agentes' as changed itself (the ['agents'] queries).
import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { FineTuningPanel } from '../../features/agent-creator';
import { AgentEditorPage, agentEditorStrings, type AgentEditor, type AgentEditorTab } from '../../features/agent-editor';
import { authStateAtom } from '../../features/auth/state/authState';
import { PromptTestCasesPanel, PromptVersionsPanel } from '../../features/prompts';
import { PublicationPanel, publicationsStrings } from '../../features/publications';

const promptTabs =
  (agentId: string) =>
  ({ promptChanged }: { promptChanged(): void }): AgentEditorTab[] => [
    { value: 'versions', label: agentEditorStrings.tabs.versions, content: <PromptVersionsPanel agentId={agentId} /> },
    { value: 'test-cases', label: agentEditorStrings.tabs.testCases, content: <PromptTestCasesPanel agentId={agentId} /> },
    {
      value: 'fine-tuning',
      label: agentEditorStrings.tabs.fineTuning,
      content: <FineTuningPanel agentId={agentId} onApplied={promptChanged} />,
    },
    { value: 'publish', label: publicationsStrings.tabLabel, content: <PublicationPanel agentId={agentId} /> },
  ];

function Editor({ agentId }: { agentId?: string }) {
  const { user } = useAtomValue(authStateAtom);
  const editor: AgentEditor | null = user ? { userId: user.userId, isAdmin: user.role === 'admin' } : null;
  return (
    <AgentEditorPage
      key={agentId ?? 'new'}
      agentId={agentId}
      editor={editor}
      extraTabs={agentId ? promptTabs(agentId) : undefined}
    />
  );
}

export function CreateAdvancedAgentScreen() {
  return <Editor />;
}

export function EditAdvancedAgentScreen() {
  const { agentId } = useParams();
  return <Editor agentId={agentId} />;
}
