import './cart.css';
import { Alert, Anchor, Center, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isApiError } from '../../../shared/api';
import { AppButton, EntityAvatar, useToast } from '../../../shared/ui';
import { cartTotalOf, useAgentsInCart, type CartAgent } from '../api/cartQueries';
import { useCart } from '../hooks/useCart';
import { cartPrice, cartStrings as strings, cartTotal } from '../strings';

const isGone = (error: unknown) => isApiError(error) && error.status === 404;

/** The agents in the cart; ones that no longer exist leave the cart with a toast. */
function useCartAgents(ids: string[]) {
  const { remove } = useCart();
  const toast = useToast();
  const results = useAgentsInCart(ids);
  const gone = ids.filter((_, index) => isGone(results[index]?.error));
  const goneKey = gone.join('\n');

  useEffect(() => {
    for (const id of gone) {
      remove(id);
      toast.error(strings.agentNotFound);
    }
    // Keyed on the ids found gone: each leaves the cart once.
  }, [goneKey]);

  const loaded = new Map(results.flatMap((result, index) => (result.data ? [[ids[index]!, result.data] as const] : [])));
  const failed = results.filter((result) => result.error && !isGone(result.error));
  const status = failed.length > 0 ? 'error' : results.some((result) => result.isPending) ? 'loading' : 'ready';
  return { loaded, status, retry: () => failed.forEach((result) => void result.refetch()) };
}

export interface ShoppingCartPageProps {
  /**
   * The checkout for the agents shown (supplied by the app from the subscriptions feature), for a
   * signed-in user; without it (a visitor) the cart offers 'Inicia sesión para pagar', which comes
   * back here once signed in.
   */
  checkout?: (agents: CartAgent[]) => ReactNode;
}

/** Sign-in, remembering this cart as where to come back to (the sign-in screen follows `from`). */
function SignInToPay() {
  const { pathname, search } = useLocation();
  return (
    <Stack gap={4} align="flex-end">
      <AppButton component={Link} to="/login" state={{ from: { pathname, search } }}>
        {strings.signInToPay}
      </AppButton>
      <Text size="xs" c="dimmed">
        {strings.signInToPayHint}
      </Text>
    </Stack>
  );
}

/** /marketplace/shopping-cart: the agents kept in the cart, each once, and their total. */
export function ShoppingCartPage({ checkout }: ShoppingCartPageProps = {}) {
  const cart = useCart();
  const toast = useToast();
  const { loaded, status, retry } = useCartAgents(cart.ids);
  const agents = cart.ids.map((id) => loaded.get(id)).filter((agent): agent is CartAgent => Boolean(agent));
  const total = cartTotalOf(agents);

  return (
    <Stack gap="md" p={{ base: 'md', sm: 'xl' }} maw={860}>
      <Anchor component={Link} to="/marketplace" size="sm" c="indigo.3">
        ← {strings.back}
      </Anchor>
      <Title order={1}>{strings.title}</Title>
      {status === 'error' && (
        <Alert color="red" variant="light" role="alert" title={strings.loadError}>
          <AppButton variant="outline" size="xs" onClick={retry}>
            {strings.retry}
          </AppButton>
        </Alert>
      )}
      {cart.count === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">{strings.empty}</Text>
          <AppButton component={Link} to="/marketplace" variant="outline">
            {strings.explore}
          </AppButton>
        </Stack>
      ) : status === 'loading' && agents.length === 0 ? (
        <Center py="xl" role="status" aria-label={strings.loading}>
          <Loader color="indigo" />
        </Center>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <ul className="cart-list" aria-label={strings.title}>
              {agents.map((agent) => (
                <li key={agent.id}>
                  <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                      <EntityAvatar name={agent.name} src={agent.avatar} size={36} radius="md" />
                      <Anchor component={Link} to={`/marketplace/agent/${encodeURIComponent(agent.id)}`} c="gray.0" fw={600} truncate="end">
                        {agent.name}
                      </Anchor>
                    </Group>
                    <Group gap="sm" wrap="nowrap">
                      <Text fw={600} data-testid="cart-item-price">
                        {cartPrice(agent.price)}
                      </Text>
                      <AppButton
                        size="xs"
                        variant="danger"
                        aria-label={strings.removeLabel(agent.name)}
                        onClick={() => {
                          cart.remove(agent.id);
                          toast.info(strings.removed);
                        }}
                      >
                        {strings.remove}
                      </AppButton>
                    </Group>
                  </Group>
                </li>
              ))}
            </ul>
            <Divider />
            <Group justify="space-between">
              <Text c="dimmed">{strings.items(cart.count)}</Text>
              <Group gap="xs">
                <Text fw={700}>{strings.total}:</Text>
                <Text fw={800} fz="xl" data-testid="cart-total">
                  {cartTotal(total)}
                </Text>
              </Group>
            </Group>
            <Group justify="space-between" wrap="wrap" align="flex-start">
              <AppButton variant="danger" size="xs" onClick={cart.clear}>
                {strings.clear}
              </AppButton>
              {!checkout ? <SignInToPay /> : status === 'ready' ? checkout(agents) : null}
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
