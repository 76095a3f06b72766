import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { renderWithProviders } from '../../../../test/render';
import { defaultRuntimeConfig } from '../../../shared/config/runtimeConfig';
import { runtimeConfigAtom } from '../../../shared/config/runtimeConfigAtoms';
import { useCookieConsent } from '../hooks/useCookieConsent';
import { TRACKING_SCRIPT_ATTRIBUTE } from '../utils/trackingScripts';
import { CookieBanner } from './CookieBanner';

const SCRIPTS = ['https://analytics.example/tag.js', 'https://ads.example/pixel.js'];

function storeWithScripts(scripts: string[] = SCRIPTS) {
  const store = createStore();
  store.set(runtimeConfigAtom, { ...defaultRuntimeConfig, tracking: { scripts } });
  return store;
}

function injectedScripts(): string[] {
  return Array.from(document.querySelectorAll(`script[${TRACKING_SCRIPT_ATTRIBUTE}]`)).map(
    (script) => script.getAttribute('src') ?? '',
  );
}

function banner() {
  return screen.queryByRole('region', { name: 'Aviso de cookies' });
}

afterEach(() => {
  document.querySelectorAll(`script[${TRACKING_SCRIPT_ATTRIBUTE}]`).forEach((script) => script.remove());
});

describe('CookieBanner', () => {
  it("tells Seshat's opener its height while it shows, so the opener goes above it on a phone", async () => {
    renderWithProviders(<CookieBanner />, { store: storeWithScripts() });
    const root = document.documentElement;
    // jsdom lays nothing out: the height is 0 px here, the browser's is measured (test/e2e/layout.spec.ts).
    expect(root.style.getPropertyValue('--cookie-banner-height')).toBe(`${banner()!.offsetHeight}px`);

    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));

    expect(banner()).not.toBeInTheDocument();
    expect(root.style.getPropertyValue('--cookie-banner-height')).toBe('');
  });

  it('asks for consent when no choice is stored, with a link to /cookies', () => {
    renderWithProviders(<CookieBanner />, { store: storeWithScripts() });

    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aceptar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rechazar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Más información' })).toHaveAttribute('href', '/cookies');
    expect(injectedScripts()).toEqual([]);
  });

  it("'Aceptar' stores accepted, hides the banner and loads the tracking scripts once", async () => {
    renderWithProviders(<CookieBanner />, { store: storeWithScripts() });

    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));

    expect(window.localStorage.getItem('cookie_consent')).toBe('accepted');
    expect(banner()).not.toBeInTheDocument();
    expect(injectedScripts()).toEqual(SCRIPTS);
    const script = document.querySelector<HTMLScriptElement>(`script[${TRACKING_SCRIPT_ATTRIBUTE}]`);
    expect(script?.async).toBe(true);
  });

  it("'Rechazar' stores declined, hides the banner and loads nothing", async () => {
    renderWithProviders(<CookieBanner />, { store: storeWithScripts() });

    await userEvent.click(screen.getByRole('button', { name: 'Rechazar' }));

    expect(window.localStorage.getItem('cookie_consent')).toBe('declined');
    expect(banner()).not.toBeInTheDocument();
    expect(injectedScripts()).toEqual([]);
  });

  it('applies a stored acceptance silently on a later visit', () => {
    window.localStorage.setItem('cookie_consent', 'accepted');

    renderWithProviders(<CookieBanner />, { store: storeWithScripts() });

    expect(banner()).not.toBeInTheDocument();
    expect(injectedScripts()).toEqual(SCRIPTS);
  });

  it('applies a stored refusal silently on a later visit', () => {
    window.localStorage.setItem('cookie_consent', 'declined');

    renderWithProviders(<CookieBanner />, { store: storeWithScripts() });

    expect(banner()).not.toBeInTheDocument();
    expect(injectedScripts()).toEqual([]);
  });

  it('asks again when the stored value is not a known choice', () => {
    window.localStorage.setItem('cookie_consent', 'maybe');

    renderWithProviders(<CookieBanner />, { store: storeWithScripts() });

    expect(banner()).toBeInTheDocument();
  });

  it('loads the scripts when the configuration arrives after the stored choice', () => {
    window.localStorage.setItem('cookie_consent', 'accepted');
    const store = storeWithScripts([]);
    renderWithProviders(<CookieBanner />, { store });
    expect(injectedScripts()).toEqual([]);

    act(() => {
      store.set(runtimeConfigAtom, { ...defaultRuntimeConfig, tracking: { scripts: SCRIPTS } });
    });

    expect(injectedScripts()).toEqual(SCRIPTS);
  });

  it('does not add a script twice, nor load non-http URLs', () => {
    window.localStorage.setItem('cookie_consent', 'accepted');
    const scripts = [SCRIPTS[0] as string, SCRIPTS[0] as string, 'javascript:alert(1)'];

    renderWithProviders(<CookieBanner />, { store: storeWithScripts(scripts) });

    expect(injectedScripts()).toEqual([SCRIPTS[0]]);
  });

  it('removes the scripts when the visitor later declines', async () => {
    window.localStorage.setItem('cookie_consent', 'accepted');
    function ChangeChoice() {
      const { consent, decline } = useCookieConsent();
      return <button onClick={decline}>{`Cambiar (${consent ?? 'ninguna'})`}</button>;
    }
    renderWithProviders(
      <>
        <CookieBanner />
        <ChangeChoice />
      </>,
      { store: storeWithScripts() },
    );
    expect(injectedScripts()).toEqual(SCRIPTS);

    await userEvent.click(screen.getByRole('button', { name: 'Cambiar (accepted)' }));

    expect(window.localStorage.getItem('cookie_consent')).toBe('declined');
    expect(injectedScripts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cambiar (declined)' })).toBeInTheDocument();
  });

  it('shows the banner again after the choice is reset', async () => {
    window.localStorage.setItem('cookie_consent', 'declined');
    function ResetChoice() {
      const { reset } = useCookieConsent();
      return <button onClick={reset}>Restablecer</button>;
    }
    renderWithProviders(
      <>
        <CookieBanner />
        <ResetChoice />
      </>,
      { store: storeWithScripts() },
    );
    expect(banner()).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Restablecer' }));

    expect(window.localStorage.getItem('cookie_consent')).toBeNull();
    expect(banner()).toBeInTheDocument();
  });
});
