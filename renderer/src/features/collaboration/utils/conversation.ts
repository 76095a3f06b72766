/** Flow ('Flujo de Agentes') and ecosystem conversations are run by collaboration sessions. */
export function isCollaborationConversation(metadata: { fromFlow?: boolean; isEcosystemChat?: boolean } | null | undefined): boolean {
  return metadata?.fromFlow === true || metadata?.isEcosystemChat === true;
}
