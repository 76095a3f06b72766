import type { SignInOutput } from 'aws-amplify/auth';

// aws-amplify/auth exports the outputs but not these parts of them.
export type NextSignInStep = SignInOutput['nextStep'];
export type MfaType = 'SMS' | 'TOTP' | 'EMAIL';
