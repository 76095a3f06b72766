import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { setViewportWidth } from '../../../test/media';
import { renderWithProviders } from '../../../test/render';
import { MainLayout } from './MainLayout';

function renderLayout() {
  return renderWithProviders(
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<Link to="/otra">Ir a otra página</Link>} />
        <Route path="/otra" element={<h1>Otra página</h1>} />
      </Route>
    </Routes>,
  );
}

// Queried by id: a closed drawer is aria-hidden, which hides it from role queries too.
const sidebar = () => document.getElementById('app-sidebar')!;
const openHandle = () => screen.getByRole('button', { name: 'Abrir menú lateral' });

describe('MainLayout under 1024 px', () => {
  beforeEach(() => setViewportWidth(800));

  it('keeps the sidebar closed until the handle opens it', () => {
    renderLayout();
    expect(sidebar()).toHaveAttribute('data-open', 'false');
    expect(sidebar()).toHaveAttribute('aria-hidden', 'true');
    fireEvent.click(openHandle());
    expect(sidebar()).toHaveAttribute('data-open', 'true');
    expect(screen.queryByRole('button', { name: 'Abrir menú lateral' })).not.toBeInTheDocument();
  });

  it('closes on Escape', () => {
    renderLayout();
    fireEvent.click(openHandle());
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(sidebar()).toHaveAttribute('data-open', 'false');
  });

  it('moves the keyboard focus into the open drawer and gives it back to the handle on Escape', async () => {
    renderLayout();
    openHandle().focus();
    fireEvent.click(openHandle());
    // Mantine's focus trap moves the focus once the drawer is shown.
    await waitFor(() => expect(sidebar()).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(openHandle()).toHaveFocus();
  });

  it('gives the focus back to the handle when the close button closes it', async () => {
    renderLayout();
    fireEvent.click(openHandle());
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar menú lateral' }));
    await waitFor(() => expect(openHandle()).toHaveFocus());
  });

  it('keeps Tab inside the open drawer', async () => {
    renderLayout();
    fireEvent.click(openHandle());
    await waitFor(() => expect(sidebar()).toContainElement(document.activeElement as HTMLElement));
    const tabbable = [...sidebar().querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled])')];
    tabbable.at(-1)!.focus();
    fireEvent.keyDown(tabbable.at(-1)!, { key: 'Tab' });
    // From the last control Tab wraps to the first instead of leaving for the page behind.
    expect(tabbable[0]).toHaveFocus();
  });

  it('closes on a click on the backdrop', () => {
    renderLayout();
    fireEvent.click(openHandle());
    fireEvent.click(screen.getByTestId('sidebar-backdrop'));
    expect(sidebar()).toHaveAttribute('data-open', 'false');
  });

  it('closes when the route changes', () => {
    renderLayout();
    fireEvent.click(openHandle());
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Ir a otra página' }));
    });
    expect(screen.getByRole('heading', { name: 'Otra página' })).toBeInTheDocument();
    expect(sidebar()).toHaveAttribute('data-open', 'false');
  });
});

describe('MainLayout at desktop width', () => {
  beforeEach(() => setViewportWidth(1280));

  it('shows the sidebar with no handle', () => {
    renderLayout();
    expect(sidebar()).toHaveAttribute('data-mode', 'fixed');
    expect(sidebar()).not.toHaveAttribute('aria-hidden');
    expect(screen.queryByRole('button', { name: 'Abrir menú lateral' })).not.toBeInTheDocument();
  });

  it('shows the flow editor as coming soon to visitors, and the sign-in actions', () => {
    renderLayout();
    expect(screen.getByText('Próximamente disponible')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Editor de Flujos/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('shows the beta notice and the disclaimer footer', () => {
    renderLayout();
    expect(screen.getByText(/Nova está en fase beta/)).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Nova y sus agentes pueden dar información incorrecta, también sobre temas médicos o legales.',
    );
  });
});
