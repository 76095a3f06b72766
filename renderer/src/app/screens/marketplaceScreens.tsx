// Route modules that compose the marketplace with the team and the cart; features do not import
// one another, so the buttons of one are placed into the slots of another here.
import { Box } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AddToCartButton, CartLink, ShoppingCartPage, useCart } from '../../features/cart';
import type { PurchaseState } from '../../features/checkout';
import { CartCheckout, SubscribeButton, toPlan, type CreatedSubscription } from '../../features/subscriptions';
import {
  AgentDetailPage,
  EcosystemDetailPage,
  MarketplacePage,
  type Agent,
  type Ecosystem,
} from '../../features/marketplace';
import {
  AddAgentToTeamButton,
  EcosystemTeamButton,
  LocalModeNotice,
  EditEcosystemButton,
  MyOfficePage,
  RemoveAgentFromTeamButton,
  useTeamEcosystems,
} from '../../features/team';
import { authStateAtom } from '../../features/auth/state/authState';
import { EcosystemChatButton } from '../../features/collaboration/components/EcosystemChatButton';
import { useListConversation } from './listConversation';
import { subscriberOf } from './subscriber';
import { AppButton } from '../../shared/ui';
import { appStrings } from '../strings';
import { useCategories } from '../../shared/config';

const agentCardActions = (agent: Agent) => (
  <>
    <AddToCartButton agent={agent} />
    <AddAgentToTeamButton agent={agent} />
  </>
);

const agentDetailActions = (agent: Agent) => (
  <>
    <AddAgentToTeamButton agent={agent} size="sm" />
    <RemoveAgentFromTeamButton agent={agent} size="sm" />
    <AddToCartButton agent={agent} size="sm" />
  </>
);

/** The modo local notice, spaced like the page below it. */
function ScreenNotice() {
  const localMode = useTeamEcosystems().data?.localMode;
  if (!localMode) return null;
  return (
    <Box px={{ base: 'md', sm: 'xl' }} pt={{ base: 'md', sm: 'xl' }} maw={1300}>
      <LocalModeNotice />
    </Box>
  );
}

/** /success thanks only after a real purchase: the navigation carries what was bought. */
function useShowPurchase() {
  const navigate = useNavigate();
  return (created: CreatedSubscription[]) => {
    const state: PurchaseState = { purchase: { items: created.map((item) => ({ name: item.planName, subscriptionId: item.subscriptionId })) } };
    navigate('/success', { state });
  };
}

/**
 * 'Suscribirse' on a paid agent's or a priced ecosystem's page, for a signed-in user who is not
 * its creator (the creator and admins chat without a subscription).
 */
function SubscribeAction({ kind, item }: { kind: 'agent' | 'ecosystem'; item: Agent | Ecosystem }) {
  const { user } = useAtomValue(authStateAtom);
  const showPurchase = useShowPurchase();
  const plan = toPlan(kind, item);
  if (!user || !plan) return null;
  if (item.creatorId === user.userId) return null;
  return <SubscribeButton account={subscriberOf(user)} plan={plan} onSubscribed={(created) => showPurchase([created])} />;
}

const ecosystemActions = (ecosystem: Ecosystem) => <EcosystemTeamButton ecosystem={ecosystem} />;
const ecosystemDetailActions = (ecosystem: Ecosystem) => (
  <>
    <SubscribeAction kind="ecosystem" item={ecosystem} />
    <EcosystemTeamButton ecosystem={ecosystem} size="sm" />
  </>
);

export function MarketplaceScreen() {
  return (
    <>
      <ScreenNotice />
      <MarketplacePage
        renderAgentActions={agentCardActions}
        renderEcosystemActions={ecosystemActions}
        headerActions={<CartLink />}
      />
    </>
  );
}

