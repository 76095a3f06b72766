import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { CookiesPolicyPage, LegalNoticePage, PrivacyPolicyPage, TermsPage } from './LegalPage';

describe('legal pages', () => {
  it('privacy: GDPR rights, Stripe without card numbers, the AI provider and the privacy contact', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/acceso, rectificación, supresión, oposición, limitación del tratamiento y portabilidad/);
    expect(text).toMatch(/Los números de tarjeta nunca pasan por nuestros servidores/);
    expect(text).toMatch(/proveedor de modelos de IA/);
    expect(screen.getAllByRole('link', { name: 'contacto › privacidad' })[0]).toHaveAttribute('href', '/contact/privacidad');
  });

  it('cookies: lists the real local keys', () => {
    renderWithProviders(<CookiesPolicyPage />);
    for (const key of ['cookie_consent', 'beta-notice-dismissed', 'shopping-cart', 'CognitoIdentityServiceProvider.*', 'assistant_session_id']) {
      expect(screen.getByText(key)).toBeInTheDocument();
    }
  });

  it('terms and legal notice render with links to the other texts', () => {
    renderWithProviders(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Otros textos legales' })).toBeInTheDocument();
    renderWithProviders(<LegalNoticePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Aviso legal' })).toBeInTheDocument();
  });
});
