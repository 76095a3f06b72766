import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ToastViewport } from './ToastViewport';
import { MAX_TOASTS, TOAST_DURATION_MS, useToast, type ToastApi } from './toast';

let api: ToastApi;
function Probe() {
  api = useToast();
  return null;
}

function renderToasts() {
  return renderWithProviders(
    <>
      <Probe />
      <ToastViewport />
    </>,
  );
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows an error as an alert and a success as a status, then hides them after their time', () => {
    renderToasts();
    act(() => {
      api.error('Error al añadir el agente a tu equipo');
      api.success('Agente añadido a tu equipo');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error al añadir el agente a tu equipo');
    expect(screen.getByText('Agente añadido a tu equipo').closest('[role="status"]')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS.success);
    });
    expect(screen.queryByText('Agente añadido a tu equipo')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS.error);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes with its close button', () => {
    renderToasts();
    act(() => {
      api.info('Hola');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }));
    expect(screen.queryByText('Hola')).not.toBeInTheDocument();
  });

  it('shows the same message once, and at most a few at a time', () => {
    renderToasts();
    act(() => {
      api.warning('Este agente ya está en tu equipo');
      api.warning('Este agente ya está en tu equipo');
    });
    expect(screen.getAllByText('Este agente ya está en tu equipo')).toHaveLength(1);
    act(() => {
      for (let index = 0; index < MAX_TOASTS + 2; index += 1) api.info(`Mensaje ${index}`);
    });
    expect(screen.queryByText('Mensaje 0')).not.toBeInTheDocument();
    expect(screen.getByText(`Mensaje ${MAX_TOASTS + 1}`)).toBeInTheDocument();
  });
});
