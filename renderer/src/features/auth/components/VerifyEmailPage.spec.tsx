import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStateAtom } from '../state/authState';
import { authError, authMock, givenSignedIn, givenSignedOut } from '../testing/amplifyMocks';
import { landedAt, landingState, renderAuthScreen, signedOut } from '../testing/renderAuth';
import { VerifyEmailPage } from './VerifyEmailPage';

jest.mock('aws-amplify/auth', () => jest.requireActual('../testing/amplifyMocks').authMock);

function renderVerify(state?: unknown) {
  return renderAuthScreen(<VerifyEmailPage />, { path: '/verify-email', entry: { pathname: '/verify-email', state }, auth: signedOut });
}

const fromSignUp = { username: 'ana@example.com', fromSignUp: true, destination: 'a***@e***.com' };

async function enterCode(code = '123456') {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Código de verificación/ }), code);
  await user.click(screen.getByRole('button', { name: 'Verificar' }));
  return user;
}

beforeEach(() => {
  jest.clearAllMocks();
  givenSignedOut();
});

it('says where the code went', () => {
  renderVerify(fromSignUp);
  expect(screen.getByText(/Te hemos enviado un código de 6 dígitos a a\*\*\*@e\*\*\*\.com/)).toBeInTheDocument();
});

it('confirms the code, signs in automatically and goes to /chat', async () => {
  authMock.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
  authMock.autoSignIn.mockImplementation(async () => {
    givenSignedIn();
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  });
  const { store } = renderVerify(fromSignUp);
  await enterCode();
  expect(authMock.confirmSignUp).toHaveBeenCalledWith({ username: 'ana@example.com', confirmationCode: '123456' });
  expect(await landedAt()).toBe('/chat');
  expect(store.get(authStateAtom).isAuthenticated).toBe(true);
});

it('goes to /login with a message when the auto sign-in fails', async () => {
  authMock.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
  authMock.autoSignIn.mockRejectedValue(
    authError('AutoSignInException', 'The autoSignIn flow has not started, or has been cancelled/completed.'),
  );
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  renderVerify(fromSignUp);
  await enterCode();
  expect(await landedAt()).toBe('/login');
  expect(landingState()).toMatchObject({ notice: 'accountVerified', username: 'ana@example.com' });
  warn.mockRestore();
});

it('goes to /login with a message when no auto sign-in was armed', async () => {
  authMock.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  renderVerify({ username: 'ana@example.com', from: { pathname: '/mi-perfil' } });
  await enterCode();
  expect(await landedAt()).toBe('/login');
  expect(landingState()).toMatchObject({ notice: 'accountVerified', from: { pathname: '/mi-perfil' } });
});

it.each([
  ['CodeMismatchException', 'El código no es correcto.'],
  ['ExpiredCodeException', 'El código ha caducado. Pide uno nuevo.'],
])('shows %s in Spanish', async (name, text) => {
  authMock.confirmSignUp.mockRejectedValue(authError(name));
  renderVerify(fromSignUp);
  await enterCode();
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
});

it("'Reenviar código' sends a new code and says where", async () => {
  authMock.resendSignUpCode.mockResolvedValue({ destination: 'a***@e***.com', deliveryMedium: 'EMAIL' });
  const user = userEvent.setup();
  renderVerify(fromSignUp);
  await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
  expect(authMock.resendSignUpCode).toHaveBeenCalledWith({ username: 'ana@example.com' });
  expect(await screen.findByRole('status')).toHaveTextContent('Te hemos enviado un nuevo código a a***@e***.com.');
});

it('arriving from the sign-in screen sends a fresh code once', async () => {
  authMock.resendSignUpCode.mockResolvedValue({ destination: 'a***@e***.com' });
  renderVerify({ username: 'ana@example.com', sendCode: true });
  expect(await screen.findByRole('status')).toHaveTextContent('Te hemos enviado un nuevo código');
  expect(authMock.resendSignUpCode).toHaveBeenCalledTimes(1);
});

it('asks for the e-mail when the page is opened without one', async () => {
  authMock.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
  const user = userEvent.setup();
  renderVerify();
  await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'ana@example.com');
  await enterCode();
  expect(authMock.confirmSignUp).toHaveBeenCalledWith({ username: 'ana@example.com', confirmationCode: '123456' });
  void user;
});
