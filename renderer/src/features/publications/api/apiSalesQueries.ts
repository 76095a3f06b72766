import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentMonth, monthDays } from '../utils/months';
import { api, isApiError, type components } from '../../../shared/api';

/** GET /api/publication/{apiId}/pricing: amounts in cents of `currency`; `next` applies from the next month. */
export type ApiPricing = components['schemas']['ApiPricingDto'];
export type PricingChanges = components['schemas']['UpdateApiPricingDto'];
/** A key the user bought, as listed: never its secret. */
export type BuyerKey = components['schemas']['BuyerKeyDto'];
export type CreatedBuyerKey = components['schemas']['CreatedBuyerKeyDto'];
export type NewBuyerKey = components['schemas']['CreateBuyerKeyDto'];

/** GET /api/publication/{apiId}/buyers: each buyer's use and revenue in a month, never their keys. */
export type ApiBuyers = components['schemas']['ApiBuyersDto'];
/** GET /api/me/api-usage: the user's bought keys' use and spend (cents) per key and day. */
export type BuyerUsage = components['schemas']['BuyerUsageDto'];
export type BuyerUsageDay = components['schemas']['BuyerUsageDayDto'];
/** GET /api/me/api-invoices: the buyer's monthly invoices, newest first; amounts in cents. */
export type ApiInvoice = components['schemas']['ApiInvoiceDto'];

export const apiSalesKeys = {
  pricing: (apiId: string) => ['api-sales', 'pricing', apiId] as const,
  buyers: (apiId: string, month: string) => ['api-sales', 'buyers', apiId, month] as const,
  myKeys: ['api-sales', 'my-keys'] as const,
  myUsage: (month: string) => ['api-sales', 'my-usage', month] as const,
  myInvoices: ['api-sales', 'my-invoices'] as const,
};

/** The listed fields of a bought key, whatever the server sent (the secret is shown once, never kept). */
function withoutSecret(key: BuyerKey | CreatedBuyerKey): BuyerKey {
  const { keyId, agentId, agentName, name, prefix, monthlySpendCap, spentThisMonth, currency, createdAt, lastUsedAt } = key;
  return { keyId, agentId, agentName, name, prefix, monthlySpendCap, spentThisMonth, currency, createdAt, lastUsedAt };
}

/** The queryFn of one month of GET /api/publication/{apiId}/buyers. */
const fetchBuyers =
  (apiId: string, month: string) =>
  async ({ signal }: { signal: AbortSignal }): Promise<ApiBuyers> =>
    (await api.GET('/api/publication/{apiId}/buyers', { params: { path: { apiId }, query: { month } }, signal })).data!;

/** GET /api/publication/{apiId}/pricing (apiId: the publication or its agent); null when its API is not for sale. */
export function useApiPricing(apiId: string | null) {
  return useQuery({
    queryKey: apiSalesKeys.pricing(apiId ?? ''),
    queryFn: async ({ signal }): Promise<ApiPricing | null> => {
      try {
        return (await api.GET('/api/publication/{apiId}/pricing', { params: { path: { apiId: apiId! } }, signal })).data!;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: apiId !== null,
  });
}

/** GET /api/publication/{apiId}/buyers?month= (the agent's creator); the current month (UTC) by default. */
export function useApiBuyers(apiId: string, month = currentMonth()) {
  return useQuery({ queryKey: apiSalesKeys.buyers(apiId, month), queryFn: fetchBuyers(apiId, month) });
}

/**
 * GET /api/publication/{apiId}/buyers?month= for each of `months` (the agent's creator): all the
 * months in their order once every one has loaded, else null; and whether any failed.
 */
export function useApiBuyersByMonth(apiId: string, months: string[]) {
  return useQueries({
    queries: months.map((month) => ({
      queryKey: apiSalesKeys.buyers(apiId, month),
      queryFn: fetchBuyers(apiId, month),
    })),
    combine: (results) => ({
      months: results.every((result) => result.data) ? results.map((result) => result.data!) : null,
      failed: results.some((result) => result.isError),
    }),
  });
}

/**
 * This month's buyers of each of `apiIds` (the caller's publications): each with its buyers once
 * every one has loaded, else null; and whether any failed.
 */
export function useBuyersOfEach(apiIds: string[], month = currentMonth()) {
  return useQueries({
    queries: apiIds.map((apiId) => ({ queryKey: apiSalesKeys.buyers(apiId, month), queryFn: fetchBuyers(apiId, month) })),
    combine: (results) => ({
      sales: results.every((result) => result.data) ? results.map((result, index) => ({ apiId: apiIds[index], ...result.data! })) : null,
      failed: results.some((result) => result.isError),
      retry: () => results.forEach((result) => void result.refetch()),
    }),
  });
}

/** PUT /api/publication/{apiId}/pricing (the agent's creator). */
export function useSavePricing(apiId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PricingChanges) => (await api.PUT('/api/publication/{apiId}/pricing', { params: { path: { apiId } }, body })).data!,
    onSuccess: (pricing) => {
      queryClient.setQueryData(apiSalesKeys.pricing(apiId), pricing);
      void queryClient.invalidateQueries({ queryKey: apiSalesKeys.pricing(pricing.agentId) });
    },
  });
}

/** GET /api/me/api-keys: the user's bought keys with this month's spend. */
export function useMyApiKeys() {
  return useQuery({
    queryKey: apiSalesKeys.myKeys,
    queryFn: async ({ signal }) => (await api.GET('/api/me/api-keys', { signal })).data!.map(withoutSecret),
  });
}

/** GET /api/me/api-usage for every day of `month` (YYYY-MM, UTC). */
export function useMyApiUsage(month: string) {
  return useQuery({
    queryKey: apiSalesKeys.myUsage(month),
    queryFn: async ({ signal }) => (await api.GET('/api/me/api-usage', { params: { query: monthDays(month) }, signal })).data!,
  });
}

/** GET /api/me/api-invoices: the user's invoices for their keys' use. */
export function useMyApiInvoices() {
  return useQuery({
    queryKey: apiSalesKeys.myInvoices,
    queryFn: async ({ signal }) => (await api.GET('/api/me/api-invoices', { signal })).data!,
  });
}

/** POST /api/me/api-keys: the answer carries the secret, shown once. */
export function useCreateMyApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: async (body: NewBuyerKey): Promise<CreatedBuyerKey> => (await api.POST('/api/me/api-keys', { body })).data!,
    onSuccess: (created) => {
      queryClient.setQueryData<BuyerKey[]>(apiSalesKeys.myKeys, (keys = []) => [...keys, withoutSecret(created)]);
      void queryClient.invalidateQueries({ queryKey: apiSalesKeys.myKeys });
    },
  });
}

/** DELETE /api/me/api-keys/{keyId}: it stops working at once. */
export function useDeleteMyApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (keyId: string) => {
      await api.DELETE('/api/me/api-keys/{keyId}', { params: { path: { keyId } } });
      return keyId;
    },
    onSuccess: (keyId) => {
      queryClient.setQueryData<BuyerKey[]>(apiSalesKeys.myKeys, (keys = []) => keys.filter((key) => key.keyId !== keyId));
      void queryClient.invalidateQueries({ queryKey: apiSalesKeys.myKeys });
    },
  });
}
