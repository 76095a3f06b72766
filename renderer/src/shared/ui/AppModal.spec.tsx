import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { AppModal, useAppModal } from './AppModal';

function DoubleCancelButton() {
  const { close } = useAppModal();
  const closeTwice = () => {
    close();
    close();
  };
  return <button onClick={closeTwice}>Cancelar</button>;
}

describe('AppModal', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows its title and content while open', () => {
    renderWithProviders(
      <AppModal opened onClose={() => undefined} title="Suscripción Pausada">
        <p>Contenido</p>
      </AppModal>,
    );

    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByText('Suscripción Pausada')).toBeInTheDocument();
    expect(screen.getByText('Contenido')).toBeInTheDocument();
  });

  it('calls onClose only after the 300 ms exit animation', () => {
    const onClose = jest.fn();
    renderWithProviders(
      <AppModal opened onClose={onClose} title="Editar">
        <p>Contenido</p>
      </AppModal>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    act(() => {
      jest.advanceTimersByTime(299);
    });
    expect(onClose).not.toHaveBeenCalled();

    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with the same delay from content inside the modal, once even if asked twice', () => {
    const onClose = jest.fn();
    renderWithProviders(
      <AppModal opened onClose={onClose} title="Editar">
        <DoubleCancelButton />
      </AppModal>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    act(() => {
      jest.advanceTimersByTime(299);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape with the same delay', () => {
    const onClose = jest.fn();
    renderWithProviders(
      <AppModal opened onClose={onClose} title="Editar">
        <p>Contenido</p>
      </AppModal>,
    );

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(300);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not report a close when the caller closed it', () => {
    const onClose = jest.fn();
    const { rerender } = renderWithProviders(
      <AppModal opened onClose={onClose} title="Editar">
        <p>Contenido</p>
      </AppModal>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    rerender(
      <AppModal opened={false} onClose={onClose} title="Editar">
        <p>Contenido</p>
      </AppModal>,
    );
    act(() => {
      jest.advanceTimersByTime(1000);
    });

    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
