import { webPageUrl } from '../../../shared/config';
import { AppButton, useToast } from '../../../shared/ui';
import type { Agent } from '../api/marketplaceQueries';
import { marketplaceStrings as strings } from '../strings';

/** The absolute address of the agent's marketplace page. */
export function agentPageUrl(agentId: string): string {
  return webPageUrl(`/marketplace/agent/${encodeURIComponent(agentId)}`);
}

/**
 * 'Compartir' on a public agent's page: copies the address of its marketplace page and says
 * 'Enlace copiado'; where the clipboard is not available, the toast gives the address to copy.
 */
export function ShareAgentButton({ agent }: { agent: Pick<Agent, 'id' | 'isPublic'> }) {
  const toast = useToast();
  if (!agent.isPublic) return null;
  const share = async () => {
    const url = agentPageUrl(agent.id);
    try {
      if (!navigator.clipboard) throw new Error('Sin portapapeles');
      await navigator.clipboard.writeText(url);
      toast.success(strings.detail.linkCopied);
    } catch {
      toast.error(strings.detail.copyFailed(url));
    }
  };
  return (
    <AppButton variant="outline" size="sm" title={strings.detail.shareTitle} onClick={() => void share()}>
      {strings.detail.share}
    </AppButton>
  );
}