/** 'Chatear con el agente': /chat?agent={id} opens a new conversation with it (spec section 4). */
const chatWithAgentButton = (agent: Agent) => (
  <AppButton component={Link} to={`/chat?agent=${encodeURIComponent(agent.id)}`} size="sm" variant="outline">
    {appStrings.screens.chatWithAgent}
  </AppButton>
);

export function MarketplaceAgentScreen() {
  const { id } = useParams();
  return (
    <AgentDetailPage
      agentId={id}
      renderActions={(agent) => (
        <>
          <SubscribeAction kind="agent" item={agent} />
          {chatWithAgentButton(agent)}
          {agentDetailActions(agent)}
        </>
      )}
    />
  );
}

export function MarketplaceEcosystemScreen() {
  const { id } = useParams();
  return (
    <>
      <ScreenNotice />
      <EcosystemDetailPage ecosystemId={id} renderActions={ecosystemDetailActions} renderAgentActions={agentCardActions} />
    </>
  );
}

/** The cart's checkout: one subscription per paid agent in it, then /success. */
export function ShoppingCartScreen() {
  const { user } = useAtomValue(authStateAtom);
  const cart = useCart();
  const showPurchase = useShowPurchase();
  return (
    <ShoppingCartPage
      checkout={
        user
          ? (agents) => (
              <CartCheckout
                account={subscriberOf(user)}
                items={agents}
                onPurchased={(created, ids, complete) => {
                  ids.forEach((id) => cart.remove(id));
                  if (complete) showPurchase(created);
                }}
              />
            )
          : undefined
      }
    />
  );
}

export function MyOfficeScreen() {
  return <MyOfficePage formatCategory={useCategories().label} />;
}

/** 'Chatear con el ecosistema' first, then the ecosystem's usual actions. */
function MyOfficeEcosystemActions({ ecosystem }: { ecosystem: Ecosystem }) {
  const onCreated = useListConversation();
  const { user } = useAtomValue(authStateAtom);
  const mayEdit = user !== null && (user.role === 'admin' || ecosystem.creatorId === user.userId);
  return (
    <>
      <EcosystemChatButton
        ecosystem={{ id: ecosystem.id, name: ecosystem.name, agentIds: ecosystem.agentIds ?? [] }}
        onConversationCreated={onCreated}
      />
      {mayEdit ? <EditEcosystemButton ecosystem={ecosystem} /> : null}
      {ecosystemDetailActions(ecosystem)}
    </>
  );
}

export function MyOfficeEcosystemScreen() {
  const { id } = useParams();
  return (
    <>
      <ScreenNotice />
      <EcosystemDetailPage
        ecosystemId={id}
        renderActions={(ecosystem) => <MyOfficeEcosystemActions ecosystem={ecosystem} />}
        agentHref={(agent) => `/agentes/${encodeURIComponent(agent.id)}`}
        backTo="/my-office"
        backLabel={appStrings.screens.backToOffice}
      />
    </>
  );
}

/** 'Editar agente' (the advanced form) for the agent's creator or an admin. */
function EditAgentButton({ agent }: { agent: Agent }) {
  const { user } = useAtomValue(authStateAtom);
  const mayEdit = user !== null && (user.role === 'admin' || agent.creatorId === user.userId);
  if (!mayEdit) return null;
  return (
    <AppButton component={Link} to={`/edit-advanced-agent/${encodeURIComponent(agent.id)}`} size="sm" variant="outline">
      {appStrings.screens.editAgent}
    </AppButton>
  );
}

/** /agentes/{agentId}: one agent, from the office or the sidebar's 'Mis Agentes'. */
export function AgentScreen() {
  const { agentId } = useParams();
  return (
    <AgentDetailPage
      agentId={agentId}
      backTo="/my-office"
      backLabel={appStrings.screens.backToOffice}
      renderActions={(agent) => (
        <>
          <SubscribeAction kind="agent" item={agent} />
          {chatWithAgentButton(agent)}
          <EditAgentButton agent={agent} />
          {agentDetailActions(agent)}
        </>
      )}
    />
  );
}

