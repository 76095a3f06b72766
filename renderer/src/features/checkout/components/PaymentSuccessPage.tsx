import { Anchor, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useRuntimeConfig } from '../../../shared/config';
import { AppButton } from '../../../shared/ui/AppButton';
import { checkoutStrings } from '../strings';

// Stripe checkout session ids look like cs_test_a1B2…; anything else is not shown back to the user.
const SESSION_ID_PATTERN = /^[A-Za-z0-9_]{6,255}$/;

function CheckIcon() {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

/**
 * /success: where the payment provider sends the user back. The subscription itself is recorded by
 * the provider's signed webhook, so this page makes no call; it only thanks and points onwards.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const purchase = purchaseOf(location.state);
  // Subscribed in the app (cart or 'Suscribirse'): the navigation carries what was bought. Only
  // code that just completed a purchase sets this state; an address typed by hand has none.
  if (purchase) return <PurchaseCompleted reference={purchase.items.map((item) => item.subscriptionId).join(', ')} items={purchase.items} />;
  const sessionId = params.get('session_id');
  // Without the provider's session reference nothing was bought: no thanks, just a way on.
  if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) return <NoPurchase />;
  return <PurchaseCompleted reference={sessionId} />;
}

/** What a completed purchase passes to /success as the navigation's state. */
export interface PurchaseState {
  purchase: { items: PurchasedItem[] };
}

/** One thing bought; `chatHref` is where its 'Chatear' leads (an agent's chat, an ecosystem's page). */
export interface PurchasedItem {
  name: string;
  subscriptionId: string;
  chatHref?: string;
}

/** Only the app's own paths: the state comes from the history, which outlives the app's version. */
const isAppPath = (href: unknown): href is string => typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');

function purchaseOf(state: unknown): PurchaseState['purchase'] | null {
  if (typeof state !== 'object' || state === null) return null;
  const purchase = (state as Partial<PurchaseState>).purchase;
  if (!purchase || !Array.isArray(purchase.items)) return null;
  const items = purchase.items
    .filter(
      (item): item is PurchasedItem =>
        typeof item?.name === 'string' && typeof item?.subscriptionId === 'string' && item.subscriptionId !== '',
    )
    .map(({ name, subscriptionId, chatHref }) => ({ name, subscriptionId, ...(isAppPath(chatHref) ? { chatHref } : {}) }));
  return items.length > 0 ? { items } : null;
}

function NoPurchase() {
  return (
    <Stack align="center" py={{ base: 48, sm: 80 }} px="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>{checkoutStrings.noPurchase.title}</Title>
          <Text c="dimmed">{checkoutStrings.noPurchase.lead}</Text>
          <AppButton component={Link} to="/marketplace" variant="outline">
            {checkoutStrings.marketplace}
          </AppButton>
        </Stack>
      </Paper>
    </Stack>
  );
}

function PurchaseCompleted({ reference, items }: { reference: string; items?: PurchaseState['purchase']['items'] }) {
  const { productName } = useRuntimeConfig();
  const chats = (items ?? []).filter((item) => item.chatHref);
  return (
    <Stack align="center" py={{ base: 48, sm: 80 }} px="md">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" color="teal" variant="light">
            <CheckIcon />
          </ThemeIcon>
          <Title order={1}>{checkoutStrings.title}</Title>
          <Text c="dimmed">{checkoutStrings.lead(productName)}</Text>
          {items && (
            <Text size="sm" data-testid="purchased-items">
              {checkoutStrings.subscribedTo(items.map((item) => item.name))}
            </Text>
          )}
          <Text size="sm">
            {checkoutStrings.reference}: <Code>{reference}</Code>
          </Text>
          <Text size="sm" c="dimmed">
            {checkoutStrings.next}
          </Text>
          <Group justify="center" gap="sm" mt="xs">
            {chats.map((item) => (
              <AppButton key={item.subscriptionId} component={Link} to={item.chatHref!}>
                {chats.length === 1 ? checkoutStrings.chat : checkoutStrings.chatWith(item.name)}
              </AppButton>
            ))}
            <AppButton component={Link} to="/my-office" variant={chats.length > 0 ? 'outline' : 'primary'}>
              {checkoutStrings.office}
            </AppButton>
            <AppButton component={Link} to="/marketplace" variant="outline">
              {checkoutStrings.marketplace}
            </AppButton>
          </Group>
          <Text size="sm" c="dimmed">
            {checkoutStrings.help}{' '}
            <Anchor component={Link} to="/contact/facturacion" size="sm">
              {checkoutStrings.contact}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
