import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useApiPricing } from '../api/apiSalesQueries';
import { publicationsStrings as strings } from '../strings';
import { formatCents } from '../utils/format';

/** On an agent's marketplace page: 'API disponible' with its prices, while its creator sells its API (issue 36). */
export function ApiAvailability({ agentId }: { agentId: string }) {
  const pricing = useApiPricing(agentId).data;
  if (!pricing?.available) return null;
  const money = (cents: number) => formatCents(cents, pricing.currency);
  return (
    <Stack gap={4} data-testid="api-availability">
      <Badge variant="light" color="teal">
        {strings.sales.badge}
      </Badge>
      <Text size="sm">{strings.sales.pricesLine(money(pricing.per1000Calls), money(pricing.perMillionInputTokens), money(pricing.perMillionOutputTokens))}</Text>
      <Anchor component={Link} to={`/mi-perfil?tab=API_KEYS&agent=${encodeURIComponent(agentId)}`} size="sm">
        {strings.sales.buyKey}
      </Anchor>
    </Stack>
  );
}
