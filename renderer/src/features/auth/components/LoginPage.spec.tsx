/// <reference types="node" />
// The help centre's articles are read from disk to compare them with the rendered link.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStateAtom, type AuthState } from '../state/authState';
import { anaClaims, authError, authMock, givenSignedIn, givenSignedOut } from '../testing/amplifyMocks';
import { landedAt, landingState, renderAuthScreen, signedOut } from '../testing/renderAuth';
import { LoginPage } from './LoginPage';

jest.mock('aws-amplify/auth', () => jest.requireActual('../testing/amplifyMocks').authMock);

const done = { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
const step = (nextStep: Record<string, unknown>) => ({ isSignedIn: false, nextStep });

function renderLogin(options: { state?: unknown; auth?: AuthState; identityStatus?: 'ready' | 'pending' | 'unavailable' } = {}) {
  return renderAuthScreen(<LoginPage />, {
    path: '/login',
    entry: { pathname: '/login', state: options.state },
    auth: options.auth ?? signedOut,
    identityStatus: options.identityStatus,
  });
}

const usernameInput = () => screen.getByRole('textbox', { name: /Usuario o correo electrónico/ });
const passwordInput = () => screen.getByLabelText(/^Contraseña/);

async function submitCredentials(user = userEvent.setup(), username = 'ana@example.com', password = 'S3creta!') {
  await user.type(usernameInput(), username);
  await user.type(passwordInput(), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  givenSignedOut();
  authMock.signOut.mockResolvedValue(undefined);
});

describe('credentials', () => {
  it('asks for both fields before calling the identity service', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2);
    expect(authMock.signIn).not.toHaveBeenCalled();
  });

  it('signs in with SRP (Amplify default) and goes to /chat with the session loaded', async () => {
    authMock.signIn.mockImplementation(async () => {
      givenSignedIn();
      return done;
    });
    const { store } = renderLogin();
    await submitCredentials(undefined, '  ana@example.com ');
    expect(authMock.signIn).toHaveBeenCalledWith({ username: 'ana@example.com', password: 'S3creta!' });
    expect(await landedAt()).toBe('/chat');
    expect(store.get(authStateAtom)).toMatchObject({ isAuthenticated: true, user: { username: 'ana' } });
  });

  it('goes back to the remembered origin, with its query', async () => {
    authMock.signIn.mockImplementation(async () => {
      givenSignedIn();
      return done;
    });
    renderLogin({ state: { from: { pathname: '/mi-perfil', search: '?tab=PAYMENTS' } } });
    await submitCredentials();
    expect(await landedAt()).toBe('/mi-perfil?tab=PAYMENTS');
  });

  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.'],
    ['UserNotFoundException', 'User does not exist.'],
  ])('shows the same text for %s, so accounts cannot be guessed', async (name, message) => {
    authMock.signIn.mockRejectedValue(authError(name, message));
    renderLogin();
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos.');
  });

  it('tells the owner of a disabled account, once the password was right, and offers support', async () => {
    // The identity service answers 'User is disabled.' only to whoever proved the password.
    authMock.signIn.mockRejectedValue(authError('NotAuthorizedException', 'User is disabled.'));
    renderLogin();
    await submitCredentials();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Tu cuenta está desactivada. Contacta con soporte.');
    expect(alert).not.toHaveTextContent('Usuario o contraseña incorrectos.');
    expect(within(alert).getByRole('link', { name: 'Contactar con soporte' })).toHaveAttribute('href', '/contact');
  });

  it('shows the too-many-attempts text', async () => {
    authMock.signIn.mockRejectedValue(authError('TooManyRequestsException'));
    renderLogin();
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiados intentos. Espera unos minutos e inténtalo de nuevo.');
  });

  it('refuses a second sign-in with the spec text and offers to sign out', async () => {
    authMock.signIn.mockRejectedValue(authError('UserAlreadyAuthenticatedException', 'There is already a signed in user.'));
    const user = userEvent.setup();
    renderLogin();
    await submitCredentials(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('There is already a signed in user.');
    await user.click(within(alert).getByRole('button', { name: 'Cerrar sesión' }));
    expect(authMock.signOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('tells a signed-in user who they are and lets them continue or sign out', async () => {
    const user = userEvent.setup();
    renderLogin({
      auth: {
        isAuthenticated: true,
        isLoading: false,
        user: { userId: 'sub-ana', username: 'ana', email: 'ana@example.com', role: 'user', contactName: 'Ana García' },
      },
    });
    expect(screen.getByText('Ya has iniciado sesión como Ana García.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await landedAt()).toBe('/chat');
  });

  it('says when the identity service is not available', () => {
    renderLogin({ identityStatus: 'unavailable' });
    expect(screen.getByRole('alert')).toHaveTextContent('El servicio de identidad no está disponible');
  });

  it('shows a notice handed over by another screen, with the username filled in', () => {
    renderLogin({ state: { notice: 'passwordChanged', username: 'ana@example.com' } });
    expect(screen.getByRole('status')).toHaveTextContent('Tu contraseña se ha cambiado. Inicia sesión con la nueva contraseña.');
    expect(usernameInput()).toHaveValue('ana@example.com');
  });
});

describe('next steps that leave the screen', () => {
  it('CONFIRM_SIGN_UP goes to /verify-email with the username, asking for a fresh code', async () => {
    authMock.signIn.mockResolvedValue(step({ signInStep: 'CONFIRM_SIGN_UP' }));
    renderLogin();
    await submitCredentials();
    expect(await landedAt()).toBe('/verify-email');
    expect(landingState()).toMatchObject({ username: 'ana@example.com', sendCode: true });
  });

  it('RESET_PASSWORD goes to /forgot-password with the username', async () => {
    authMock.signIn.mockResolvedValue(step({ signInStep: 'RESET_PASSWORD' }));
    renderLogin({ state: { from: { pathname: '/my-office' } } });
    await submitCredentials();
    expect(await landedAt()).toBe('/forgot-password');
    expect(landingState()).toMatchObject({ username: 'ana@example.com', resetRequired: true, from: { pathname: '/my-office' } });
  });

  it('an unsupported step gives the generic sign-in error', async () => {
    authMock.signIn.mockResolvedValue(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' }));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderLogin();
    await submitCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo completar el inicio de sesión. Inténtalo de nuevo.');
    warn.mockRestore();
  });
});

describe('challenges answered on the screen', () => {
  function finishAfterConfirm() {
    authMock.confirmSignIn.mockImplementation(async () => {
      givenSignedIn(anaClaims);
      return done;
    });
  }

  it('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED asks the new password and the missing attributes', async () => {
    authMock.signIn.mockResolvedValue(
      step({ signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', missingAttributes: ['name'] }),
    );
    finishAfterConfirm();
    renderLogin();
    const user = await submitCredentials(undefined, 'ana@example.com', 'Temporal1!');
    expect(await screen.findByRole('heading', { name: 'Elige una nueva contraseña' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Nueva contraseña/), 'N0eva!Clave');
    await user.type(screen.getByLabelText(/^Repetir contraseña/), 'Otra!Clave1');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(1);

    await user.clear(screen.getByLabelText(/^Repetir contraseña/));
    await user.type(screen.getByLabelText(/^Repetir contraseña/), 'N0eva!Clave');
    await user.type(screen.getByRole('textbox', { name: /Nombre de contacto/ }), 'Ana García');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(authMock.confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: 'N0eva!Clave',
      options: { userAttributes: { name: 'Ana García' } },
    });
    expect(await landedAt()).toBe('/chat');
  });

  it.each([
    ['CONFIRM_SIGN_IN_WITH_TOTP_CODE', 'Verificación en dos pasos', {}],
    [
      'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
      'Revisa tu correo',
      { codeDeliveryDetails: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL' } },
    ],
  ])('%s asks for the six-digit code and sends it', async (signInStep, heading, extra) => {
    authMock.signIn.mockResolvedValue(step({ signInStep, ...extra }));
    finishAfterConfirm();
    renderLogin();
    const user = await submitCredentials();
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    if (signInStep === 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE') expect(screen.getByText(/a\*\*\*@e\*\*\*\.com/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Código de verificación/ }), '12 34-56');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(authMock.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '123456' });
    expect(await landedAt()).toBe('/chat');
  });

  it('a wrong code keeps the form and says so', async () => {
    authMock.signIn.mockResolvedValue(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }));
    authMock.confirmSignIn.mockRejectedValue(authError('CodeMismatchException', 'Invalid code received for user'));
    renderLogin();
    const user = await submitCredentials();
    await user.type(await screen.findByRole('textbox', { name: /Código de verificación/ }), '000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El código no es correcto.');
    expect(screen.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
  });

  it('CONTINUE_SIGN_IN_WITH_MFA_SELECTION offers the allowed types and sends the choice', async () => {
    authMock.signIn.mockResolvedValue(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['TOTP', 'EMAIL'] }));
    authMock.confirmSignIn.mockResolvedValue(
      step({ signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { destination: 'a***@e***.com' } }),
    );
    renderLogin();
    const user = await submitCredentials();
    await user.click(await screen.findByRole('radio', { name: 'Correo electrónico' }));
    expect(screen.getByRole('radio', { name: 'Aplicación de autenticación' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(authMock.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'EMAIL' });
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeInTheDocument();
  });

  it('CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION leads to TOTP setup: QR code, secret to copy, then the code', async () => {
    const getSetupUri = jest.fn(
      (app: string, account: string) => new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
    );
    authMock.signIn.mockResolvedValue(
      step({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['SMS', 'TOTP', 'EMAIL'] }),
    );
    authMock.confirmSignIn.mockResolvedValueOnce(
      step({
        signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP',
        totpSetupDetails: { sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri },
      }),
    );
    renderLogin();
    const user = await submitCredentials();

    expect(await screen.findByRole('heading', { name: 'Activa la verificación en dos pasos' })).toBeInTheDocument();
    // SMS cannot be set up during sign-in.
    expect(screen.queryByRole('radio', { name: 'SMS' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Aplicación de autenticación' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(authMock.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: 'TOTP' });

    const qr = await screen.findByRole('img', { name: 'Código QR para la aplicación de autenticación' });
    expect(getSetupUri).toHaveBeenCalledWith('Nova', 'ana@example.com');
    expect(qr).toHaveAttribute('data-uri', expect.stringContaining('otpauth://totp/'));
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('button', { name: 'Copiar clave' })).toBeInTheDocument();

    finishAfterConfirm();
    await user.type(screen.getByRole('textbox', { name: /Código de verificación/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(authMock.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '654321' });
    expect(await landedAt()).toBe('/chat');
  });

  it('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP asks for the address and sends it', async () => {
    authMock.signIn.mockResolvedValue(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' }));
    authMock.confirmSignIn.mockResolvedValue(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE' }));
    renderLogin();
    const user = await submitCredentials();
    expect(await screen.findByRole('heading', { name: 'Verificación por correo' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), ' ana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(authMock.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'ana@example.com' });
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeInTheDocument();
  });

  it('Volver returns to the credentials form', async () => {
    authMock.signIn.mockResolvedValue(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }));
    renderLogin();
    const user = await submitCredentials();
    await user.click(await screen.findByRole('button', { name: 'Volver' }));
    expect(usernameInput()).toBeInTheDocument();
  });

  it('an expired challenge goes back to the credentials form with an explanation', async () => {
    authMock.signIn.mockResolvedValue(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }));
    authMock.confirmSignIn.mockRejectedValue(authError('NotAuthorizedException', 'Invalid session for the user, session is expired.'));
    renderLogin();
    const user = await submitCredentials();
    await user.type(await screen.findByRole('textbox', { name: /Código de verificación/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El inicio de sesión ha caducado. Vuelve a introducir tus datos.');
    expect(usernameInput()).toBeInTheDocument();
  });
});

describe('help centre wording', () => {
  it('names the forgotten-password link as the login screen shows it', () => {
    renderLogin();
    const link = screen.getByRole('link', { name: /olvid/i });
    expect(link).toHaveAttribute('href', '/forgot-password');
    const support = join(__dirname, '../../../../../backend/content/support');
    const articles = ['cuenta-y-seguridad/restablecer-la-contrasena.md', 'primeros-pasos/crear-una-cuenta.md'].map((file) =>
      readFileSync(join(support, file), 'utf8'),
    );
    expect(articles[0]).toContain(`**${link.textContent}**`);
    for (const article of articles) {
      const mentions = article.match(/¿[^?]*olvid[^?]*\?/gi) ?? [];
      expect(mentions.length).toBeGreaterThan(0);
      expect(new Set(mentions)).toEqual(new Set([link.textContent]));
    }
  });
});
