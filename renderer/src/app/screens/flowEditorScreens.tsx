// /agent-flow: the flow editor (its own chunk with React Flow) following runs with the
// collaboration feature's session view.
import { FlowEditorPage } from '../../features/flow-editor';
import { SessionView } from '../../features/collaboration';

const renderSession = (sessionId: string) => <SessionView sessionId={sessionId} />;

export function FlowEditorScreen() {
  return <FlowEditorPage renderSession={renderSession} />;
}
