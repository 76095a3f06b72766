import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { loadedRuntimeConfig } from '../../../../test/render';
import { defaultRuntimeConfig, runtimeConfigAtom } from '../../../shared/config';
import { authError, authMock, givenSignedIn, givenSignedOut } from '../testing/amplifyMocks';
import { landedAt, landingState, renderAuthScreen, signedOut } from '../testing/renderAuth';
import { RegisterPage } from './RegisterPage';

jest.mock('aws-amplify/auth', () => jest.requireActual('../testing/amplifyMocks').authMock);

function renderRegister() {
  return renderAuthScreen(<RegisterPage />, { path: '/register', auth: signedOut });
}

async function fill(values: { name?: string; email?: string; password?: string; repeat?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByRole('textbox', { name: /Nombre de contacto/ }), values.name);
  if (values.email) await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), values.email);
  if (values.password) await user.type(screen.getByLabelText(/^Contraseña/), values.password);
  if (values.repeat) await user.type(screen.getByLabelText(/^Repetir contraseña/), values.repeat);
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
  return user;
}

const confirmStep = {
  isSignUpComplete: false,
  userId: 'sub-ana',
  nextStep: {
    signUpStep: 'CONFIRM_SIGN_UP',
    codeDeliveryDetails: { destination: 'a***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' },
  },
};

beforeEach(() => {
  jest.clearAllMocks();
  givenSignedOut();
});

it('requires every field', async () => {
  renderRegister();
  await fill({});
  expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(4);
  expect(authMock.signUp).not.toHaveBeenCalled();
});

it('says an invalid e-mail is invalid when the user leaves the field, and refuses it on submit', async () => {
  renderRegister();
  const user = userEvent.setup();
  const email = screen.getByRole('textbox', { name: /Correo electrónico/ });
  await user.type(email, 'ana@example');
  await user.tab();
  expect(screen.getByText('El correo electrónico no es válido.')).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');

  await fill({ name: 'Ana', password: 'S3creta!x', repeat: 'S3creta!x' });
  expect(screen.getByText('El correo electrónico no es válido.')).toBeInTheDocument();
  expect(authMock.signUp).not.toHaveBeenCalled();

  await user.type(email, '.com');
  await user.tab();
  expect(screen.queryByText('El correo electrónico no es válido.')).not.toBeInTheDocument();
});

it('requires the two passwords to match', async () => {
  renderRegister();
  await fill({ name: 'Ana', email: 'ana@example.com', password: 'S3creta!x', repeat: 'S3creta!y' });
  expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
  expect(authMock.signUp).not.toHaveBeenCalled();
});

it('signs up with the e-mail as username, name and e-mail attributes and auto sign-in, then goes to verify', async () => {
  authMock.signUp.mockResolvedValue(confirmStep);
  renderRegister();
  await fill({ name: ' Ana García ', email: 'ana@example.com ', password: 'S3creta!x', repeat: 'S3creta!x' });
  expect(authMock.signUp).toHaveBeenCalledWith({
    username: 'ana@example.com',
    password: 'S3creta!x',
    options: { userAttributes: { email: 'ana@example.com', name: 'Ana García' }, autoSignIn: true },
  });
  expect(await landedAt()).toBe('/verify-email');
  expect(landingState()).toMatchObject({ username: 'ana@example.com', fromSignUp: true, destination: 'a***@e***.com' });
});

it("shows the server's password policy refusal in Spanish next to the password", async () => {
  authMock.signUp.mockRejectedValue(authError('InvalidPasswordException', 'Password did not conform with policy: Password must have numeric characters'));
  renderRegister();
  await fill({ name: 'Ana', email: 'ana@example.com', password: 'SinNumeros!', repeat: 'SinNumeros!' });
  expect(
    await screen.findByText('La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos.'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText(/^Contraseña/)).toHaveAccessibleDescription(/La contraseña debe tener al menos 8 caracteres/);
  expect(authMock.signUp).toHaveBeenCalledTimes(1);
});

it("refuses a password outside the identity service's length bounds (GET /api/config) before sending it", async () => {
  const limits = loadedRuntimeConfig.limits!;
  const store = createStore();
  store.set(runtimeConfigAtom, { ...loadedRuntimeConfig, limits: { ...limits, identity: { password: { min: 12, max: 64 } } } });
  renderAuthScreen(<RegisterPage />, { path: '/register', auth: signedOut, store });
  await fill({ name: 'Ana', email: 'ana@example.com', password: 'S3creta!x', repeat: 'S3creta!x' });
  expect(screen.getByLabelText(/^Contraseña/)).toHaveAccessibleDescription(/La contraseña debe tener al menos 8 caracteres/);
  expect(authMock.signUp).not.toHaveBeenCalled();
});

it('leaves the password policy to the identity service until the configuration has arrived', async () => {
  authMock.signUp.mockRejectedValue(authError('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'));
  const store = createStore();
  store.set(runtimeConfigAtom, { ...defaultRuntimeConfig });
  renderAuthScreen(<RegisterPage />, { path: '/register', auth: signedOut, store });
  await fill({ name: 'Ana', email: 'ana@example.com', password: 'corta', repeat: 'corta' });
  expect(await screen.findByText(/La contraseña debe tener al menos 8 caracteres/, { selector: '.mantine-InputWrapper-error' })).toBeInTheDocument();
  expect(authMock.signUp).toHaveBeenCalledTimes(1);
});

it('says when the e-mail already has an account', async () => {
  authMock.signUp.mockRejectedValue(authError('UsernameExistsException', 'An account with the given email already exists.'));
  renderRegister();
  await fill({ name: 'Ana', email: 'ana@example.com', password: 'S3creta!x', repeat: 'S3creta!x' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe una cuenta con ese correo.');
});

it('signs in straight away when the pool confirms the account by itself', async () => {
  authMock.signUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
  authMock.autoSignIn.mockImplementation(async () => {
    givenSignedIn();
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  });
  renderRegister();
  await fill({ name: 'Ana', email: 'ana@example.com', password: 'S3creta!x', repeat: 'S3creta!x' });
  expect(await landedAt()).toBe('/chat');
});
