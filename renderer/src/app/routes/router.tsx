import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { loadChunk } from './chunk-loading';
import { RequireAdmin } from '../guards/RequireAdmin';
import { RequireAuth } from '../guards/RequireAuth';
import { MainLayout } from '../layouts/MainLayout';
import { PageSkeleton } from '../layouts/PageSkeleton';
import { RootLayout } from '../layouts/RootLayout';
import { LandingScreen } from '../screens/landingScreen';
import type { RouteHandle } from './route-handle';

/** The marketplace, team and cart screens share one chunk: they are visited together. */
const screens = () => import('../screens/marketplaceScreens');
/** The chat screens (/chat and /chat/{conversationId}). */
const chatScreens = () => import('../screens/chatScreens');
/** The agent creator (/agent-creator and /agent-creator/{agentId}). */
const agentCreatorScreens = () => import('../screens/agentCreatorScreens');
/** The advanced agent form (/create-advanced-agent and /edit-advanced-agent/{agentId}). */
const agentEditorScreens = () => import('../screens/agentEditorScreens');
/** The team chat start (/start-team-chat) beside the collaboration chats of the chat chunk. */
const collaborationScreens = () => import('../screens/collaborationScreens');
/** The admin flow editor (/agent-flow): React Flow comes only with it. */
const flowEditorScreens = () => import('../screens/flowEditorScreens');
/** The admin area (/admin and its pages), with the charts library only here. */
const adminScreens = () => import('../screens/adminScreens');
/** The public pages (legal texts, contact, support, payment return, assistant chat) share one chunk. */
const publicScreens = () => import('../screens/publicScreens');

type RouteModule = { Component: ComponentType };

const lazyScreen = (title: string, load: () => Promise<RouteModule>) => ({
  handle: { title } satisfies RouteHandle,
  lazy: () => loadChunk(load),
});

const page = (path: string, title: string, load: () => Promise<RouteModule>): RouteObject => ({
  path,
  ...lazyScreen(title, load),
});

