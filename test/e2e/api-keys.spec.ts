// Issue 36, items 1 and 2, as new users try it: a builder prices their published agent's API and
// makes it available ('Disponible para otros desarrolladores'); its marketplace page says 'API
// disponible'; a second user without a card is told to add one, adds it, creates a key with a
// cap of 1 € in 'Mis claves de API', calls the agent with it until the cap refuses the call, and
// sees the spend grow on the chart of spend per day; the builder sees the buyer's use and revenue,
// this month and per month on a chart, and in 'Mis ingresos' with their share; axe at 1280 and 390 px.
import { expect, test } from '@playwright/test';
import { createPaidAgent, idToken, newChatUser } from './support/accounts';
import { expectAccessibleAtBothSizes } from './support/axe';


// Two users, eight screens each audited at two sizes, on a two-core machine shared with other runs.
test.setTimeout(480_000);


test('a builder sells their agent’s API; a developer buys a key with a cap, calls it, sees the spend and is stopped at the cap', async ({ browser }) => {
  const builder = await newChatUser(browser, 'api-creadora', 'Berta Vende');
  const agentId = await createPaidAgent(builder, { name: 'Asesor de API', description: 'Responde por API a otros desarrolladores', price: '5', prompt: 'Eres breve.' });
  await builder.goto(`/edit-advanced-agent/${encodeURIComponent(agentId)}?tab=publish`);
  await builder.getByRole('button', { name: 'Publicar como API' }).click();
  await builder.getByRole('button', { name: 'He guardado la clave' }).click();
  await builder.getByRole('switch', { name: 'Disponible para otros desarrolladores' }).check();
  // 50 cents a call: a cap of 1 € allows two.
  await builder.getByRole('textbox', { name: /^Por cada 1\.000 llamadas/ }).fill('500');
  await builder.getByRole('button', { name: 'Guardar precios' }).click();
  await expect(builder.getByText('Precios guardados.')).toBeVisible();
  await expectAccessibleAtBothSizes(builder, 'publicacion-precios');

  await builder.goto(`/marketplace/agent/${encodeURIComponent(agentId)}`);
  await expect(builder.getByText('API disponible')).toBeVisible();
  await expect(builder.getByText(/500,00\s€ por 1\.000 llamadas/)).toBeVisible();
  await expectAccessibleAtBothSizes(builder, 'marketplace-api-disponible');

  const buyer = await newChatUser(browser, 'api-compradora', 'Carla Compra');
  await buyer.goto(`/mi-perfil?tab=API_KEYS&agent=${encodeURIComponent(agentId)}`);
  await expect(buyer.getByRole('tab', { name: 'Mis claves de API' })).toHaveAttribute('aria-selected', 'true');
  await buyer.getByRole('textbox', { name: 'Nombre de la clave' }).fill('Producción');
  await buyer.getByRole('textbox', { name: 'Límite de gasto mensual (opcional)' }).fill('1');
  await buyer.getByRole('button', { name: 'Crear clave' }).click();
  await expect(buyer.getByRole('alert').filter({ hasText: 'Añade una tarjeta para usar APIs de pago.' })).toBeVisible();
  await expectAccessibleAtBothSizes(buyer, 'mis-claves-sin-tarjeta');

  const headers = { Authorization: `Bearer ${await idToken(buyer)}` };
  const customer = await buyer.request.post('/api/stripe/create-customer', { headers, data: { name: 'Carla Compra', email: 'carla@example.com' } });
  expect(customer.status()).toBe(201);
  const customerID = ((await customer.json()) as { customerId: string }).customerId;
  expect((await buyer.request.post('/api/stripe/add-card', { headers, data: { customerID, paymentMethodID: 'pm_card_visa' } })).status()).toBe(201);

  await buyer.getByRole('button', { name: 'Crear clave' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Tu nueva clave de API' });
  const secret = (await dialog.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^nova_sk_/);
  await expectAccessibleAtBothSizes(buyer, 'mis-claves-secreto');
  await dialog.getByRole('button', { name: 'He guardado la clave' }).click();

  await expect(buyer.getByText('Todavía no hay uso este mes.')).toBeVisible();
  const invoke = () => buyer.request.post(`/api/v1/agent/${encodeURIComponent(agentId)}/invoke`, { headers: { Authorization: `Bearer ${secret}` }, data: { input: 'Hola' } });
  const month = new Date().toLocaleDateString('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const spendChart = buyer.getByRole('figure', { name: new RegExp(`^Gráfico de barras: gasto de cada clave por día en ${month}`) });
  const spendTable = buyer.getByRole('table', { name: `Gasto por día y por clave en ${month}` });

  // Opening the tab again reads the keys, the spend and the invoices afresh, without a page load.
  const reopenMyKeys = async () => {
    await buyer.getByRole('tab', { name: 'Perfil' }).click();
    await buyer.getByRole('tab', { name: 'Mis claves de API' }).click();
  };

  // The spend grows on the chart, call by call.
  expect((await invoke()).status()).toBe(200);
  await reopenMyKeys();
  await expect(buyer.getByTestId('api-spend-total')).toHaveText(new RegExp(`^Total de ${month}: 0,50\\s€$`));
  await expect(spendChart.locator('.recharts-bar-rectangle')).toHaveCount(1);
  await expect(spendTable.getByRole('row', { name: /Producción/ })).toContainText(/Asesor de API\s*1\s*.*0,50\s€/);
  await expect(buyer.getByRole('progressbar', { name: '50 % del límite gastado' })).toBeVisible();

  expect((await invoke()).status()).toBe(200);
  const refused = await invoke();
  expect(refused.status()).toBe(402);
  expect(((await refused.json()) as { message: string }).message).toBe('Has alcanzado el límite de gasto de esta clave.');

  await reopenMyKeys();
  const table = buyer.getByRole('table', { name: 'Mis claves de API' });
  await expect(table.getByText('Producción')).toBeVisible();
  await expect(table.getByTestId('api-key-spent')).toHaveText(/^1,00\s€$/);
  await expect(buyer.getByRole('progressbar', { name: '100 % del límite gastado' })).toBeVisible();
  await expect(buyer.getByTestId('api-spend-total')).toHaveText(new RegExp(`^Total de ${month}: 1,00\\s€$`));
  await expect(spendTable.getByRole('row', { name: /Producción/ })).toContainText(/Asesor de API\s*2\s*.*1,00\s€/);
  // This month's invoice, still open, with the key's line.
  const invoices = buyer.getByRole('table', { name: 'Facturas de tus claves de API' });
  await expect(invoices.getByRole('row').nth(1)).toContainText(new RegExp(`^${month}Mes en cursoProducción \\(Asesor de API\\): 2 llamadas, 1,00\\s€1,00\\s€`));
  await expect(buyer.getByText('Tus claves de API están suspendidas')).toHaveCount(0);
  await expectAccessibleAtBothSizes(buyer, 'mis-claves-lista');

  await table.getByRole('button', { name: 'Borrar la clave Producción' }).click();
  await expect(buyer.getByText('Todavía no tienes claves de API de pago.')).toBeVisible();
  expect((await invoke()).status()).toBe(401);

  // The builder sees the buyer's use and revenue this month, never the key.
  await builder.goto(`/edit-advanced-agent/${encodeURIComponent(agentId)}?tab=publish`);
  const buyers = builder.getByRole('table', { name: 'Uso e ingresos por comprador este mes' });
  await expect(buyers.getByRole('row').nth(1)).toContainText(/2.*1,00\s€/);
  await expect(buyers).not.toContainText(secret.slice(0, 14));
  // And, per month, on a chart: this month's bar, its figures in the chart's table with the creator’s share (less the 10 % fee).
  const revenue = builder.getByRole('table', { name: 'Ingresos por comprador y mes' });
  await expect(revenue.getByRole('row').nth(1)).toContainText(new RegExp(`${month}.*2\\s*1,00\\s€\\s*0,90\\s€`));
  await expect(builder.getByRole('figure', { name: /^Gráfico de barras: ingresos de cada comprador por mes/ }).locator('.recharts-bar-rectangle')).toHaveCount(1);
  await expectAccessibleAtBothSizes(builder, 'publicacion-compradores');

  // 'Mis ingresos' has the buyer's use this month and the builder's share.
  await builder.goto('/mi-perfil?tab=EARNINGS');
  const sales = builder.getByRole('table', { name: 'Ventas de tu API este mes, por agente y comprador' });
  await expect(sales.getByRole('row').nth(1)).toContainText(/^Asesor de API.+2.+1,00\s€0,90\s€$/);
  await expect(sales.getByTestId('api-sales-share-total')).toHaveText(/^0,90\s€$/);
  await expectAccessibleAtBothSizes(builder, 'mis-ingresos-ventas-api');
});
