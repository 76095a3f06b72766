import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authError, authMock } from '../testing/amplifyMocks';
import { landedAt, landingState, renderAuthScreen, signedOut } from '../testing/renderAuth';
import { ForgotPasswordPage } from './ForgotPasswordPage';

jest.mock('aws-amplify/auth', () => jest.requireActual('../testing/amplifyMocks').authMock);

function renderForgot(state?: unknown) {
  return renderAuthScreen(<ForgotPasswordPage />, {
    path: '/forgot-password',
    entry: { pathname: '/forgot-password', state },
    auth: signedOut,
  });
}

const codeSent = {
  isPasswordReset: false,
  nextStep: {
    resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
    codeDeliveryDetails: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL' },
  },
};

async function requestCode(user = userEvent.setup(), email = 'ana@example.com') {
  await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), email);
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  return user;
}

async function confirm(user: ReturnType<typeof userEvent.setup>, password = 'N0eva!Clave', repeat = password) {
  await user.type(await screen.findByRole('textbox', { name: /Código de verificación/ }), '123456');
  await user.type(screen.getByLabelText(/^Nueva contraseña/), password);
  await user.type(screen.getByLabelText(/^Repetir contraseña/), repeat);
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

beforeEach(() => jest.clearAllMocks());

it('requests a code, then changes the password and goes to /login with a confirmation', async () => {
  authMock.resetPassword.mockResolvedValue(codeSent);
  authMock.confirmResetPassword.mockResolvedValue(undefined);
  renderForgot();
  const user = await requestCode();
  expect(authMock.resetPassword).toHaveBeenCalledWith({ username: 'ana@example.com' });
  expect(await screen.findByRole('status')).toHaveTextContent('te hemos enviado un código a a***@e***.com');

  await confirm(user);
  expect(authMock.confirmResetPassword).toHaveBeenCalledWith({
    username: 'ana@example.com',
    confirmationCode: '123456',
    newPassword: 'N0eva!Clave',
  });
  expect(await landedAt()).toBe('/login');
  expect(landingState()).toMatchObject({ notice: 'passwordChanged', username: 'ana@example.com' });
});

it('checks the two new passwords match', async () => {
  authMock.resetPassword.mockResolvedValue(codeSent);
  renderForgot();
  const user = await requestCode();
  await confirm(user, 'N0eva!Clave', 'Distinta!1');
  expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
  expect(authMock.confirmResetPassword).not.toHaveBeenCalled();
});

it('does not reveal that an e-mail has no account', async () => {
  authMock.resetPassword.mockRejectedValue(authError('UserNotFoundException', 'Username/client id combination not found.'));
  renderForgot();
  await requestCode();
  expect(await screen.findByRole('status')).toHaveTextContent('Si existe una cuenta con ese correo');
  expect(screen.getByRole('textbox', { name: /Código de verificación/ })).toBeInTheDocument();
});

it.each([
  ['CodeMismatchException', 'El código no es correcto.'],
  ['ExpiredCodeException', 'El código ha caducado. Pide uno nuevo.'],
  ['LimitExceededException', 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.'],
])('shows %s in Spanish', async (name, text) => {
  authMock.resetPassword.mockResolvedValue(codeSent);
  authMock.confirmResetPassword.mockRejectedValue(authError(name));
  renderForgot();
  const user = await requestCode();
  await confirm(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
});

it('arriving from a required reset, explains why and fills in the e-mail', () => {
  renderForgot({ username: 'ana@example.com', resetRequired: true });
  expect(screen.getByRole('status')).toHaveTextContent('Debes restablecer tu contraseña antes de iniciar sesión.');
  expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toHaveValue('ana@example.com');
});