const indexPage = (title: string, load: () => Promise<RouteModule>): RouteObject => ({
  index: true,
  ...lazyScreen(title, load),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // While the first screen's code loads, the router shows the nearest of these in its place:
    // the page's outline, as index.html has it, instead of nothing.
    hydrateFallbackElement: <PageSkeleton />,
    children: [
      // Full-page authentication screens.
      page('/login', 'Iniciar sesión', async () => ({
        Component: (await import('../../features/auth/components/LoginPage')).LoginPage,
      })),
      page('/register', 'Crear cuenta', async () => ({
        Component: (await import('../../features/auth/components/RegisterPage')).RegisterPage,
      })),
      page('/verify-email', 'Verificar correo', async () => ({
        Component: (await import('../../features/auth/components/VerifyEmailPage')).VerifyEmailPage,
      })),
      page('/forgot-password', 'Recuperar contraseña', async () => ({
        Component: (await import('../../features/auth/components/ForgotPasswordPage')).ForgotPasswordPage,
      })),
      {
        element: <MainLayout />,
        // Below the root, so that its start-up work (runtime configuration, session) runs meanwhile.
        hydrateFallbackElement: <PageSkeleton />,
        children: [
          // The most visited first screen is in the entry script: no route chunk to wait for.
          { index: true, handle: { title: 'Inicio' } satisfies RouteHandle, Component: LandingScreen },
          page('/success', 'Pago completado', async () => ({ Component: (await publicScreens()).PaymentSuccessScreen })),
          page('/chat-agent', 'Chat con el asistente', async () => ({ Component: (await publicScreens()).AssistantChatScreen })),
          page('/contact', 'Contacto', async () => ({ Component: (await publicScreens()).ContactScreen })),
          page('/contact/:section', 'Contacto', async () => ({ Component: (await publicScreens()).ContactScreen })),
          page('/privacidad', 'Política de privacidad', async () => ({ Component: (await publicScreens()).PrivacyScreen })),
          page('/terminos', 'Términos y condiciones', async () => ({ Component: (await publicScreens()).TermsScreen })),
          page('/cookies', 'Política de cookies', async () => ({ Component: (await publicScreens()).CookiesScreen })),
          page('/legal', 'Aviso legal', async () => ({ Component: (await publicScreens()).LegalNoticeScreen })),
          page('/support', 'Centro de soporte', async () => ({ Component: (await publicScreens()).SupportScreen })),
          // Visitors may browse the marketplace (spec section 6); adding to the team asks them to sign in.
          {
            path: '/marketplace',
            children: [
              indexPage('Marketplace', async () => ({ Component: (await screens()).MarketplaceScreen })),
              page('agent/:id', 'Agente', async () => ({ Component: (await screens()).MarketplaceAgentScreen })),
              page('ecosystem/:id', 'Ecosistema', async () => ({ Component: (await screens()).MarketplaceEcosystemScreen })),
              page('shopping-cart', 'Carrito de compra', async () => ({ Component: (await screens()).ShoppingCartScreen })),
            ],
          },
          // Issue 34: a creator's public page.
          page('/creadores/:username', 'Creador', async () => ({ Component: (await screens()).CreatorScreen })),
          {
            element: <RequireAuth />,
            children: [
              page('/agentes/:agentId', 'Agente', async () => ({ Component: (await screens()).AgentScreen })),
              page('/agent-creator', 'Creador de agentes', async () => ({ Component: (await agentCreatorScreens()).AgentCreatorScreen })),
              page('/agent-creator/:agentId', 'Creador de agentes', async () => ({
                Component: (await agentCreatorScreens()).AgentCreatorEditScreen,
              })),
              { path: '/creador-agentes', element: <Navigate to="/agent-creator" replace /> },
              page('/create-advanced-agent', 'Crear Agente Avanzado', async () => ({
                Component: (await agentEditorScreens()).CreateAdvancedAgentScreen,
              })),
              page('/edit-advanced-agent/:agentId', 'Editar agente', async () => ({
                Component: (await agentEditorScreens()).EditAdvancedAgentScreen,
              })),
              page('/chat', 'Chat', async () => ({ Component: (await chatScreens()).ChatScreen })),
              page('/chat/:conversationId', 'Chat', async () => ({ Component: (await chatScreens()).ConversationScreen })),
              {
                path: '/my-office',
                children: [
                  indexPage('Mi Oficina', async () => ({ Component: (await screens()).MyOfficeScreen })),
                  page('ecosystem/:id', 'Ecosistema', async () => ({ Component: (await screens()).MyOfficeEcosystemScreen })),
                ],
              },
              // 'Mis compras': the subscriptions, with their next charge, in the profile's SUBSCRIPTION tab.
              { path: '/mis-compras', element: <Navigate to="/mi-perfil?tab=SUBSCRIPTION" replace /> },
              page('/start-team-chat', 'Chat de equipo', async () => ({ Component: (await collaborationScreens()).StartTeamChatScreen })),
              {
                path: '/mi-perfil',
                children: [
                  indexPage('Mi perfil', async () => ({ Component: (await import('./ProfileRoute')).ProfileRoute })),
                  page('subscription-plans/:subscriptionId/:priceId', 'Cambio de plan', async () => ({
                    Component: (await import('./ProfileRoute')).PlanChangeRoute,
                  })),
                  // The subscription list screen is the profile's SUBSCRIPTION tab.
                  { path: 'suscripciones', element: <Navigate to="/mi-perfil?tab=SUBSCRIPTION" replace /> },
                ],
              },
              {
                element: <RequireAdmin />,
                children: [page('/agent-flow', 'Editor de Flujos', async () => ({ Component: (await flowEditorScreens()).FlowEditorScreen }))],
              },
            ],
          },
          page('*', 'Página no encontrada', async () => ({
            Component: (await import('../../features/errors/NotFoundPage')).NotFoundPage,
          })),
        ],
      },
      {
        path: '/admin',
        element: <RequireAdmin />,
        children: [
          {
            // The admin frame comes with the admin chunk: no visitor's first screen waits for it.
            lazy: () => loadChunk(async () => ({ Component: (await adminScreens()).AdminLayout })),
            children: [
              indexPage('Dashboard', async () => ({ Component: (await adminScreens()).AdminDashboardScreen })),
              page('users', 'Usuarios', async () => ({ Component: (await adminScreens()).AdminUsersScreen })),
              page('agents', 'Panel de Administración', async () => ({ Component: (await adminScreens()).AdminAgentsScreen })),
              page('stripe', 'Saldos y movimientos', async () => ({ Component: (await adminScreens()).AdminStripeScreen })),
              page('stripe/balance-summary', 'Resumen de saldo', async () => ({ Component: (await adminScreens()).AdminStripeBalanceScreen })),
              page('stripe/products', 'Productos', async () => ({ Component: (await adminScreens()).AdminStripeProductsScreen })),
              page('stripe/customers', 'Clientes', async () => ({ Component: (await adminScreens()).AdminStripeCustomersScreen })),
              page('stripe/transactions', 'Transacciones', async () => ({ Component: (await adminScreens()).AdminStripeTransactionsScreen })),
              page('stripe/subscriptions', 'Suscripciones', async () => ({
                Component: (await adminScreens()).AdminStripeSubscriptionsScreen,
              })),
              page('audit', 'Auditoría', async () => ({ Component: (await adminScreens()).AdminAuditScreen })),
              page('moderation', 'Moderación', async () => ({ Component: (await adminScreens()).AdminModerationScreen })),
              page('reports', 'Denuncias', async () => ({ Component: (await adminScreens()).AdminReportsScreen })),
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
