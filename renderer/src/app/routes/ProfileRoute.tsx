import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DeleteAccountSection } from '../../features/account-deletion';
import { authStateAtom, TwoStepVerification, useAuth } from '../../features/auth';
import { DataExportSection } from '../../features/data-export';
import { EarningsPanel } from '../../features/earnings';
import { PaymentMethodsPanel } from '../../features/payments';
import { ProfilePage } from '../../features/profile';
import { ApiSalesEarnings, MyApiKeysPanel } from '../../features/publications';
import { PlanChangePage, PlansPanel, resumeSubscriptionOf, SubscriptionList, subscriptionsStrings, type ResumeSubscriptionState } from '../../features/subscriptions';
import { subscriberOf } from '../screens/subscriber';
import { sameAppPath } from './sameAppPath';

const profileHref = (params: Record<string, string>) => `/mi-perfil?${new URLSearchParams(params).toString()}`;

/**
 * /mi-perfil composed from the profile feature, the identity feature's security settings and the
 * payments and subscriptions features' tabs (PAYMENTS, SUBSCRIPTION, PLANS; `sub_id` opens one).
 */
export function ProfileRoute() {
  const { user } = useAtomValue(authStateAtom);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { signOut } = useAuth();
  if (!user) return null;
  const account = subscriberOf(user);
  const subId = search.get('sub_id');
  const agent = search.get('agent');
  const ecosystem = search.get('ecosystem');
  const focus = agent ? { kind: 'agent' as const, id: agent } : ecosystem ? { kind: 'ecosystem' as const, id: ecosystem } : null;
  // Sent here by 'Suscribirse' without a card: the page to go back to once one is saved, with the plans to confirm.
  const subscribing = search.get('reason') === 'subscribe';
  const returnTo = subscribing ? sameAppPath(search.get('returnTo')) : null;
  const resumeIds = resumeSubscriptionOf(location.state);
  const backState: ResumeSubscriptionState | null = resumeIds && { resumeSubscription: resumeIds };
  const backToSubscription = returnTo ? () => navigate(returnTo, { state: backState }) : undefined;

  return (
    <ProfilePage
      userId={user.userId}
      security={
        <>
          <TwoStepVerification />
          <DataExportSection userId={user.userId} />
          <DeleteAccountSection onSignOut={() => void signOut()} />
        </>
      }
      panels={{
        PAYMENTS: (
          <PaymentMethodsPanel
            account={account}
            onCardAdded={backToSubscription}
            notice={
              subscribing ? (
                <Alert color="indigo" variant="light" role="status">
                  {returnTo ? (
                    <Stack gap={6} align="flex-start">
                      <Text size="sm">{subscriptionsStrings.subscribe.noCardNotice}</Text>
                      {/* indigo.2: AA on the light indigo alert (the default indigo.4 is 4.46:1 there). */}
                      <Anchor component={Link} to={returnTo} state={backState} size="sm" c="indigo.2">
                        {subscriptionsStrings.subscribe.backToSubscription}
                      </Anchor>
                    </Stack>
                  ) : (
                    subscriptionsStrings.subscribe.noCard
                  )}
                </Alert>
              ) : undefined
            }
          />
        ),
        SUBSCRIPTION: (
          <SubscriptionList
            userId={user.userId}
            focusId={subId}
            onNew={() => navigate(profileHref({ tab: 'PLANS' }))}
            onEdit={(subscription) => navigate(profileHref({ tab: 'PLANS', sub_id: subscription.subscriptionId }))}
          />
        ),
        PLANS: (
          <PlansPanel
            account={account}
            focus={focus}
            changingId={subId}
            onSubscribed={(created) => navigate(profileHref({ tab: 'SUBSCRIPTION', sub_id: created.subscriptionId }))}
            onChangePlan={(subscriptionId, priceId) =>
              navigate(`/mi-perfil/subscription-plans/${encodeURIComponent(subscriptionId)}/${encodeURIComponent(priceId)}`)
            }
          />
        ),
        EARNINGS: <EarningsPanel apiSales={<ApiSalesEarnings />} />,
        API_KEYS: <MyApiKeysPanel agentId={agent} />,
      }}
    />
  );
}

/** /mi-perfil/subscription-plans/{subscriptionId}/{priceId}: the plan change with its proration. */
export function PlanChangeRoute() {
  const { user } = useAtomValue(authStateAtom);
  const { subscriptionId = '', priceId = '' } = useParams();
  const navigate = useNavigate();
  if (!user) return null;
  const back = profileHref({ tab: 'SUBSCRIPTION', sub_id: subscriptionId });
  return (
    <PlanChangePage
      userId={user.userId}
      subscriptionId={subscriptionId}
      priceId={priceId}
      backHref={back}
      onDone={() => navigate(back)}
    />
  );
}
