import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { authError, authMock, givenIdentityConfigured } from '../testing/amplifyMocks';
import { TwoStepVerification } from './TwoStepVerification';

jest.mock('aws-amplify/auth', () => jest.requireActual('../testing/amplifyMocks').authMock);

const setupDetails = {
  sharedSecret: 'JBSWY3DPEHPK3PXP',
  getSetupUri: (app: string, account?: string) =>
    new URL(`otpauth://totp/${app}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
};

describe('TwoStepVerification', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    givenIdentityConfigured();
  });

  it('enrols an authenticator app: QR code, secret, code, then TOTP preferred', async () => {
    authMock.fetchMFAPreference.mockResolvedValue({ enabled: [] });
    authMock.setUpTOTP.mockResolvedValue(setupDetails);
    authMock.verifyTOTPSetup.mockResolvedValue(undefined);
    authMock.updateMFAPreference.mockResolvedValue(undefined);
    renderWithProviders(<TwoStepVerification />);

    // The first test loads aws-amplify (a chunk of its own), which takes a while on a busy machine.
    fireEvent.click(await screen.findByRole('button', { name: 'Activar con aplicación de autenticación' }, { timeout: 10_000 }));
    expect(await screen.findByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    fireEvent.change(screen.getByRole('textbox'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar y activar' }));

    expect(await screen.findByText('Verificación en dos pasos activada.')).toBeInTheDocument();
    expect(authMock.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(authMock.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(screen.getByText('Activada')).toBeInTheDocument();
  });

  it('shows a wrong code in Spanish and stays on the enrolment', async () => {
    authMock.fetchMFAPreference.mockResolvedValue({ enabled: [] });
    authMock.setUpTOTP.mockResolvedValue(setupDetails);
    authMock.verifyTOTPSetup.mockRejectedValue(authError('CodeMismatchException'));
    renderWithProviders(<TwoStepVerification />);

    fireEvent.click(await screen.findByRole('button', { name: 'Activar con aplicación de autenticación' }));
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar y activar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('El código no es correcto.');
    expect(authMock.updateMFAPreference).not.toHaveBeenCalled();
    expect(screen.getByTestId('totp-secret')).toBeInTheDocument();
  });

  it('turns an enabled second factor off', async () => {
    authMock.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    authMock.updateMFAPreference.mockResolvedValue(undefined);
    renderWithProviders(<TwoStepVerification />);

    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(authMock.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' }));
    expect(await screen.findByText('Verificación en dos pasos desactivada.')).toBeInTheDocument();
  });
});
