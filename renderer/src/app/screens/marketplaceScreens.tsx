// Route modules that compose the marketplace with the team and the cart; features do not import
// one another, so the buttons of one are placed into the slots of another here.
import { Badge, Box } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AddToCartButton, CartLink, ShoppingCartPage, useCart } from '../../features/cart';
import type { PurchasedItem, PurchaseState } from '../../features/checkout';
import { CartCheckout, SubscribeButton, toPlan, useSubscriptions, type CreatedSubscription, type Subscription } from '../../features/subscriptions';
import {
  AgentDetailPage,
  CreatorPage,
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
import { authStateAtom, type AuthUser } from '../../features/auth/state/authState';
import { EcosystemChatButton } from '../../features/collaboration/components/EcosystemChatButton';
import { ApiAvailability } from '../../features/publications';
import { useListConversation } from './listConversation';
import { subscriberOf } from './subscriber';
import { AppButton } from '../../shared/ui';
import { appStrings } from '../strings';
import { useCategories } from '../../shared/config';

/**
 * The subscription of the user that covers the agent or ecosystem and is not cancelled: an agent's
 * own, or a pack's that includes it. `undefined` while the subscriptions load; null when none does
 * (or they failed to load: then what a user without one sees is offered, and the server refuses a
 * second subscription with its own message).
 */
function useCoveringSubscription(kind: 'agent' | 'ecosystem', id: string, userId: string): Subscription | null | undefined {
  const subscriptions = useSubscriptions(userId);
  if (subscriptions.isError) return null;
  if (!subscriptions.data) return undefined;
  const live = subscriptions.data.filter((subscription) => subscription.status !== 'cancelled');
  return (
    (kind === 'agent'
      ? (live.find((subscription) => subscription.agentId === id) ?? live.find((subscription) => subscription.agents.includes(id)))
      : live.find((subscription) => subscription.ecosystemId === id)) ?? null
  );
}

/**
 * 'Añadir al carrito' only for what the user can buy: a paid agent (the cart's own rule), not their
 * own, and not one they are already subscribed to (issue 31, item 11). Visitors fill the cart too.
 */
function CartAction({ agent, size }: { agent: Agent; size?: 'xs' | 'sm' }) {
  const { user } = useAtomValue(authStateAtom);
  if (!user) return <AddToCartButton agent={agent} size={size} />;
  if (agent.creatorId === user.userId || !(agent.price > 0)) return null;
  return <SignedInCartAction agent={agent} size={size} userId={user.userId} />;
}

function SignedInCartAction({ agent, size, userId }: { agent: Agent; size?: 'xs' | 'sm'; userId: string }) {
  const covering = useCoveringSubscription('agent', agent.id, userId);
  if (covering !== null) return null;
  return <AddToCartButton agent={agent} size={size} />;
}

const agentCardActions = (agent: Agent) => (
  <>
    <CartAction agent={agent} />
    <AddAgentToTeamButton agent={agent} />
  </>
);

const agentDetailActions = (agent: Agent) => (
  <>
    <AddAgentToTeamButton agent={agent} size="sm" />
    <RemoveAgentFromTeamButton agent={agent} size="sm" />
    <CartAction agent={agent} size="sm" />
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

/** Where 'Chatear' leads for something bought: the agent's chat, or the ecosystem's page in Mi Oficina (where it now is). */
const chatHrefOf = (kind: 'agent' | 'ecosystem', id: string) =>
  kind === 'agent' ? `/chat?agent=${encodeURIComponent(id)}` : `/my-office/ecosystem/${encodeURIComponent(id)}`;

/** /success thanks only after a real purchase: the navigation carries what was bought. */
function useShowPurchase() {
  const navigate = useNavigate();
  return (created: CreatedSubscription[], kind: 'agent' | 'ecosystem') => {
    const items: PurchasedItem[] = created.map((item) => ({
      name: item.planName,
      subscriptionId: item.subscriptionId,
      chatHref: chatHrefOf(kind, item.planId),
    }));
    const state: PurchaseState = { purchase: { items } };
    navigate('/success', { state });
  };
}

/** What the user owns shows as owned: 'Suscrito', 'Chatear' (while it is active) and 'Gestionar suscripción'. */
function OwnedActions({ kind, id, subscription, withChat }: { kind: 'agent' | 'ecosystem'; id: string; subscription: Subscription; withChat: boolean }) {
  const strings = appStrings.screens;
  return (
    <>
      <Badge color={subscription.status === 'active' ? 'teal' : 'yellow'} variant="light" size="lg" data-testid="subscribed-badge">
        {subscription.status === 'active' ? strings.subscribed : subscription.status === 'paused' ? strings.subscriptionPaused : strings.paymentPending}
      </Badge>
      {withChat && subscription.status === 'active' ? (
        <AppButton component={Link} to={chatHrefOf(kind, id)} size="sm">
          {strings.chat}
        </AppButton>
      ) : null}
      <AppButton
        component={Link}
        to={`/mi-perfil?tab=SUBSCRIPTION&sub_id=${encodeURIComponent(subscription.subscriptionId)}`}
        size="sm"
        variant="outline"
      >
        {strings.manageSubscription}
      </AppButton>
    </>
  );
}

/**
 * 'Suscribirse' on a paid agent's or a priced ecosystem's page, for a signed-in user who is not
 * its creator (the creator and admins chat without a subscription); once subscribed, what they
 * own instead (issue 31, join 3). `withChat` false where the page has its own chat button.
 */
function SubscribeAction({ kind, item, withChat = true }: { kind: 'agent' | 'ecosystem'; item: Agent | Ecosystem; withChat?: boolean }) {
  const { user } = useAtomValue(authStateAtom);
  if (!user || item.creatorId === user.userId) return null;
  return <SubscriberAction kind={kind} item={item} withChat={withChat} user={user} />;
}

function SubscriberAction({ kind, item, withChat, user }: { kind: 'agent' | 'ecosystem'; item: Agent | Ecosystem; withChat: boolean; user: AuthUser }) {
  const showPurchase = useShowPurchase();
  const covering = useCoveringSubscription(kind, item.id, user.userId);
  const plan = toPlan(kind, item);
  if (covering === undefined) return null;
  if (covering) return <OwnedActions kind={kind} id={item.id} subscription={covering} withChat={withChat} />;
  if (!plan) return null;
  return <SubscribeButton account={subscriberOf(user)} plan={plan} onSubscribed={(created) => showPurchase([created], kind)} />;
}

const ecosystemActions = (ecosystem: Ecosystem) => <EcosystemTeamButton ecosystem={ecosystem} />;
const ecosystemDetailActions = (ecosystem: Ecosystem, withChat = true) => (
  <>
    <SubscribeAction kind="ecosystem" item={ecosystem} withChat={withChat} />
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

/** 'Chatear con el agente': /chat?agent={id} goes on with the user's open chat with it, or starts one (spec section 4). */
const chatWithAgentButton = (agent: Agent) => (
  <AppButton component={Link} to={`/chat?agent=${encodeURIComponent(agent.id)}`} size="sm" variant="outline">
    {appStrings.screens.chatWithAgent}
  </AppButton>
);

export function MarketplaceAgentScreen() {
  const { id } = useParams();
  const { user } = useAtomValue(authStateAtom);
  return (
    <AgentDetailPage
      agentId={id}
      viewer={user ? { userId: user.userId, isAdmin: user.role === 'admin' } : null}
      renderActions={(agent) => (
        <>
          <SubscribeAction kind="agent" item={agent} withChat={false} />
          {chatWithAgentButton(agent)}
          {agentDetailActions(agent)}
          <ApiAvailability agentId={agent.id} />
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
      <EcosystemDetailPage ecosystemId={id} renderActions={(ecosystem) => ecosystemDetailActions(ecosystem)} renderAgentActions={agentCardActions} />
    </>
  );
}

/** /creadores/{username} (issue 34): a creator's page, with each card's team and cart buttons. */
export function CreatorScreen() {
  const { username } = useParams();
  return <CreatorPage username={username} renderAgentActions={agentCardActions} />;
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
                  if (complete) showPurchase(created, 'agent');
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
      {ecosystemDetailActions(ecosystem, false)}
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
          <SubscribeAction kind="agent" item={agent} withChat={false} />
          {chatWithAgentButton(agent)}
          <EditAgentButton agent={agent} />
          {agentDetailActions(agent)}
        </>
      )}
    />
  );
}

