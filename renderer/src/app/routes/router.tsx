import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../guards/RequireAdmin';
import { RequireAuth } from '../guards/RequireAuth';
import { AdminLayout } from '../layouts/AdminLayout';
import { MainLayout } from '../layouts/MainLayout';
import { RootLayout } from '../layouts/RootLayout';
import type { RouteHandle } from './route-handle';

/** A screen that a later issue builds; until then it shows its title. Loaded lazily like the rest. */
const pending = (path: string | undefined, title: string, index = false): RouteObject => {
  const handle: RouteHandle = { title };
  const lazy = async () => {
    const { PendingPage } = await import('../../features/pending/PendingPage');
    return { Component: () => <PendingPage title={title} /> };
  };
  return index ? { index: true, handle, lazy } : { path, handle, lazy };
};

const page = (path: string, title: string, load: RouteObject['lazy']): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  lazy: load,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Full-page authentication screens.
      pending('/login', 'Iniciar sesión'),
      pending('/register', 'Crear cuenta'),
      pending('/verify-email', 'Verificar correo'),
      pending('/forgot-password', 'Recuperar contraseña'),
      {
        element: <MainLayout />,
        children: [
          {
            index: true,
            handle: { title: 'Inicio' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../../features/landing/LandingPage')).LandingPage }),
          },
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
                  pending(undefined, 'Marketplace', true),
                  pending('agent/:id', 'Agente'),
                  pending('ecosystem/:id', 'Ecosistema'),
                  pending('shopping-cart', 'Carrito de compra'),
                ],
              },
              {
                path: '/my-office',
                children: [pending(undefined, 'Mi Oficina', true), pending('ecosystem/:id', 'Ecosistema')],
              },
              pending('/start-team-chat', 'Chat de equipo'),
              {
                path: '/mi-perfil',
                children: [
                  pending(undefined, 'Mi perfil', true),
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
              pending(undefined, 'Dashboard', true),
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
