import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { loadChunk } from './chunk-loading';
import { RequireAdmin } from '../guards/RequireAdmin';
import { RequireAuth } from '../guards/RequireAuth';
import { AdminLayout } from '../layouts/AdminLayout';
import { MainLayout } from '../layouts/MainLayout';
import { RootLayout } from '../layouts/RootLayout';
import type { RouteHandle } from './route-handle';

/** A screen that a later issue builds; until then it shows its title. No path: the index route. */
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

/** A screen that a later issue builds; until then it shows its title. No path: the index route. */
const pending = (path: string | undefined, title: string): RouteObject => {
  const load = async () => {
    const { PendingPage } = await import('../../features/pending/PendingPage');
    return { Component: () => <PendingPage title={title} /> };
  };
  return path === undefined ? indexPage(title, load) : page(path, title, load);
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
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
        children: [
          indexPage('Inicio', async () => ({
            Component: (await import('../../features/landing/LandingPage')).LandingPage,
          })),
          pending('/success', 'Pago completado'),
          pending('/chat-agent', 'Chat con el asistente'),
          pending('/contact', 'Contacto'),
          pending('/contact/:section', 'Contacto'),
          pending('/privacidad', 'Política de privacidad'),
          pending('/terminos', 'Términos y condiciones'),
          pending('/cookies', 'Política de cookies'),
          pending('/legal', 'Aviso legal'),
          pending('/support', 'Centro de soporte'),
          {
            element: <RequireAuth />,
            children: [
              pending('/agentes/:agentId', 'Agente'),
              pending('/agent-creator', 'Creador de agentes'),
              pending('/agent-creator/:agentId', 'Creador de agentes'),
              pending('/creador-agentes', 'Creador de agentes'),
              pending('/create-advanced-agent', 'Crear Agente Avanzado'),
              pending('/edit-advanced-agent/:agentId', 'Editar agente'),
              pending('/chat', 'Chat'),
              pending('/chat/:conversationId', 'Chat'),
              {
                path: '/marketplace',
                children: [
                  pending(undefined, 'Marketplace'),
                  pending('agent/:id', 'Agente'),
                  pending('ecosystem/:id', 'Ecosistema'),
                  pending('shopping-cart', 'Carrito de compra'),
                ],
              },
              {
                path: '/my-office',
                children: [pending(undefined, 'Mi Oficina'), pending('ecosystem/:id', 'Ecosistema')],
              },
              pending('/start-team-chat', 'Chat de equipo'),
              {
                path: '/mi-perfil',
                children: [
                  indexPage('Mi perfil', async () => ({ Component: (await import('./ProfileRoute')).ProfileRoute })),
                  pending('subscription-plans/:subscriptionId/:priceId', 'Planes de suscripción'),
                  pending('suscripciones', 'Suscripciones'),
                ],
              },
              { element: <RequireAdmin />, children: [pending('/agent-flow', 'Editor de Flujos')] },
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
            element: <AdminLayout />,
            children: [
              pending(undefined, 'Dashboard'),
              pending('users', 'Usuarios'),
              pending('agents', 'Panel de Administración'),
              pending('stripe', 'Saldos y movimientos'),
              pending('stripe/balance-summary', 'Resumen de saldo'),
              pending('stripe/products', 'Productos'),
              pending('stripe/customers', 'Clientes'),
              pending('stripe/transactions', 'Transacciones'),
              pending('stripe/subscriptions', 'Suscripciones'),
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
