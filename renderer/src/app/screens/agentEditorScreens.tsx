// Route modules for /create-advanced-agent and /edit-advanced-agent/{agentId}: the agent editor
// with the signed-in user and the knowledge, tools, prompt versions, test cases, fine-tuning and the API
// publication as tabs (features do not import one another, so they meet here). A save or a delete marks
// 'Mis Agentes' as changed itself (the ['agents'] queries).
import { useAtomValue } from 'jotai';
import { useLocation, useParams } from 'react-router-dom';
import { FineTuningPanel } from '../../features/agent-creator';
import { AgentEditorPage, agentEditorStrings, type AgentEditor, type AgentEditorPageProps, type AgentEditorTab } from '../../features/agent-editor';
import { authStateAtom } from '../../features/auth/state/authState';
import { KnowledgePanel, knowledgeStrings } from '../../features/knowledge';
import { PromptTestCasesPanel, PromptVersionsPanel } from '../../features/prompts';
import { PublicationPanel, publicationsStrings } from '../../features/publications';
import { ToolsPanel, toolsStrings } from '../../features/tools';

const promptTabs =
  (agentId: string) =>
  ({ promptChanged }: { promptChanged(): void }): AgentEditorTab[] => [
    { value: 'knowledge', label: knowledgeStrings.tabLabel, content: <KnowledgePanel agentId={agentId} /> },
    { value: 'tools', label: toolsStrings.tabLabel, content: <ToolsPanel agentId={agentId} /> },
    { value: 'versions', label: agentEditorStrings.tabs.versions, content: <PromptVersionsPanel agentId={agentId} /> },
    { value: 'test-cases', label: agentEditorStrings.tabs.testCases, content: <PromptTestCasesPanel agentId={agentId} /> },
    {
      value: 'fine-tuning',
      label: agentEditorStrings.tabs.fineTuning,
      content: <FineTuningPanel agentId={agentId} onApplied={promptChanged} />,
    },
    { value: 'publish', label: publicationsStrings.tabLabel, content: <PublicationPanel agentId={agentId} /> },
  ];

/** The creator's draft a 'Crear con formulario' link carried in the route's state, if it did. */
function draftFromState(state: unknown): AgentEditorPageProps['startFrom'] {
  if (typeof state !== 'object' || state === null || !('draft' in state)) return undefined;
  const draft = (state as { draft: unknown }).draft;
  const looksLikeDraft =
    typeof draft === 'object' && draft !== null && typeof (draft as { name?: unknown }).name === 'string' && Array.isArray((draft as { skills?: unknown }).skills);
  return looksLikeDraft ? (draft as AgentEditorPageProps['startFrom']) : undefined;
}

function Editor({ agentId }: { agentId?: string }) {
  const { user } = useAtomValue(authStateAtom);
  const startFrom = draftFromState(useLocation().state);
  const editor: AgentEditor | null = user ? { userId: user.userId, isAdmin: user.role === 'admin' } : null;
  return (
    <AgentEditorPage
      key={agentId ?? 'new'}
      agentId={agentId}
      editor={editor}
      extraTabs={agentId ? promptTabs(agentId) : undefined}
      startFrom={startFrom}
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
