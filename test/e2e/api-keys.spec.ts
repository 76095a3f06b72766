// Issue 36, items 1 and 2, as new users try it: a builder prices their published agent's API and
// makes it available ('Disponible para otros desarrolladores'); its marketplace page says 'API
// disponible'; a second user without a card is told to add one, adds it, creates a key with a
// cap of 1 € in 'Mis claves de API', calls the agent with it until the cap refuses the call, and
// sees the spend; the builder sees the buyer's use; axe at 1280 and 390 px.
import { expect, test } from '@playwright/test';
import { createPaidAgent, idToken, newChatUser } from './support/accounts';
import { expectAccessibleAtBothSizes } from './support/axe';


test.setTimeout(240_000);


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

  const invoke = () => buyer.request.post(`/api/v1/agent/${encodeURIComponent(agentId)}/invoke`, { headers: { Authorization: `Bearer ${secret}` }, data: { input: 'Hola' } });
  expect((await invoke()).status()).toBe(200);
  expect((await invoke()).status()).toBe(200);
  const refused = await invoke();
  expect(refused.status()).toBe(402);
  expect(((await refused.json()) as { message: string }).message).toBe('Has alcanzado el límite de gasto de esta clave.');

  await buyer.reload();
  const table = buyer.getByRole('table', { name: 'Mis claves de API' });
  await expect(table.getByText('Producción')).toBeVisible();
  await expect(table.getByTestId('api-key-spent')).toHaveText(/^1,00\s€$/);
  await expectAccessibleAtBothSizes(buyer, 'mis-claves-lista');

  await table.getByRole('button', { name: 'Borrar la clave Producción' }).click();
  await expect(buyer.getByText('Todavía no tienes claves de API de pago.')).toBeVisible();
  expect((await invoke()).status()).toBe(401);

  // The builder sees the buyer's use and revenue this month, never the key.
  await builder.goto(`/edit-advanced-agent/${encodeURIComponent(agentId)}?tab=publish`);
  const buyers = builder.getByRole('table', { name: 'Uso e ingresos por comprador este mes' });
  await expect(buyers.getByRole('row').nth(1)).toContainText(/2.*1,00\s€/);
  await expect(buyers).not.toContainText(secret.slice(0, 14));
  await expectAccessibleAtBothSizes(builder, 'publicacion-compradores');
});
